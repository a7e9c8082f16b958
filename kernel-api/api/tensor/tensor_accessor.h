// Device-side TensorAccessor for interleaved buffers: page addressing as
// InterleavedAddrGen, built from TensorAccessorArgs by deduction guides.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <array>  // with libstdc++ also std::min / std::max, which kernels use without an include
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <variant>  // the standard headers tt-metal's accessor headers include, so kernels see the same

#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor_args.h"

namespace tensor_accessor {
// The distribution spec of an interleaved buffer: what kernels test through
// TensorAccessor::DSpec to pick their interleaved path at compile time.
template <bool IsDram>
struct InterleavedDistributionSpec {
  static constexpr bool is_interleaved = true;
  static constexpr bool is_dram = IsDram;
  static constexpr bool has_static_rank = false;
  static constexpr bool has_static_num_banks = false;
  static constexpr bool is_static = true;  // nothing about it is read at run time
  static constexpr uint32_t rank_ct = 0;
  static constexpr uint32_t num_banks_ct = 0;
};
}  // namespace tensor_accessor

template <typename DSpecT>
class TensorAccessor;

template <std::size_t CTA_OFFSET, std::size_t CRTA_OFFSET>
class TensorAccessor<TensorAccessorArgs<CTA_OFFSET, CRTA_OFFSET>>
    : public InterleavedAddrGen<TensorAccessorArgs<CTA_OFFSET, CRTA_OFFSET>::is_dram> {
  using Base = InterleavedAddrGen<TensorAccessorArgs<CTA_OFFSET, CRTA_OFFSET>::is_dram>;

 public:
  using ArgsT = TensorAccessorArgs<CTA_OFFSET, CRTA_OFFSET>;
  using DSpec = tensor_accessor::InterleavedDistributionSpec<ArgsT::is_dram>;
  static constexpr bool is_dram = ArgsT::is_dram;
  static constexpr bool is_sharded = false;

  TensorAccessor(const ArgsT& args, uint32_t bank_base_address, uint32_t page_size = ArgsT::AlignedPageSize)
      : Base{bank_base_address, page_size}, args_(args) {}

  using Base::get_noc_addr;
  // As tt-metal: the page size as passed, not re-aligned.
  uint32_t get_aligned_page_size() const { return this->page_size; }
  uint32_t get_bank_base_address() const { return this->bank_base_address; }
  const ArgsT& args() const { return args_; }

 private:
  ArgsT args_;
};

template <std::size_t C, std::size_t R>
TensorAccessor(const TensorAccessorArgs<C, R>&, uint32_t) -> TensorAccessor<TensorAccessorArgs<C, R>>;
template <std::size_t C, std::size_t R>
TensorAccessor(const TensorAccessorArgs<C, R>&, uint32_t, uint32_t) -> TensorAccessor<TensorAccessorArgs<C, R>>;

template <typename DSpecT>
FORCE_INLINE void noc_async_read_shard(uint32_t, const TensorAccessor<DSpecT>&, uint32_t, uint8_t = noc_index) {
  static_assert(sizeof(DSpecT) == 0, "noc_async_read_shard: sharded buffers are not supported by the emulator");
}
