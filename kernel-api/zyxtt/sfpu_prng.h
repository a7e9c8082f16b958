// The SFPU PRNG behind rand_tile, dropout_tile and stochastic_round_tile,
// seeded by init_prng_seed (rand_tile_init and dropout_kernel_init call it,
// as on tt-metal, where it is one seed register): one xorshift32 state per
// lane, per core, in the free LREG block rows (krt sfpu_lregs, row 8), so a
// seed gives the same sequence every run, and each core its own (the seed is
// mixed with the core's logical coordinates, as tt-metal's rand_init mixes in
// its coordinates). Lane L of vector k draws for DST element row
// 4 (k / 2) + L / 8, column 2 (L % 8) + k % 2 (faces stacked), one step per
// element. Silicon's hardware PRNG is another generator: sequences differ,
// the distributions are what both promise.
#pragma once

#include <cstdint>

#include "zyxtt/krt.h"

namespace zyxtt::kernel::prng {

inline constexpr uint32_t kStateRow = 8;

inline uint32_t* state() { return krt::sfpu_lregs() + kStateRow * krt::kSfpuLanes; }

inline uint32_t mix(uint32_t x) {  // splitmix32's finalizer
  x += 0x9e3779b9u;
  x = (x ^ (x >> 16)) * 0x85ebca6bu;
  x = (x ^ (x >> 13)) * 0xc2b2ae35u;
  return x ^ (x >> 16);
}

inline void seed(uint32_t seed) {
  const uint32_t core = (krt::logical_y() << 16) ^ krt::logical_x();
  for (uint32_t l = 0; l < krt::kSfpuLanes; ++l) {
    const uint32_t s = mix(mix(seed) ^ mix(core * 0x632be5abu + l));
    state()[l] = s ? s : 0x12345678u;  // xorshift's one fixed point is 0
  }
}

inline uint32_t next(uint32_t lane) {
  uint32_t x = state()[lane];
  if (x == 0) x = 0x12345678u;  // never seeded
  x ^= x << 13, x ^= x >> 17, x ^= x << 5;
  return state()[lane] = x;
}

// f(word, random) over every element of DST tile idst in the lane order above.
template <class F>
inline void for_each_element(uint32_t idst, F f) {
  krt::SfpuDstView view;
  krt::sfpu_dst_open(&view);
  if (idst >= view.tiles) krt::fail("rand / dropout / stochastic round: DST tile index past the tiles in force");
  float* t = view.base + idst * krt::kTileWords;
  for (uint32_t k = 0; k < 32; ++k)
    for (uint32_t l = 0; l < krt::kSfpuLanes; ++l) f(t[(4 * (k / 2) + l / 8) * krt::kFaceDim + 2 * (l % 8) + k % 2], next(l));
  krt::sfpu_dst_close();
}

}  // namespace zyxtt::kernel::prng

namespace ckernel {
inline void init_prng_seed(const uint32_t seed) { ::zyxtt::kernel::prng::seed(seed); }
}  // namespace ckernel
