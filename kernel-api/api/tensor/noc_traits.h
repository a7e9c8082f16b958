// How class Noc resolves a TensorAccessor endpoint ({page_id, offset_bytes})
// and a Page the page iterators yield ({offset_bytes} into it).
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "api/dataflow/noc.h"
#include "api/tensor/page.h"
#include "api/tensor/tensor_accessor.h"
#include "zyxtt/noc_addr.h"

template <typename DSpecT>
struct noc_traits_t<TensorAccessor<DSpecT>> {
  struct src_args_type {
    uint32_t page_id{};
    uint32_t offset_bytes = 0;
  };
  using dst_args_type = src_args_type;

  template <Noc::AddressType A>
  static FORCE_INLINE uint64_t src_addr(const TensorAccessor<DSpecT>& acc, const Noc& noc, const src_args_type& a) {
    static_assert(A == Noc::AddressType::NOC, "a TensorAccessor page is only addressable through the NOC here");
    return acc.get_noc_addr(a.page_id, a.offset_bytes, noc.get_noc_id());
  }
  template <Noc::AddressType A>
  static FORCE_INLINE uint64_t dst_addr(const TensorAccessor<DSpecT>& acc, const Noc& noc, const dst_args_type& a) {
    static_assert(A == Noc::AddressType::NOC, "a TensorAccessor page is only addressable through the NOC here");
    return acc.get_noc_addr(a.page_id, a.offset_bytes, noc.get_noc_id());
  }
};

// A page as local L1 is its address's local part: meant for a page on this
// core (tt-metal asserts that on a card).
template <>
struct noc_traits_t<tensor_accessor::Page> {
  struct src_args_type {
    uint32_t offset_bytes = 0;
  };
  struct dst_args_type {
    uint32_t offset_bytes = 0;
  };
  template <Noc::AddressType A>
  static FORCE_INLINE auto src_addr(const tensor_accessor::Page& p, const Noc&, const src_args_type& a) {
    return at<A>(p.noc_addr() + a.offset_bytes);
  }
  template <Noc::AddressType A>
  static FORCE_INLINE auto dst_addr(const tensor_accessor::Page& p, const Noc&, const dst_args_type& a) {
    return at<A>(p.noc_addr() + a.offset_bytes);
  }

 private:
  template <Noc::AddressType A>
  static FORCE_INLINE auto at(uint64_t noc_addr) {
    if constexpr (A == Noc::AddressType::LOCAL_L1) {
      return uint32_t(noc_addr & zyxtt::noc::kLocalMask);
    } else {
      return noc_addr;
    }
  }
};
