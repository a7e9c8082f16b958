// Welford's online mean and variance on the SFPU. The 32 columns of a DST
// tile are 32 independent streams; each row of the tile is one new sample of
// every stream. The running mean and M2 (sum of squared deviations) stay in
// LREG4 / LREG5 between calls (krt sfpu_lregs), lane L holding column
// 16 * (L / 16) + 2 * (L % 8) + (L / 8) % 2, as silicon's transposing load
// leaves them. Per sample, with r = 1 / (n + 1) (n: samples before it, from
// reciprocal_lut[n] as fp32 bits or 1.0f / (n + 1) when the LUT is empty):
//   mean' = (x - mean) * r + mean;  M2' = (x - mean) * (x - mean') + M2
// each step one fp32 multiply-add (SFPMAD). Finalizing multiplies M2 by the
// reciprocal of index scale_idx. "Row" results: mean in row 0 of tile
// mean_dst_idx, variance in row 0 of the next tile (rows 1-3 zeroed). "Raw"
// (saved state, finalize_to_face): one SFPSTORE of the register, lane L at row
// 4 * group + L / 8, column 2 * (L % 8) of face 0 (even columns only).
// welford_reinit only reprograms unpack and math for the next op, which has
// no effect on results here.
#pragma once

#include <array>
#include "zyxtt/cmath.h"  // <cmath> without the POSIX M_* macros
#include <cstddef>
#include <optional>

#include "api/compute/common_globals.h"
#include "api/compute/sentinel/compute_kernel_sentinel.h"
#include "api/debug/assert.h"

namespace zyxtt::kernel::welford {

inline constexpr uint32_t kMeanLreg = 4, kM2Lreg = 5;
using krt::kTileWords;

inline uint32_t column_of_lane(uint32_t lane) { return 16 * (lane / 16) + 2 * (lane % 8) + (lane / 8) % 2; }
inline uint32_t raw_word(uint32_t group, uint32_t lane) { return (4 * group + lane / 8) * krt::kFaceDim + 2 * (lane % 8); }
inline float u2f(uint32_t u) { return __builtin_bit_cast(float, u); }
inline uint32_t f2u(float f) { return __builtin_bit_cast(uint32_t, f); }
inline float* lreg(uint32_t n) { return reinterpret_cast<float*>(krt::sfpu_lregs() + n * krt::kSfpuLanes); }

template <std::size_t N>
inline float reciprocal(uint32_t idx, const std::array<uint32_t, N>& lut) {
  if constexpr (N > 0) {
    if (idx >= N) krt::fail("welford: reciprocal_lut index past the table");
    return u2f(lut[idx]);
  }
  return 1.0f / static_cast<float>(idx + 1);
}

// The DST tiles from `first` (count of them) for SFPU work; narrowed on close.
class Dst {
 public:
  Dst(uint32_t first, uint32_t count) {
    krt::SfpuDstView view;
    krt::sfpu_dst_open(&view);
    if (first + count > view.tiles) krt::fail("welford: DST tile index past the tiles in force");
    base_ = view.base + first * kTileWords;
  }
  ~Dst() { krt::sfpu_dst_close(); }
  Dst(const Dst&) = delete;
  Dst& operator=(const Dst&) = delete;
  float* tile(uint32_t i) const { return base_ + i * kTileWords; }

