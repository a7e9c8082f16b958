// Device-side TensorAccessor: page addressing as InterleavedAddrGen for
// interleaved buffers, through the shard grid for sharded ones, built from
// TensorAccessorArgs by deduction guides.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <array>  // with libstdc++ also std::min / std::max, which kernels use without an include
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <variant>  // the standard headers tt-metal's accessor headers include, so kernels see the same

#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor_args.h"

namespace tensor_accessor {
// The distribution spec: what kernels test through TensorAccessor::DSpec to
// pick their interleaved or sharded path at compile time.
template <bool IsDram, bool IsInterleaved>
struct DistributionSpec {
  static constexpr bool is_interleaved = IsInterleaved;
  static constexpr bool is_dram = IsDram;
  static constexpr bool has_static_rank = false;
  static constexpr bool has_static_num_banks = false;
  static constexpr bool is_static = true;  // nothing about it is read at run time
  static constexpr uint32_t rank_ct = 0;
  static constexpr uint32_t num_banks_ct = 0;
};
}  // namespace tensor_accessor

namespace zyxtt::kernel {
// Page id -> its coordinate in the tensor (row-major over the page shape) ->
// shard (row-major over the shard grid) and place in the shard; shard s is
// on bank s % banks at (s / banks) * shard volume + place, in pages.
template <typename Args>
struct ShardedPages {
  uint32_t bank_base_address;
  uint32_t page_size;  // a page's stride in a bank

  FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0, uint8_t noc = noc_index) const {
    uint32_t shard = 0, in_shard = 0, shard_stride = 1, volume = 1;
    for (uint32_t d = Args::RankCT; d-- > 0;) {
      const uint32_t dim = Args::tensor_dim(d), sdim = Args::shard_dim(d);
      const uint32_t c = id % dim;
      id /= dim;
      shard += c / sdim * shard_stride;
      in_shard += c % sdim * volume;
      shard_stride *= (dim + sdim - 1) / sdim;
      volume *= sdim;
    }
    const uint32_t bank = shard % Args::NumBanksCT;
    const uint32_t word = Args::bank_coords_word(bank / 2);
    const uint32_t xy = bank % 2 ? word >> 16 : word & 0xffff;
    const uint32_t page = shard / Args::NumBanksCT * volume + in_shard;
    return ::get_noc_addr((xy >> 8) & 0xff, xy & 0xff, bank_base_address + page * page_size + offset, noc);
  }
};
}  // namespace zyxtt::kernel

template <typename DSpecT>
class TensorAccessor;

template <std::size_t CTA_OFFSET, std::size_t CRTA_OFFSET>
class TensorAccessor<TensorAccessorArgs<CTA_OFFSET, CRTA_OFFSET>>
    : public std::conditional_t<TensorAccessorArgs<CTA_OFFSET, CRTA_OFFSET>::is_sharded,
                                zyxtt::kernel::ShardedPages<TensorAccessorArgs<CTA_OFFSET, CRTA_OFFSET>>,
                                InterleavedAddrGen<TensorAccessorArgs<CTA_OFFSET, CRTA_OFFSET>::is_dram>> {
  using Base = std::conditional_t<TensorAccessorArgs<CTA_OFFSET, CRTA_OFFSET>::is_sharded,
                                  zyxtt::kernel::ShardedPages<TensorAccessorArgs<CTA_OFFSET, CRTA_OFFSET>>,
                                  InterleavedAddrGen<TensorAccessorArgs<CTA_OFFSET, CRTA_OFFSET>::is_dram>>;

 public:
  using ArgsT = TensorAccessorArgs<CTA_OFFSET, CRTA_OFFSET>;
  using DSpec = tensor_accessor::DistributionSpec<ArgsT::is_dram, !ArgsT::is_sharded>;
  static constexpr bool is_dram = ArgsT::is_dram;
  static constexpr bool is_sharded = ArgsT::is_sharded;

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
