// Inside matmul_fused: the exactness rule every instruction set's path
// applies, and the paths themselves (one source file each, built for its
// instruction set whatever the build targets; run only where the host has it).
#pragma once

#include <cstdint>

#include "device/emu/compute/tile_math.h"

namespace zyxtt::emu::compute::fused {

// One operand, over its words doubled (the sign shifted out): the largest,
// the smallest nonzero (0: all zero) and the OR of all.
struct Summary {
  uint32_t max2, min2, bits;
};

// Whether every product of an `a` word and a `b` word is exact in fp32.
bool products_exact(const Summary& a, const Summary& b);

// dst += (a & mask_a) . (b & mask_b) with one fused multiply-add per product,
// in matmul_loop's order and DST writes, after checking products_exact (false,
// dst untouched, when it fails). kBits: the masks alone do not bound the
// significands, so the words' low bits are summarised too. Instantiated for
// both values in each instruction set's file.
template <bool kBits>
bool tile_avx512(const float* a, const float* b, uint32_t mask_a, uint32_t mask_b, float* dst, const Dst16* dst16);
template <bool kBits>
bool tile_avx2(const float* a, const float* b, uint32_t mask_a, uint32_t mask_b, float* dst, const Dst16* dst16);

}  // namespace zyxtt::emu::compute::fused
