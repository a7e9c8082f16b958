// CoreLocalMem<T>: a typed view of this core's L1 at an address (tt-metal's
// api/core_local_mem.h). Emulated L1 lives below 4 GiB, so an L1 address is a
// host pointer; data-movement kernels may pass one to class Noc as a local endpoint.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "zyxtt/kernel_base.h"
#if !defined(COMPILE_FOR_TRISC)
#include "api/dataflow/noc.h"
#endif

template <typename T, typename AddressType = uintptr_t>
class CoreLocalMem {
  static_assert(std::is_integral_v<AddressType> && std::is_unsigned_v<AddressType>,
                "CoreLocalMem: the address type must be an unsigned integer");

 public:
  using difference_type = std::ptrdiff_t;

  template <typename I>
    requires std::is_integral_v<I>
  CoreLocalMem(I address) : address_(AddressType(address)) {}
  CoreLocalMem(T* ptr) : address_(AddressType(reinterpret_cast<uintptr_t>(ptr))) {}

  T* get_unsafe_ptr() const { return reinterpret_cast<T*>(uintptr_t(address_)); }
  AddressType get_address() const { return address_; }

  T& operator[](uint32_t index) const { return get_unsafe_ptr()[index]; }
  T& operator*() const { return *get_unsafe_ptr(); }
  T* operator->() const { return get_unsafe_ptr(); }

  CoreLocalMem& operator+=(difference_type n) {
    address_ += AddressType(n * difference_type(sizeof(T)));
    return *this;
  }
  CoreLocalMem& operator-=(difference_type n) { return *this += -n; }
  CoreLocalMem& operator++() { return *this += 1; }
  CoreLocalMem& operator--() { return *this -= 1; }
  CoreLocalMem operator++(int) {
    CoreLocalMem old = *this;
    *this += 1;
    return old;
  }
  CoreLocalMem operator--(int) {
    CoreLocalMem old = *this;
    *this -= 1;
    return old;
  }
  CoreLocalMem operator+(difference_type n) const { return CoreLocalMem(*this) += n; }
  CoreLocalMem operator-(difference_type n) const { return CoreLocalMem(*this) -= n; }
  difference_type operator-(const CoreLocalMem& o) const {
    return (difference_type(address_) - difference_type(o.address_)) / difference_type(sizeof(T));
  }

  auto operator<=>(const CoreLocalMem& o) const = default;
  explicit operator bool() const { return address_ != 0; }

 private:
  AddressType address_;
};

#if !defined(COMPILE_FOR_TRISC)
// A CoreLocalMem is a local-L1 endpoint only: source of writes, destination of reads.
template <typename T, typename A>
struct noc_traits_t<CoreLocalMem<T, A>> {
  struct src_args_type {
    A offset_bytes = 0;
  };
  struct dst_args_type {
    A offset_bytes = 0;
  };
  struct dst_args_mcast_type {};
  template <Noc::AddressType K>
  static auto src_addr(const CoreLocalMem<T, A>& m, const Noc&, const src_args_type& a) {
    static_assert(K == Noc::AddressType::LOCAL_L1, "CoreLocalMem is a local L1 source only");
    return m.get_address() + a.offset_bytes;
  }
  template <Noc::AddressType K>
  static auto dst_addr(const CoreLocalMem<T, A>& m, const Noc&, const dst_args_type& a) {
    static_assert(K == Noc::AddressType::LOCAL_L1, "CoreLocalMem is a local L1 destination only");
    return m.get_address() + a.offset_bytes;
  }
};
#endif
