// Format conversion inside DST; IN/OUT are tt::DataFormat values. Pairs the
// hardware does not support compile to nothing there and here, with a
// warning on stderr naming the call site.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
template <uint32_t IN_DTYPE, uint32_t OUT_DTYPE>
ALWI void typecast_tile_init() {}
// Older era: the init took no formats.
ALWI void typecast_tile_init() {}
// file/line default to the kernel's call site (__builtin_FILE/LINE in a
// default argument): unsupported pairs warn naming it.
template <uint32_t IN_DTYPE, uint32_t OUT_DTYPE, bool fp32 = DST_ACCUM_MODE>
ALWI void typecast_tile(uint32_t idst, const char* zyxtt_file = __builtin_FILE(), uint32_t zyxtt_line = __builtin_LINE()) {
  ::zyxtt::krt::sfpu_typecast(idst, IN_DTYPE, OUT_DTYPE, zyxtt_file, zyxtt_line);
}
}  // namespace ckernel
