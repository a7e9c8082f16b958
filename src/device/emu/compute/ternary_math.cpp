// Ternary SFPU ops (where, lerp, addcmul, addcdiv): one body per entry of
// ZYXTT_SFPU_TERNARY_OPS. Silicon computes each with SFPMAD, a fused
// multiply-add whose multiply forces 0 * anything (inf, NaN too) to 0.
#include <algorithm>
#include <cmath>

#include "device/emu/compute/formats.h"
#include "device/emu/compute/tile_math.h"

namespace zyxtt::emu::compute {

using krt::SfpuTernaryOp;

namespace {

// The SFPU's multiply: 0 * anything is a signed 0.
inline float mul(float x, float y) {
  if (x == 0.0f || y == 0.0f) return std::signbit(x) != std::signbit(y) ? -0.0f : 0.0f;
  return x * y;
}
// x * y + z rounded once, with that multiply.
inline float mad(float x, float y, float z) { return x == 0.0f || y == 0.0f ? mul(x, y) + z : std::fma(x, y, z); }

// SFPSTOCHRND FP32 -> INT8, round to nearest: ties away from zero, |v| < 0.5
// to 0, NaN and |v| >= 2^16 to the largest magnitude, saturated at +-127;
// stored as a two's-complement int32.
inline float to_int8_word(float v) {
  const float m = std::fabs(v);
  const int32_t mag = std::isnan(v) || m >= 65536.0f ? 127 : std::min<int32_t>(127, int32_t(std::round(m)));
  return u2f(uint32_t(std::signbit(v) ? -mag : mag));
}
inline float int_word(float w) { return float(int32_t(f2u(w))); }  // int32 -> fp32, nearest even

template <class F>
inline void zip3(const float* a, const float* b, const float* c, float* out, F f) {
  for (uint32_t i = 0; i < kTileElems; ++i) out[i] = f(a[i], b[i], c[i]);
}

}  // namespace

void apply_ternary(SfpuTernaryOp op, const float* a, const float* b, const float* c, float* out, uint32_t p0,
                   uint32_t p1) {
  const float value = u2f(p0), value1 = u2f(p1);
  switch (op) {
    case SfpuTernaryOp::kWhere:
      // The words themselves move, so any format's bits survive.
      for (uint32_t i = 0; i < kTileElems; ++i) out[i] = u2f(a[i] != 0.0f ? f2u(b[i]) : f2u(c[i]));
      return;
    case SfpuTernaryOp::kWhereInt32:
      for (uint32_t i = 0; i < kTileElems; ++i) out[i] = u2f(f2u(a[i]) != 0 ? f2u(b[i]) : f2u(c[i]));
      return;
    case SfpuTernaryOp::kLerp:  // input + weight * (end - input)
      zip3(a, b, c, out, [](float s, float e, float w) { return mad(w, e - s, s); });
      return;
    case SfpuTernaryOp::kAddcmul:  // a + (value * b) * c
      zip3(a, b, c, out, [value](float x, float y, float z) { return mad(z, mul(value, y), x); });
      return;
    case SfpuTernaryOp::kAddcdiv:  // a + b * value * (1 / c)
      zip3(a, b, c, out, [value](float x, float y, float z) { return mad(mul(y, value), 1.0f / z, x); });
      return;
    case SfpuTernaryOp::kLgammaAdjusted:  // the reflection for x < 1/2; +inf stays +inf
      zip3(a, b, c, out, [](float lg, float log_sin, float x) {
        if (std::isinf(x) && x > 0) return x;
        return x < 0.5f ? (1.1447298858f - log_sin) - lg : lg;
      });
      return;
    case SfpuTernaryOp::kQuant:
      zip3(a, b, c, out, [value](float x, float s, float) { return to_int8_word(mad(x, s, value)); });
      return;
    case SfpuTernaryOp::kRequant:
      zip3(a, b, c, out, [value](float x, float s, float) { return to_int8_word(mad(int_word(x), s, value)); });
      return;
    case SfpuTernaryOp::kDequant:
      zip3(a, b, c, out, [value](float x, float s, float) { return mul(int_word(x) + value, s); });
      return;
    case SfpuTernaryOp::kIsclose:
    case SfpuTernaryOp::kIscloseNan: {
      const bool equal_nan = op == SfpuTernaryOp::kIscloseNan;
      zip3(a, b, c, out, [&](float x, float y, float) {
        if (std::isnan(x) || std::isnan(y)) return equal_nan && std::isnan(x) && std::isnan(y) ? 1.0f : 0.0f;
        if (x == y) return 1.0f;  // equal infinities
        return std::fabs(x - y) <= value1 + mul(value, std::fabs(y)) ? 1.0f : 0.0f;
      });
      return;
    }
    case SfpuTernaryOp::kSnakeBeta:  // x + sin(alpha x)^2 / beta, in double, rounded once
      zip3(a, b, c, out, [](float x, float alpha, float beta) {
        const double s = std::sin(double(alpha) * x);
        return float(x + s * s / beta);
      });
      return;
    case SfpuTernaryOp::kCount:
      return;
  }
}

// Also quant / requant: integer results, nothing to round.
bool ternary_selects(SfpuTernaryOp op) {
  return op == SfpuTernaryOp::kWhere || op == SfpuTernaryOp::kWhereInt32 || op == SfpuTernaryOp::kQuant ||
         op == SfpuTernaryOp::kRequant;
}

const char* ternary_name(SfpuTernaryOp op) {
  switch (op) {
#define ZYXTT_CASE(name, api, value) \
  case SfpuTernaryOp::k##name: return #api;
    ZYXTT_SFPU_TERNARY_OPS(ZYXTT_CASE)
#undef ZYXTT_CASE
    case SfpuTernaryOp::kCount: break;
  }
  return "sfpu ternary op";
}

}  // namespace zyxtt::emu::compute
