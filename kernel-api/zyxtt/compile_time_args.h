// The kernel's own compile-time arguments (-DKERNEL_COMPILE_TIME_ARGS=a,b,c,
// possibly empty; named ones in named_args.h; its program's CB formats in
// kernel_cb_formats.h). Included by the entry stub,
// after the precompiled kernel API, which names them through the template
// declared in kernel_base.h: a precompiled header serves every kernel only if
// nothing in it reads a macro that differs per kernel.
#pragma once

#include <cstddef>
#include <cstdint>

namespace zyxtt::kernel {
template <size_t Dependent>
struct CompileTimeArgs {
  static constexpr uint32_t values[] = {0u
#ifdef KERNEL_COMPILE_TIME_ARGS
      , KERNEL_COMPILE_TIME_ARGS
#endif
  };
  static constexpr size_t count = sizeof(values) / sizeof(uint32_t) - 1;
};
}  // namespace zyxtt::kernel

#include "zyxtt/kernel_cb_formats.h"
#include "zyxtt/named_args.h"
