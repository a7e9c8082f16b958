// Names every compute API header shares: the JIT constants, the thread macros
// and the small enums of tt-metal's LLK layer. The emulator runs unpack, math
// and pack as one fiber in program order, so MATH/PACK/UNPACK keep their body.
#pragma once

#include <cstdint>

#include "zyxtt/compute_config.h"
#include "zyxtt/kernel_base.h"
#include "zyxtt/krt_compute.h"

#ifndef MATH
#define MATH(x) x
#endif
#ifndef PACK
#define PACK(x) x
#endif
#ifndef UNPACK
#define UNPACK(x) x
#endif

namespace ckernel {
enum DstSync : uint8_t { SyncHalf = 0, SyncFull = 1 };
enum MathFidelity : uint8_t { LoFi = 0, HiFi2 = 2, HiFi3 = 3, HiFi4 = 4 };
enum VectorMode : int { None = 0, R = 1, C = 2, RC = 4, RC_custom = 5, Invalid = 0xFF };
enum class DstRoundingMode : uint8_t { Default = 0, NearestEven = 1 };
enum class InputClamping : uint8_t { ClampToNegative = 1, None = 0 };
enum EltwiseBinaryType : uint8_t { ELWMUL, ELWDIV, ELWADD, ELWSUB, ELWLESS };
enum class EltwiseBinaryReuseDestType : uint8_t { NONE = 0, DEST_TO_SRCA = 1, DEST_TO_SRCB = 2 };
enum class SrcOrder : uint8_t { Default = 0, Reverse = 1 };
// Values as tt-metal's LLK layer numbers them (compute_ops.h mirrors them).
enum class BroadcastType : uint8_t { NONE = 0, COL = 1, ROW = 2, SCALAR = 3 };
enum class PoolType : uint8_t { SUM = 0, AVG = 1, MAX = 2 };
enum class ReduceDim : uint8_t { REDUCE_ROW = 0, REDUCE_COL = 1, REDUCE_SCALAR = 2 };
}  // namespace ckernel

namespace tt {
enum class DstMode : uint8_t { Full, Half, Tile, NUM_DST_MODES };
}

// JIT constants (tt-metal generates them per kernel; ours come from -D flags).
constexpr bool DST_ACCUM_MODE = ZYXTT_DST_ACCUM_MODE != 0;
constexpr bool APPROX = ZYXTT_MATH_APPROX != 0;
constexpr ckernel::DstSync DST_SYNC_MODE = ZYXTT_DST_FULL_SYNC ? ckernel::SyncFull : ckernel::SyncHalf;
constexpr ckernel::MathFidelity MATH_FIDELITY = static_cast<ckernel::MathFidelity>(ZYXTT_MATH_FIDELITY);

namespace zyxtt::kernel {
// Reinterprets a float as the 32-bit pattern the SFPU params carry.
ALWI uint32_t f32_bits(float v) {
  uint32_t u;
  __builtin_memcpy(&u, &v, 4);
  return u;
}
ALWI void unary(krt::SfpuUnaryOp op, uint32_t idst, uint32_t p0 = 0, uint32_t p1 = 0) {
  krt::sfpu_unary(op, idst, p0, p1);
}
}  // namespace zyxtt::kernel

// `void fn(uint32_t idst)` running SFPU op `op` on every element.
#define ZYXTT_UNARY_FN(fn, op) \
  ALWI void fn(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::k##op, idst); }
