// Device-side TensorAccessorArgs: the buffer's static description, read from
// compile-time args at CTA_OFFSET. Interleaved buffers take exactly two words:
// [ArgsConfig bits, aligned page size]; sharded ones then rank, number of
// banks, the tensor's shape and a shard's shape in pages (outermost first),
// and the banks' NOC coordinates two per word ((x2<<24)|(y2<<16)|(x1<<8)|y1).
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstddef>
#include <cstdint>

#include "zyxtt/kernel_base.h"

namespace tensor_accessor {
inline constexpr std::size_t UNKNOWN = static_cast<std::size_t>(-1);

enum class ArgConfig : uint32_t {
  None = 0,
  Sharded = 1u << 0,
  IsDram = 1u << 1,
  RuntimeRank = 1u << 2,
  RuntimeNumBanks = 1u << 3,
  RuntimeTensorShape = 1u << 4,
  RuntimeShardShape = 1u << 5,
  RuntimeBankCoords = 1u << 6,
  RuntimePageSize = 1u << 7,
};
}  // namespace tensor_accessor

template <std::size_t CTA_OFFSET, std::size_t CRTA_OFFSET = tensor_accessor::UNKNOWN>
struct TensorAccessorArgs {
  static constexpr uint32_t config = ::zyxtt::kernel::compile_time_arg<CTA_OFFSET>();
  static constexpr bool is_sharded = (config & uint32_t(tensor_accessor::ArgConfig::Sharded)) != 0;
  static constexpr bool is_dram = (config & uint32_t(tensor_accessor::ArgConfig::IsDram)) != 0;
  static_assert((config & ~(uint32_t(tensor_accessor::ArgConfig::Sharded) | uint32_t(tensor_accessor::ArgConfig::IsDram))) == 0,
                "TensorAccessorArgs: runtime fields are not supported by the zyx-tt emulator");
  static constexpr uint32_t AlignedPageSize = ::zyxtt::kernel::compile_time_arg<CTA_OFFSET + 1>();
  // Read only when sharded: an interleaved accessor may end the args.
  static constexpr uint32_t RankCT = is_sharded ? ::zyxtt::kernel::CompileTimeArgs<CTA_OFFSET>::values[CTA_OFFSET + 3] : 1;
  static constexpr uint32_t NumBanksCT = is_sharded ? ::zyxtt::kernel::CompileTimeArgs<CTA_OFFSET>::values[CTA_OFFSET + 4] : 0;

  constexpr TensorAccessorArgs() = default;
  constexpr explicit TensorAccessorArgs(uint32_t crta_offset) : crta_offset_(crta_offset) {}

  static constexpr uint32_t num_compile_time_args() { return is_sharded ? 4 + 2 * RankCT + (NumBanksCT + 1) / 2 : 2; }
  static constexpr uint32_t next_compile_time_args_offset() { return CTA_OFFSET + num_compile_time_args(); }
  // Sharded only: dimension d (0 outermost) of the tensor and of a shard, in
  // pages, and word w of the packed bank coordinates.
  static constexpr uint32_t tensor_dim(uint32_t d) { return word(4 + d); }
  static constexpr uint32_t shard_dim(uint32_t d) { return word(4 + RankCT + d); }
  static constexpr uint32_t bank_coords_word(uint32_t w) { return word(4 + 2 * RankCT + w); }
  static constexpr uint32_t get_aligned_page_size() { return AlignedPageSize; }
  static constexpr uint32_t get_rank() { return RankCT; }
  constexpr uint32_t crta_offset() const {
    return CRTA_OFFSET == tensor_accessor::UNKNOWN ? crta_offset_ : uint32_t(CRTA_OFFSET);
  }
  constexpr uint32_t num_common_runtime_args() const { return 0; }
  constexpr uint32_t next_common_runtime_args_offset() const { return crta_offset(); }
  uint32_t get_num_banks() const {
    if constexpr (is_sharded) return NumBanksCT;
    return is_dram ? ::zyxtt::krt::dram_banks() : ::zyxtt::krt::l1_banks();
  }

 private:
  static constexpr uint32_t word(uint32_t i) { return ::zyxtt::kernel::CompileTimeArgs<CTA_OFFSET>::values[CTA_OFFSET + i + 1]; }
  uint32_t crta_offset_ = 0;
};
