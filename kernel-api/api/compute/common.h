// The compute kernel's base include: DST handshake, pack, CB calls, format
// reconfiguration, hw startup, and runtime-argument access.
#pragma once

#include "api/compute/common_globals.h"
#include "api/compute/sentinel/compute_kernel_sentinel.h"  // first: the inits below report to it
#include "api/compute/reg_api.h"
#include "api/compute/pack.h"
#include "api/compute/reconfig_data_format.h"
#include "api/compute/cb_api.h"
#include "api/compute/compute_kernel_hw_startup.h"

#ifndef ZYXTT_COMPUTE_ARGS_DEFINED
#define ZYXTT_COMPUTE_ARGS_DEFINED
static FORCE_INLINE uint32_t get_arg_addr(int arg_idx) {
  return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(zyxtt::krt::runtime_args_base() + arg_idx));
}
static FORCE_INLINE uint32_t get_common_arg_addr(int arg_idx) {
  return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(zyxtt::krt::common_args_base() + arg_idx));
}
template <typename T>
FORCE_INLINE T get_arg_val(int arg_idx) {
  return zyxtt::kernel::arg_from_word<T>(zyxtt::krt::runtime_arg(static_cast<uint32_t>(arg_idx)));  // range-checked
}
template <typename T>
FORCE_INLINE T get_common_arg_val(int arg_idx) {
  return zyxtt::kernel::arg_from_word<T>(zyxtt::krt::common_arg(static_cast<uint32_t>(arg_idx)));
}
inline uint8_t get_absolute_logical_x() { return static_cast<uint8_t>(zyxtt::krt::logical_x()); }
inline uint8_t get_absolute_logical_y() { return static_cast<uint8_t>(zyxtt::krt::logical_y()); }
inline uint8_t get_relative_logical_x() { return static_cast<uint8_t>(zyxtt::krt::logical_x()); }
inline uint8_t get_relative_logical_y() { return static_cast<uint8_t>(zyxtt::krt::logical_y()); }
#endif
