// Types both sides of the kernel ABI name: the kernel-API headers and the
// emulator. Plain data only; the calls themselves are in krt_abi.h.
#pragma once

#include <cstdint>

namespace zyxtt::krt {

// RISCV_0 (reader), RISCV_1 (writer), the TRISCs (compute).
enum class Role : uint32_t { kReader = 0, kWriter = 1, kCompute = 2 };

// What a device-profiler marker (tools/profiler/kernel_profiler.hpp) records:
// tt-metal's packet types, and the two ends of a summed zone (slot in data).
enum class ProfileMark : uint32_t {
  kZoneStart = 0,
  kZoneEnd = 1,
  kSumStart = 2,
  kSumEnd = 3,
  kData = 4,   // DeviceTimestampedData: 64-bit data
  kEvent = 5,  // DeviceRecordEvent: the event id in data
};

// Bytes of the always-zero L1 region (tt-metal's MEM_ZEROS) at l1_zeros_addr.
inline constexpr uint32_t kL1ZerosBytes = 512;

// DST's layout, as kernel-side ops (cumsum, welford, ema, reshuffle, the
// PRNG) index it directly: a tile is kTileWords words, four 16 x 16 faces
// (top-left, top-right, bottom-left, bottom-right), each row-major.
inline constexpr uint32_t kTileDim = 32, kFaceDim = 16;
inline constexpr uint32_t kFaceWords = kFaceDim * kFaceDim, kTileWords = 4 * kFaceWords;
// The word of element (row, col) inside its tile.
inline constexpr uint32_t dst_word(uint32_t row, uint32_t col) {
  return ((row / kFaceDim) * 2 + col / kFaceDim) * kFaceWords + (row % kFaceDim) * kFaceDim + col % kFaceDim;
}

// The calling core's DST as SFPI code sees it (sfpu_dst_open): `tiles`
// consecutive tiles of kTileWords fp32 words in face layout from `base`.
struct SfpuDstView {
  float* base;
  uint32_t tiles;
  // What DST's words hold, by the CB of the last unpack init (silicon's DST
  // format register), as a tt::DataFormat code: Int32 for two's-complement
  // integers (Int32 CBs, Int8 ones by default), UInt32 for unsigned ones
  // (UInt32, UInt16, UInt8), Int8 for sign-magnitude integers (Int8 CBs
  // under the sign-magnitude DST model), Float32 for every float format.
  uint32_t data_format;
};

// The calling core's SFPU local registers (sfpu_lregs): LREG n, lane L is
// word n * kSfpuLanes + L. Stateful ops keep there what silicon keeps in
// LREGs between calls (welford's running mean and M2, quant's zero point,
// the PRNG of rand and dropout; rows 14 and 15: the compute sentinel, which
// silicon keeps in TRISC memory); the rest of the block is free for such
// state. Zero when a program starts.
inline constexpr uint32_t kSfpuLanes = 32;
inline constexpr uint32_t kSfpuLregWords = 16 * kSfpuLanes;

}  // namespace zyxtt::krt
