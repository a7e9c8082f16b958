// Names every compute API header shares: the JIT constants, the thread macros
// and the small enums of tt-metal's LLK layer. The emulator runs unpack, math
// and pack as one fiber in program order, so MATH/PACK/UNPACK keep their body.
#pragma once

#include <cstdint>
#include <algorithm>  // std::min / std::max, which tt-metal's compute kernels reach through its headers
#include <utility>  // std::pair and friends, visible in tt-metal's compute kernels
#include <sys/types.h>  // uint, as the RISC-V toolchain's libc gives kernels

#include "zyxtt/compute_config.h"
#include "zyxtt/kernel_base.h"
#include "zyxtt/krt_compute.h"
#include "hostdevcommon/kernel_structs.h"
#include "hostdevcommon/common_values.hpp"
#include "internal/circular_buffer_interface.h"
#include "internal/dev_mem_map.h"
#include "api/debug/assert.h"
#include "tools/profiler/kernel_profiler.hpp"
#include "zyxtt/cb_formats.h"

#ifndef MATH
#define MATH(x) x
#endif
#ifndef PACK
#define PACK(x) x
#endif
#ifndef UNPACK
#define UNPACK(x) x
#endif

#include "llk_defs.h"
#include "zyxtt/llk.h"  // the LLK calls under the compute API, visible as on tt-metal
#include "ckernel.h"    // ThreadId and the mailboxes, as tt-metal's compute globals bring them
#include "sfpi.h"  // custom SFPI code and the LLK params wrappers it runs under


// JIT constants (tt-metal generates them per kernel; ours come from -D flags).
// A kernel's own DST_ACCUM_MODE define wins (tt-metal's matmul tests pass
// DST_ACCUM_MODE=1): tt-metal's JIT declares the constant before a kernel's
// defines, ours come first as -D flags.
#ifndef DST_ACCUM_MODE
constexpr bool DST_ACCUM_MODE = ZYXTT_DST_ACCUM_MODE != 0;
#endif
constexpr bool APPROX = ZYXTT_MATH_APPROX != 0;
// A macro, as tt-metal's JIT defines it (kernels test it with #if defined).
#define DST_SYNC_MODE (ZYXTT_DST_FULL_SYNC ? ckernel::SyncFull : ckernel::SyncHalf)
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
ALWI void ternary(krt::SfpuTernaryOp op, uint32_t a, uint32_t b, uint32_t c, uint32_t out, uint32_t p0 = 0,
                  uint32_t p1 = 0) {
  krt::sfpu_ternary(op, a, b, c, out, p0, p1);
}
}  // namespace zyxtt::kernel

// `void fn(uint32_t idst)` running SFPU op `op` on every element.
#define ZYXTT_UNARY_FN(fn, op) \
  ALWI void fn(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::k##op, idst); }

// As on tt-metal, any compute header makes the CB calls, the DST handshake,
// pack, runtime args and DPRINT visible (included last: they build on the above).
#include "api/compute/common.h"
#include "api/debug/dprint.h"
