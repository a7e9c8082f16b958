// Typed argument handles (tt-metal's experimental/kernel_args.h): a runtime
// or common-runtime argument by byte offset, or a compile-time value.
#pragma once

#include <cstdint>

#include "zyxtt/kernel_base.h"
#ifdef COMPILE_FOR_TRISC
#include "api/compute/common.h"
#else
#include "api/dataflow/dataflow_api.h"
#endif

namespace experimental {
template <typename T>
struct RtaArg {
  uint32_t byte_offset;
};
template <typename T>
struct CrtaArg {
  uint32_t byte_offset;
};
template <typename T>
struct CtaVal {
  T value;
};

template <typename T>
FORCE_INLINE T get_arg(RtaArg<T> a) {
  return get_arg_val<T>(int(a.byte_offset / sizeof(uint32_t)));
}
template <typename T>
FORCE_INLINE T get_arg(CrtaArg<T> a) {
  return get_common_arg_val<T>(int(a.byte_offset / sizeof(uint32_t)));
}
template <typename T>
FORCE_INLINE constexpr T get_arg(CtaVal<T> a) {
  return a.value;
}
}  // namespace experimental
