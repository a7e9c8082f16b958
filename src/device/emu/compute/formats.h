// Tile data formats as the unpacker and packer see them: CB bytes <-> the
// 1024 fp32 (or raw 32-bit integer) words of a DST tile. Element k of the CB
// tile maps to element k of DST (layout preserving), except BFP formats,
// whose per-row shared exponents are decoded here.
#pragma once

#include <cstdint>
#include <cstring>

#include "device/emu/core_state.h"

namespace zyxtt::emu::compute {

inline constexpr uint32_t kTileElems = 1024;
using Rounding = ComputeState::Rounding;

inline uint32_t f2u(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float u2f(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// SrcA/SrcB hold TF32 (1+8+10): drop the low 13 mantissa bits, keeping NaN a NaN.
inline float tf32_truncate(float f) {
  uint32_t u = f2u(f);
  uint32_t t = u & 0xFFFFE000u;
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) t |= 0x00400000u;
  return u2f(t);
}

uint16_t f32_to_bf16(float f, Rounding r);
inline float bf16_to_f32(uint16_t h) { return u2f(uint32_t(h) << 16); }
// IEEE binary16: gradual underflow (unless flush), overflow to inf when
// rounding to nearest, to 65504 when truncating; NaN stays a quiet NaN.
uint16_t f32_to_f16(float f, Rounding r, bool flush_subnormals);
float f16_to_f32(uint16_t h);

// Bytes of one 32x32 tile in `format`, 0 when this emulator cannot convert it.
uint32_t tile_bytes(uint32_t format);
const char* format_name(uint32_t format);

using Int8Dst = ComputeState::Int8Dst;

// Encodings silicon may do either way (see ComputeState); the unpack and the
// pack of one tile must use the same, or bytes do not round-trip.
struct L1Encoding {
  bool bfp4_high_nibble_first = false;
  Int8Dst int8_dst = Int8Dst::kTwosComplement;
};

struct PackOptions {
  Rounding rounding = Rounding::kNearestEven;
  bool fp16_flush_subnormals = false;
  L1Encoding encoding{};
};

// CB tile -> DST words. Integer formats land as raw / zero-extended integers.
// `tf32`: fp32 data passes through SrcA (see ComputeState::unpack_fp32_as_tf32).
bool unpack_tile(uint32_t format, const uint8_t* src, float* dst, bool tf32, const L1Encoding& enc = {});
// DST words -> CB tile.
bool pack_tile(uint32_t format, const float* src, uint8_t* dst, const PackOptions& opt);

// 16-bit DST (fp32_dest_acc off): DST keeps only bf16 or fp16 precision.
// `dst_format` is Float16 (fp16) or anything else (bf16).
float to_dst16(float v, uint32_t dst_format, Rounding r);
void narrow_to_dst16(float* tile, uint32_t dst_format, Rounding r);

}  // namespace zyxtt::emu::compute
