// Names every kernel sees whatever it includes: attribute macros, CB ids,
// data formats and compile-time arguments. Spelled as tt-metal spells them so
// that unmodified sources compile; the definitions are ours.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "zyxtt/data_format.h"
#include "zyxtt/krt.h"

#ifndef FORCE_INLINE
#define FORCE_INLINE inline __attribute__((always_inline))
#endif
#ifndef ALWI
#define ALWI inline __attribute__((always_inline))
#endif
#define tt_l1_ptr
#define tt_reg_ptr

namespace zyxtt::kernel {

// A runtime argument word as the kernel asks for it: a 4-byte value bit for
// bit, or a pointer, which on the RISC-V cores is 4 bytes too (an L1
// address: README, "L1 addresses as pointers").
template <typename T>
FORCE_INLINE T arg_from_word(uint32_t word) {
  if constexpr (std::is_pointer_v<T>) {
    return reinterpret_cast<T>(static_cast<uintptr_t>(word));
  } else {
    static_assert(sizeof(T) == 4, "runtime arguments are 4-byte values or pointers (L1 addresses)");
    return __builtin_bit_cast(T, word);
  }
}

}  // namespace zyxtt::kernel

namespace tt {

// Unscoped on purpose: kernels pass tt::CBIndex::c_0 where uint32_t is expected.
enum CBIndex : std::uint8_t {
  c_0, c_1, c_2, c_3, c_4, c_5, c_6, c_7, c_8, c_9, c_10, c_11, c_12, c_13, c_14, c_15,
  c_16, c_17, c_18, c_19, c_20, c_21, c_22, c_23, c_24, c_25, c_26, c_27, c_28, c_29, c_30, c_31,
  c_32, c_33, c_34, c_35, c_36, c_37, c_38, c_39, c_40, c_41, c_42, c_43, c_44, c_45, c_46, c_47,
  c_48, c_49, c_50, c_51, c_52, c_53, c_54, c_55, c_56, c_57, c_58, c_59, c_60, c_61, c_62, c_63,
  SIZE
};

// The deprecated role-named ids.
enum CB : std::uint8_t {
  c_in0 = 0, c_in1, c_in2, c_in3, c_in4, c_in5, c_in6, c_in7,
  dataflow0 = 8, dataflow1, dataflow2, dataflow3, dataflow4, dataflow5, dataflow6, dataflow7,
  c_out0 = 16, c_out1, c_out2, c_out3, c_out4, c_out5, c_out6, c_out7,
  c_intermed0 = 24, c_intermed1, c_intermed2, c_intermed3, c_intermed4, c_intermed5, c_intermed6, c_intermed7,
};


}  // namespace tt

using tt::DataFormat;

#ifndef NUM_CIRCULAR_BUFFERS
#define NUM_CIRCULAR_BUFFERS 64
#endif

// ---- compile-time arguments ---------------------------------------------------
// The JIT passes -DKERNEL_COMPILE_TIME_ARGS=a,b,c (possibly empty). The values
// differ per kernel, so they are defined by zyxtt/compile_time_args.h, after
// the precompiled kernel API: here the API names them through a class
// template, looked up only when a kernel instantiates it (any Dependent gives
// the same values; callers pass one of their own template parameters).
namespace zyxtt::kernel {
template <size_t Dependent>
struct CompileTimeArgs;

template <size_t I>
constexpr uint32_t compile_time_arg() {
  static_assert(I < CompileTimeArgs<I>::count, "get_compile_time_arg_val: index beyond the kernel's compile-time args");
  return CompileTimeArgs<I>::values[I + 1];
}
}  // namespace zyxtt::kernel

#define get_compile_time_arg_val(idx) (::zyxtt::kernel::compile_time_arg<(idx)>())
