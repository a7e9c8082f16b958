#include "device/emu/compute/formats.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "device/emu/dataflow/block_copy.h"
#include "zyxtt/data_format.h"
#include "zyxtt/format_facts.h"

namespace zyxtt::emu::compute {
namespace {

using tt::DataFormat;
constexpr uint32_t fmt(DataFormat f) { return static_cast<uint32_t>(f); }

// Rounds away the low `shift` bits of `mag` (shift >= 1) per `r`.
inline uint64_t round_shift(uint64_t mag, uint32_t shift, Rounding r) {
  if (shift >= 64) return 0;
  uint64_t q = mag >> shift;
  uint64_t rem = mag & ((uint64_t(1) << shift) - 1);
  uint64_t half = uint64_t(1) << (shift - 1);
  switch (r) {
    case Rounding::kNearestEven:
      if (rem > half || (rem == half && (q & 1))) ++q;
      break;
    case Rounding::kHalfAwayFromZero:
      if (rem >= half) ++q;
      break;
    case Rounding::kTruncate:
      break;
  }
  return q;
}

// ---- BFP *_b: 64 shared exponents (one per 16-element face row), then the
// element codes: sign + `mbits`-bit mantissa with explicit leading one, one
// byte each (Bfp8_b, mbits 7) or one nibble each (Bfp4_b, mbits 3). tt-metal's
// host packer (blockfloat_common.cpp) writes this layout with element 0 in the
// low bits of each word, the default here; `high_first` keeps the other nibble
// order, which silicon's packer is not confirmed against.
inline uint32_t nibble_shift(uint32_t i, bool high_first) { return ((i & 1) ^ uint32_t(high_first)) * 4; }

template <uint32_t mbits>
inline uint32_t bfp_code(const uint8_t* codes, uint32_t i, bool high_first) {
  if constexpr (mbits == 7) return codes[i];
  else return (codes[i >> 1] >> nibble_shift(i, high_first)) & 0xF;
}

template <uint32_t mbits>
void unpack_bfp(const uint8_t* src, float* dst, bool high_first) {
  const uint8_t* codes = src + 64;
  constexpr uint32_t sign_bit = 1u << mbits, mmask = sign_bit - 1;
  for (uint32_t row = 0; row < 64; ++row) {
    const int e = src[row];
    for (uint32_t j = 0; j < 16; ++j) {
      const uint32_t b = bfp_code<mbits>(codes, row * 16 + j, high_first);
      const uint32_t m = b & mmask;
      // value = m / 2^(mbits-1) * 2^(e - 127)
      float v = m == 0 ? 0.0f : __builtin_ldexpf(float(m), e - 127 - int(mbits - 1));
      dst[row * 16 + j] = (b & sign_bit) ? -v : v;
    }
  }
}

template <uint32_t mbits>
void pack_bfp(const float* src, uint8_t* dst, Rounding r, bool high_first) {
  uint8_t* codes = dst + 64;
  constexpr uint32_t sign_bit = 1u << mbits, mmax = sign_bit - 1;
  if constexpr (mbits != 7) std::memset(codes, 0, 512);
  for (uint32_t row = 0; row < 64; ++row) {
    uint32_t emax = 0;
    for (uint32_t j = 0; j < 16; ++j) {
      uint32_t e = (f2u(src[row * 16 + j]) >> 23) & 0xFF;
      if (e != 0xFF && e > emax) emax = e;
    }
    dst[row] = static_cast<uint8_t>(emax);
    for (uint32_t j = 0; j < 16; ++j) {
      uint32_t u = f2u(src[row * 16 + j]);
      uint32_t e = (u >> 23) & 0xFF;
      uint32_t sign = (u >> 31) ? sign_bit : 0;
      uint64_t m;
      if (e == 0xFF) {
        m = mmax;  // inf / NaN saturate to the row's largest magnitude
      } else if (e == 0) {
        m = 0;  // zeros and fp32 subnormals
      } else {
        uint64_t full = (u & 0x7FFFFFu) | 0x800000u;   // 24-bit significand
        uint32_t shift = (24 - mbits) + (emax - e);     // keep mbits bits at emax
        m = round_shift(full, shift, r);
        if (m > mmax) m = mmax;
      }
      const uint32_t code = sign | static_cast<uint32_t>(m);
      const uint32_t i = row * 16 + j;
      if constexpr (mbits == 7) codes[i] = static_cast<uint8_t>(code);
      else codes[i >> 1] |= static_cast<uint8_t>(code << nibble_shift(i, high_first));
    }
  }
}

// Int8 in L1 is sign-magnitude (bit 7 sign, bits 0-6 magnitude); the DST
// word per `m` (ComputeState::int8_dst). Only the sign-magnitude model keeps
// -0 (0x80); two's complement turns it into 0.
inline uint32_t int8_to_dst(uint8_t b, Int8Dst m) {
  const uint32_t mag = b & 0x7Fu, neg = b >> 7;
  if (m == Int8Dst::kSignMagnitude) return (neg << 31) | mag;
  return neg ? 0u - mag : mag;
}
// Saturates the magnitude to 127.
inline uint8_t int8_from_dst(uint32_t word, Int8Dst m) {
  const bool neg = word >> 31;
  uint32_t mag = m == Int8Dst::kSignMagnitude ? word & 0x7FFFFFFFu : (neg ? 0u - word : word);
  if (mag > 127) mag = 127;
  return static_cast<uint8_t>((neg ? 0x80u : 0u) | mag);
}

// Fp8_e4m3 (OCP E4M3FN): sign, 4 exponent bits (bias 7), 3 mantissa bits;
// no infinities, S.1111.111 is NaN, largest magnitude 448.
inline float fp8_e4m3_to_f32(uint8_t b) {
  const uint32_t e = (b >> 3) & 0xFu, m = b & 7u;
  float v;
  if (e == 0xF && m == 7) v = std::numeric_limits<float>::quiet_NaN();
  else if (e == 0) v = std::ldexp(static_cast<float>(m), -9);
  else v = std::ldexp(static_cast<float>(8 + m), static_cast<int>(e) - 10);
  return (b & 0x80u) ? -v : v;
}
// Rounds per `r` at the format's step; beyond 448 (and infinities) saturates.
inline uint8_t fp8_e4m3_from_f32(float f, Rounding r) {
  const uint8_t sign = std::signbit(f) ? 0x80 : 0;
  if (std::isnan(f)) return sign | 0x7F;
  const float a = std::fabs(f);
  if (a >= 448.0f) return sign | 0x7E;
  auto round = [r](float x) {
    return r == Rounding::kTruncate ? std::trunc(x) : r == Rounding::kHalfAwayFromZero ? std::round(x) : std::nearbyint(x);
  };
  int e = std::max(std::ilogb(a), -6);  // below 2^-6: subnormal steps of 2^-9
  if (a == 0.0f) e = -6;
  // Steps of 2^(e-3); a mantissa that rounds up to 16 steps carries into e+1.
  const float q = round(std::ldexp(a, 3 - e));
  int biased = e + 7, mant = static_cast<int>(q) - 8;
  if (q < 8.0f) return sign | static_cast<uint8_t>(q);  // subnormal (e == -6)
  if (q >= 16.0f) ++biased, mant = 0;
  if (biased > 15 || (biased == 15 && mant == 7)) return sign | 0x7E;  // 448
  return sign | static_cast<uint8_t>((biased << 3) | mant);
}

// A tile of 16-bit words (bytes in any alignment), each widened by `to_f32`.
template <typename ToF32>
void widen_words16(const uint8_t* src, float* dst, ToF32 to_f32) {
  uint16_t h[kTileElems];
  std::memcpy(h, src, sizeof h);
  for (uint32_t i = 0; i < kTileElems; ++i) dst[i] = to_f32(h[i]);
}

}  // namespace

uint16_t f32_to_bf16(float f, Rounding r) {
  uint32_t u = f2u(f);
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((u >> 16) | 0x0040);  // quiet NaN
  uint64_t q = round_shift(u & 0x7FFFFFFFu, 16, r);  // carries into the exponent, inf on overflow
  return static_cast<uint16_t>(((u >> 16) & 0x8000) | q);
}

uint16_t f32_to_f16(float f, Rounding r, bool flush) {
  uint32_t u = f2u(f);
  uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000);
  uint32_t a = u & 0x7FFFFFFFu;
  if (a > 0x7F800000u) return sign | 0x7E00 | ((a >> 13) & 0x3FF);
  if (a == 0x7F800000u) return sign | 0x7C00;
  const uint16_t overflow = r == Rounding::kTruncate ? 0x7BFF : 0x7C00;
  int e = int(a >> 23) - 127 + 15;  // fp16 biased exponent
  if (e >= 31) return sign | overflow;
  uint64_t h;
  if (e >= 1) {
    // Normal: round the 23-bit mantissa to 10, a carry bumps the exponent.
    h = round_shift((uint64_t(e) << 23) | (a & 0x7FFFFF), 13, r);
  } else {
    if (a < 0x00800000u) return sign;  // fp32 subnormals are far below fp16's range
    uint64_t m = (a & 0x7FFFFF) | 0x800000;  // value = m * 2^(E-150); unit 2^-24
    uint32_t shift = static_cast<uint32_t>(126 - int(a >> 23));
    h = round_shift(m, shift, r);
  }
  if (h >= 0x7C00) return sign | overflow;
  if (flush && h < 0x400) return sign;
  return static_cast<uint16_t>(sign | h);
}