 private:
  float* base_;
};

inline void clear() {
  for (uint32_t n : {kMeanLreg, kM2Lreg})
    for (uint32_t l = 0; l < krt::kSfpuLanes; ++l) lreg(n)[l] = 0.0f;
}

template <std::size_t N>
inline void update(uint32_t input, uint32_t idx, uint32_t start_row, uint32_t num_rows,
                   const std::array<uint32_t, N>& lut) {
  if (start_row + num_rows > 32) krt::fail("welford_update_rows: start_row + num_rows past the tile's 32 rows");
  Dst dst(input, 1);
  float* mean = lreg(kMeanLreg);
  float* m2 = lreg(kM2Lreg);
  for (uint32_t row = start_row; row < start_row + num_rows; ++row, ++idx) {
    const float r = reciprocal(idx, lut);
    for (uint32_t l = 0; l < krt::kSfpuLanes; ++l) {
      const float x = dst.tile(0)[krt::dst_word(row, column_of_lane(l))];
      const float next = std::fma(x - mean[l], r, mean[l]);
      m2[l] = std::fma(x - mean[l], x - next, m2[l]);
      mean[l] = next;
    }
  }
}

inline void save(uint32_t mean_dst, uint32_t group) {
  Dst dst(mean_dst, 2);
  for (uint32_t l = 0; l < krt::kSfpuLanes; ++l) {
    dst.tile(0)[raw_word(group, l)] = lreg(kMeanLreg)[l];
    dst.tile(1)[raw_word(group, l)] = lreg(kM2Lreg)[l];
  }
}

inline void restore(uint32_t mean_dst, uint32_t group) {
  Dst dst(mean_dst, 2);
  for (uint32_t l = 0; l < krt::kSfpuLanes; ++l) {
    lreg(kMeanLreg)[l] = dst.tile(0)[raw_word(group, l)];
    lreg(kM2Lreg)[l] = dst.tile(1)[raw_word(group, l)];
  }
}

template <std::size_t N>
inline void finalize_row(uint32_t mean_dst, uint32_t scale_idx, const std::array<uint32_t, N>& lut) {
  const float r = reciprocal(scale_idx, lut);
  Dst dst(mean_dst, 2);
  float* mean = lreg(kMeanLreg);
  float* m2 = lreg(kM2Lreg);
  for (uint32_t t = 0; t < 2; ++t)
    for (uint32_t row = 0; row < 4; ++row)
      for (uint32_t col = 0; col < 32; ++col) dst.tile(t)[krt::dst_word(row, col)] = 0.0f;
  for (uint32_t l = 0; l < krt::kSfpuLanes; ++l) {
    const float var = m2[l] * r;
    dst.tile(0)[krt::dst_word(0, column_of_lane(l))] = mean[l];
    dst.tile(1)[krt::dst_word(0, column_of_lane(l))] = var;
    mean[l] = var;  // the registers hold what silicon leaves in them
    m2[l] = 0.0f;
  }
}

template <std::size_t N>
inline void finalize_raw(uint32_t mean_dst, uint32_t group, uint32_t scale_idx, const std::array<uint32_t, N>& lut) {
  const float r = reciprocal(scale_idx, lut);
  float* m2 = lreg(kM2Lreg);
  for (uint32_t l = 0; l < krt::kSfpuLanes; ++l) m2[l] = m2[l] * r;
  save(mean_dst, group);
}

}  // namespace zyxtt::kernel::welford

namespace ckernel {

enum class WelfordInitMode : uint8_t { ClearStats, PreserveStats };

template <WelfordInitMode mode = WelfordInitMode::ClearStats>
ALWI void welford_init() {
  if constexpr (mode == WelfordInitMode::ClearStats) ::zyxtt::kernel::welford::clear();
}
ALWI void welford_reinit(uint32_t cbid, uint32_t call_line = __builtin_LINE()) { state_configure(cbid, call_line); }
ALWI void welford_clear() { ::zyxtt::kernel::welford::clear(); }

template <uint32_t reciprocal_size>
ALWI void welford_update(uint32_t input_dst_idx, uint32_t start_idx,
                         const std::array<uint32_t, reciprocal_size>& reciprocal_lut) {
  ::zyxtt::kernel::welford::update(input_dst_idx, start_idx, 0, 32, reciprocal_lut);
}
template <uint32_t reciprocal_size>
ALWI void welford_update_rows(uint32_t input_dst_idx, uint32_t start_idx, uint32_t start_row, uint32_t num_rows,
                              const std::array<uint32_t, reciprocal_size>& reciprocal_lut) {
  ::zyxtt::kernel::welford::update(input_dst_idx, start_idx, start_row, num_rows, reciprocal_lut);
}
ALWI void welford_save_state(uint32_t mean_dst_idx) { ::zyxtt::kernel::welford::save(mean_dst_idx, 0); }
ALWI void welford_restore_state(uint32_t mean_dst_idx) { ::zyxtt::kernel::welford::restore(mean_dst_idx, 0); }
ALWI void welford_save_state(uint32_t mean_dst_idx, uint32_t group_id) {
  ::zyxtt::kernel::welford::save(mean_dst_idx, group_id);
}
ALWI void welford_restore_state(uint32_t mean_dst_idx, uint32_t group_id) {
  ::zyxtt::kernel::welford::restore(mean_dst_idx, group_id);
}
template <std::size_t reciprocal_size>
ALWI void welford_finalize_to_row(uint32_t mean_dst_idx, uint32_t scale_idx,
                                  const std::array<uint32_t, reciprocal_size>& reciprocal_lut) {
  ::zyxtt::kernel::welford::finalize_row(mean_dst_idx, scale_idx, reciprocal_lut);
}
template <std::size_t reciprocal_size>
ALWI void welford_finalize_to_face(uint32_t mean_dst_idx, uint32_t scale_idx,
                                   const std::array<uint32_t, reciprocal_size>& reciprocal_lut) {
  ::zyxtt::kernel::welford::finalize_raw(mean_dst_idx, 0, scale_idx, reciprocal_lut);
}
template <std::size_t reciprocal_size>
ALWI void welford_finalize_to_face(uint32_t mean_dst_idx, uint32_t group_id, uint32_t scale_idx,
                                   const std::array<uint32_t, reciprocal_size>& reciprocal_lut) {
  ::zyxtt::kernel::welford::finalize_raw(mean_dst_idx, group_id, scale_idx, reciprocal_lut);
}

}  // namespace ckernel
