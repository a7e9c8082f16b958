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
#include "api/tensor/pages_address_iterator.h"
#include "api/tensor/shard_pages_address_iterator.h"
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

  // A page's bank and its place there, in pages.
  struct PageMapping {
    size_t bank_id;
    size_t bank_page_offset;
  };

  // The geometry, in pages; dimension 0 is the outermost.
  static constexpr uint32_t rank() { return Args::RankCT; }
  static constexpr uint32_t num_banks() { return Args::NumBanksCT; }
  static constexpr uint32_t tensor_dim(uint32_t d) { return Args::tensor_dim(d); }
  static constexpr uint32_t shard_dim(uint32_t d) { return Args::shard_dim(d); }
  static constexpr uint32_t shard_grid_dim(uint32_t d) { return (tensor_dim(d) + shard_dim(d) - 1) / shard_dim(d); }
  static constexpr uint32_t tensor_volume() {
    uint32_t v = 1;
    for (uint32_t d = 0; d < rank(); ++d) v *= tensor_dim(d);
    return v;
  }
  static constexpr uint32_t shard_volume() {
    uint32_t v = 1;
    for (uint32_t d = 0; d < rank(); ++d) v *= shard_dim(d);
    return v;
  }

  PageMapping get_bank_and_offset(uint32_t id) const {
    uint32_t shard = 0, in_shard = 0, shard_stride = 1, volume = 1;
    for (uint32_t d = rank(); d-- > 0;) {
      const uint32_t c = id % tensor_dim(d);
      id /= tensor_dim(d);
      shard += c / shard_dim(d) * shard_stride;
      in_shard += c % shard_dim(d) * volume;
      shard_stride *= shard_grid_dim(d);
      volume *= shard_dim(d);
    }
    return {shard % num_banks(), shard / num_banks() * volume + in_shard};
  }
  FORCE_INLINE uint64_t get_noc_addr(const PageMapping& m, uint32_t offset = 0, uint8_t noc = noc_index) const {
    const uint32_t word = Args::bank_coords_word(uint32_t(m.bank_id / 2));
    const uint32_t xy = m.bank_id % 2 ? word >> 16 : word & 0xffff;
    return ::get_noc_addr((xy >> 8) & 0xff, xy & 0xff, bank_base_address + uint32_t(m.bank_page_offset) * page_size + offset,
                          noc);
  }
  FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0, uint8_t noc = noc_index) const {
    return get_noc_addr(get_bank_and_offset(id), offset, noc);
  }
  // The address of a shard's first page.
  FORCE_INLINE uint64_t get_shard_noc_addr(uint32_t shard_id, uint32_t offset = 0, uint8_t noc = noc_index) const {
    return get_noc_addr(PageMapping{shard_id % num_banks(), shard_id / num_banks() * shard_volume()}, offset, noc);
  }
};
}  // namespace zyxtt::kernel

namespace tensor_accessor {
// A Metal 2.0 tensor binding as the host's generated ta::<name> names it:
// the binding's TensorAccessorArgs start at positional compile-time arg
// CTA_OFFSET and its base address is the common runtime arg at byte
// ADDR_CRTA_OFFSET (its runtime fields, none here, would follow it).
template <uint32_t CTA_OFFSET, uint32_t ADDR_CRTA_OFFSET>
struct TensorAccessorBindingToken {
  using args_t = TensorAccessorArgs<CTA_OFFSET>;
  static constexpr args_t args{};
  static constexpr uint32_t addr_crta_offset = ADDR_CRTA_OFFSET;  // bytes
};
}  // namespace tensor_accessor

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
  // From a Metal 2.0 binding token (ta::<name>): its args and the address the run gave.
  template <uint32_t C, uint32_t A>
  TensorAccessor(tensor_accessor::TensorAccessorBindingToken<C, A>)
      : TensorAccessor(ArgsT{}, get_common_arg_val<uint32_t>(A / sizeof(uint32_t))) {
    static_assert(A % sizeof(uint32_t) == 0, "TensorAccessorBindingToken: ADDR_CRTA_OFFSET must be 4-byte aligned");
  }

  using Base::get_noc_addr;
  // As tt-metal: the page size as passed, not re-aligned.
  uint32_t get_aligned_page_size() const { return this->page_size; }
  uint32_t get_bank_base_address() const { return this->bank_base_address; }
  const ArgsT& args() const { return args_; }

  // The pages of one shard, from start_page_offset to end_page_offset within
  // it (0: its end); sharded accessors only, as tt-metal's.
  tensor_accessor::ShardPages<TensorAccessor> shard_pages(uint32_t shard_id, uint32_t start_page_offset = 0,
                                                          uint32_t end_page_offset = 0,
                                                          uint8_t noc = noc_index) const {
    if constexpr (is_sharded) {
      return {*this, shard_id, start_page_offset, end_page_offset == 0 ? Base::shard_volume() : end_page_offset, noc};
    } else {
      static_assert(is_sharded, "TensorAccessor::shard_pages is not supported by the interleaved tensor accessor");
      return {*this, shard_id, start_page_offset, end_page_offset, noc};
    }
  }
  // Pages [start_page_id, end_page_id) by id; a sharded accessor knows its
  // volume (end 0: all), an interleaved one must be told the range.
  tensor_accessor::Pages<TensorAccessor> pages(uint32_t start_page_id = 0, uint32_t end_page_id = 0,
                                               uint8_t noc = noc_index) const
    requires(is_sharded)
  {
    return {*this, start_page_id, end_page_id == 0 ? Base::tensor_volume() : end_page_id, 1, noc};
  }
  tensor_accessor::Pages<TensorAccessor> pages(uint32_t start_page_id, uint32_t end_page_id,
                                               uint8_t noc = noc_index) const
    requires(!is_sharded)
  {
    return {*this, start_page_id, end_page_id, 1, noc};
  }

 private:
  ArgsT args_;
};

template <std::size_t C, std::size_t R>
TensorAccessor(const TensorAccessorArgs<C, R>&, uint32_t) -> TensorAccessor<TensorAccessorArgs<C, R>>;
template <std::size_t C, std::size_t R>
TensorAccessor(const TensorAccessorArgs<C, R>&, uint32_t, uint32_t) -> TensorAccessor<TensorAccessorArgs<C, R>>;
template <uint32_t C, uint32_t A>
TensorAccessor(tensor_accessor::TensorAccessorBindingToken<C, A>)
    -> TensorAccessor<TensorAccessorArgs<C, A / sizeof(uint32_t) + 1>>;

template <typename DSpecT>
FORCE_INLINE void noc_async_read_shard(uint32_t, const TensorAccessor<DSpecT>&, uint32_t, uint8_t = noc_index) {
  static_assert(sizeof(DSpecT) == 0, "noc_async_read_shard: sharded buffers are not supported by the emulator");
}