float f16_to_f32(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  uint32_t e = (h >> 10) & 0x1F;
  uint32_t m = h & 0x3FF;
  if (e == 0x1F) return u2f(sign | 0x7F800000u | (m << 13));
  if (e == 0) {
    float v = float(m) * (1.0f / 16777216.0f);  // m * 2^-24, exact
    return sign ? -v : v;
  }
  return u2f(sign | ((e + 112) << 23) | (m << 13));
}

uint32_t tile_bytes(uint32_t format) { return tile_bytes_of_format(format); }

const char* format_name(uint32_t format) { return format_name_of(format); }

bool unpack_tile(uint32_t format, const uint8_t* src, float* dst, bool tf32, const L1Encoding& enc) {
  switch (static_cast<DataFormat>(format)) {
    case DataFormat::Float32:
      if (!tf32) {
        block_copy(dst, src, kTileElems * 4);
        return true;
      }
      for (uint32_t i = 0; i < kTileElems; ++i) {
        float v;
        std::memcpy(&v, src + 4 * i, 4);
        dst[i] = tf32_truncate(v);
      }
      return true;
    case DataFormat::Int32:
    case DataFormat::UInt32:
      block_copy(dst, src, kTileElems * 4);
      return true;
    case DataFormat::Float16_b:
      widen_words16(src, dst, [](uint16_t w) { return bf16_to_f32(w); });
      return true;
    case DataFormat::Float16:
      widen_words16(src, dst, [](uint16_t w) { return f16_to_f32(w); });
      return true;
    case DataFormat::UInt16:
      widen_words16(src, dst, [](uint16_t w) { return u2f(w); });
      return true;
    case DataFormat::UInt8:
      for (uint32_t i = 0; i < kTileElems; ++i) dst[i] = u2f(src[i]);
      return true;
    case DataFormat::Int8:
      for (uint32_t i = 0; i < kTileElems; ++i) dst[i] = u2f(int8_to_dst(src[i], enc.int8_dst));
      return true;
    case DataFormat::Fp8_e4m3:
      for (uint32_t i = 0; i < kTileElems; ++i) dst[i] = fp8_e4m3_to_f32(src[i]);
      return true;
    case DataFormat::Bfp8_b:
      unpack_bfp<7>(src, dst, false);
      return true;
    case DataFormat::Bfp4_b:
      unpack_bfp<3>(src, dst, enc.bfp4_high_nibble_first);
      return true;
    default:
      return false;
  }
}

