// How class Noc resolves a TensorAccessor endpoint: {page_id, offset_bytes}.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "api/dataflow/noc.h"
#include "api/tensor/tensor_accessor.h"

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
