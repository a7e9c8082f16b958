// Ternary SFPU ops (where, lerp, addcmul, addcdiv): one body per entry of
// ZYXTT_SFPU_TERNARY_OPS. Silicon computes each with SFPMAD, a fused
// multiply-add whose multiply forces 0 * anything (inf, NaN too) to 0.
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

template <class F>
inline void zip3(const float* a, const float* b, const float* c, float* out, F f) {
  for (uint32_t i = 0; i < kTileElems; ++i) out[i] = f(a[i], b[i], c[i]);
}

}  // namespace

void apply_ternary(SfpuTernaryOp op, const float* a, const float* b, const float* c, float* out, uint32_t p0) {
  const float value = u2f(p0);
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
    case SfpuTernaryOp::kCount:
      return;
  }
}

bool ternary_selects(SfpuTernaryOp op) { return op == SfpuTernaryOp::kWhere || op == SfpuTernaryOp::kWhereInt32; }

const char* ternary_name(SfpuTernaryOp op) {
  switch (op) {
#define ZYXTT_CASE(name, api) \
  case SfpuTernaryOp::k##name: return #api;
    ZYXTT_SFPU_TERNARY_OPS(ZYXTT_CASE)
#undef ZYXTT_CASE
    case SfpuTernaryOp::kCount: break;
  }
  return "sfpu ternary op";
}

}  // namespace zyxtt::emu::compute
