// CB geometry as compile-time constants, where tt-metal has them: its JIT
// generates per-CB format tables, so `constexpr auto n = get_tile_size(cb)`
// compiles there. Here the kernel compiler passes the formats of the
// program's CBs as -DKERNEL_CB_DATA_FORMATS=f0,f1,... (tt::DataFormat values
// indexed by CB id, 255 for none). At run time the CB's live configuration answers.
#pragma once

#include <cstdint>
#include <type_traits>

#include "zyxtt/kernel_base.h"
#include "zyxtt/tile_formats.h"

namespace zyxtt::kernel {
inline constexpr uint8_t kCbDataFormats[] = {
#ifdef KERNEL_CB_DATA_FORMATS
    KERNEL_CB_DATA_FORMATS
#else
    255
#endif
};

// Deliberately not constexpr: reaching it in a constant expression is the
// compile error that says what is missing.
inline uint32_t cb_format_not_known_when_this_kernel_was_compiled() { return 255; }

constexpr uint32_t compile_time_cb_format(uint32_t cb) {
  if (cb < sizeof(kCbDataFormats) && kCbDataFormats[cb] != 255) return kCbDataFormats[cb];
  return cb_format_not_known_when_this_kernel_was_compiled();
}

constexpr uint32_t cb_format(uint32_t cb) {
  if (std::is_constant_evaluated()) return compile_time_cb_format(cb);
  return krt::cb_data_format(cb);
}
}  // namespace zyxtt::kernel