bool pack_tile(uint32_t format, const float* src, uint8_t* dst, const PackOptions& opt) {
  switch (static_cast<DataFormat>(format)) {
    case DataFormat::Float32:
    case DataFormat::Int32:
    case DataFormat::UInt32:
      block_copy(dst, src, kTileElems * 4);
      return true;
    case DataFormat::Float16_b: {
      uint16_t h[kTileElems];
      for (uint32_t i = 0; i < kTileElems; ++i) h[i] = f32_to_bf16(src[i], opt.rounding);
      std::memcpy(dst, h, sizeof h);
      return true;
    }
    case DataFormat::Float16: {
      uint16_t h[kTileElems];
      for (uint32_t i = 0; i < kTileElems; ++i) h[i] = f32_to_f16(src[i], opt.rounding, opt.fp16_flush_subnormals);
      std::memcpy(dst, h, sizeof h);
      return true;
    }
    case DataFormat::UInt16: {
      uint16_t h[kTileElems];
      for (uint32_t i = 0; i < kTileElems; ++i) h[i] = static_cast<uint16_t>(f2u(src[i]));
      std::memcpy(dst, h, sizeof h);
      return true;
    }
    case DataFormat::UInt8:
      for (uint32_t i = 0; i < kTileElems; ++i) dst[i] = static_cast<uint8_t>(f2u(src[i]));
      return true;
    case DataFormat::Int8:
      for (uint32_t i = 0; i < kTileElems; ++i) dst[i] = int8_from_dst(f2u(src[i]), opt.encoding.int8_dst);
      return true;
    case DataFormat::Fp8_e4m3:
      for (uint32_t i = 0; i < kTileElems; ++i) dst[i] = fp8_e4m3_from_f32(src[i], opt.rounding);
      return true;
    case DataFormat::Bfp8_b:
      pack_bfp<7>(src, dst, opt.rounding, false);
      return true;
    case DataFormat::Bfp4_b:
      pack_bfp<3>(src, dst, opt.rounding, opt.encoding.bfp4_high_nibble_first);
      return true;
    default:
      return false;
  }
}

float to_dst16(float v, uint32_t dst_format, Rounding r) {
  return dst_format == fmt(DataFormat::Float16) ? f16_to_f32(f32_to_f16(v, r, false)) : bf16_to_f32(f32_to_bf16(v, r));
}

void narrow_to_dst16(float* tile, uint32_t dst_format, Rounding r) {
  for (uint32_t i = 0; i < kTileElems; ++i) tile[i] = to_dst16(tile[i], dst_format, r);
}

}  // namespace zyxtt::emu::compute
