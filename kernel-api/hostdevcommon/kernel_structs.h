// CB ids and operand roles (tt-metal's hostdevcommon/kernel_structs.h).
// tt::CBIndex and tt::CB live in zyxtt/kernel_base.h, which every kernel sees.
#pragma once

#include <cstdint>

#include "zyxtt/kernel_base.h"

namespace tt {
enum DstMode : std::uint8_t { Full = 0, Half = 1, Tile = 2, NUM_DST_MODES = 3 };

// The operand numbering of the old HLK interface: 8 ids per role.
enum HlkOperand : std::uint8_t {
  in0 = 0, in1, in2, in3, in4, in5, in6, in7,
  param0 = 8, param1, param2, param3, param4, param5, param6, param7,
  out0 = 16, out1, out2, out3, out4, out5, out6, out7,
  intermed0 = 24, intermed1, intermed2, intermed3, intermed4, intermed5, intermed6, intermed7,
};
constexpr std::uint32_t NUM_MAX_IN_BUFFERS_PER_CORE = 8;
constexpr std::uint32_t NUM_MAX_PARAM_BUFFERS_PER_CORE = 8;
constexpr std::uint32_t NUM_MAX_OUT_BUFFERS_PER_CORE = 8;
constexpr std::uint32_t NUM_MAX_INTERMED_BUFFERS_PER_CORE = 8;
}  // namespace tt
