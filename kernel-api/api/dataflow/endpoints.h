// NOC endpoints of Metal 2.0's class Noc (tt-metal's api/dataflow/endpoints.h):
// a core's L1 by coordinates, a multicast rectangle, and an allocator bank by id.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"

struct UnicastEndpoint {
  uint64_t get_noc_unicast_addr(uint32_t noc_x, uint32_t noc_y, uint32_t addr, uint8_t noc) const {
    return ::get_noc_addr(noc_x, noc_y, addr, noc);
  }
};

struct MulticastEndpoint {
  uint64_t get_noc_multicast_addr(uint32_t noc_x_start, uint32_t noc_y_start, uint32_t noc_x_end,
                                  uint32_t noc_y_end, uint32_t addr, uint8_t noc) const {
    return ::get_noc_multicast_addr(noc_x_start, noc_y_start, noc_x_end, noc_y_end, addr, noc);
  }
};

enum class AllocatorBankType { L1, DRAM };

template <AllocatorBankType bank_type>
struct AllocatorBank {
  uint64_t get_noc_addr_from_bank_id(uint32_t bank_id, uint32_t addr, uint8_t noc) const {
    return ::get_noc_addr_from_bank_id<bank_type == AllocatorBankType::DRAM>(bank_id, addr, noc);
  }
};

// {noc_x, noc_y, addr}: the address itself when it is the local side.
template <>
struct noc_traits_t<UnicastEndpoint> {
  struct src_args_type {
    uint32_t noc_x{};
    uint32_t noc_y{};
    uint32_t addr{};
  };
  using dst_args_type = src_args_type;
  struct dst_args_mcast_type {};
  template <Noc::AddressType A>
  static uint64_t src_addr(const UnicastEndpoint& e, const Noc& noc, const src_args_type& a) {
    if constexpr (A == Noc::AddressType::LOCAL_L1) return a.addr;
    return e.get_noc_unicast_addr(a.noc_x, a.noc_y, a.addr, noc.get_noc_id());
  }
  template <Noc::AddressType A>
  static uint64_t dst_addr(const UnicastEndpoint& e, const Noc& noc, const dst_args_type& a) {
    return src_addr<A>(e, noc, a);
  }
};

template <>
struct noc_traits_t<MulticastEndpoint> {
  struct src_args_type {};
  struct dst_args_type {};
  struct dst_args_mcast_type {
    uint32_t noc_x_start{};
    uint32_t noc_y_start{};
    uint32_t noc_x_end{};
    uint32_t noc_y_end{};
    uint32_t addr{};
  };
  template <Noc::AddressType A>
  static uint64_t dst_addr_mcast(const MulticastEndpoint& e, const Noc& noc, const dst_args_mcast_type& a) {
    static_assert(A == Noc::AddressType::NOC, "a multicast destination is a NOC address");
    return e.get_noc_multicast_addr(a.noc_x_start, a.noc_y_start, a.noc_x_end, a.noc_y_end, a.addr,
                                    noc.get_noc_id());
  }
};

template <AllocatorBankType bank_type>
struct noc_traits_t<AllocatorBank<bank_type>> {
  struct src_args_type {
    uint32_t bank_id{};
    uint32_t addr{};
  };
  using dst_args_type = src_args_type;
  struct dst_args_mcast_type {};
  template <Noc::AddressType A>
  static uint64_t src_addr(const AllocatorBank<bank_type>& b, const Noc& noc, const src_args_type& a) {
    static_assert(A == Noc::AddressType::NOC, "an allocator bank is addressed through the NOC");
    return b.get_noc_addr_from_bank_id(a.bank_id, a.addr, noc.get_noc_id());
  }
  template <Noc::AddressType A>
  static uint64_t dst_addr(const AllocatorBank<bank_type>& b, const Noc& noc, const dst_args_type& a) {
    return src_addr<A>(b, noc, a);
  }
};
