// The compute sentinel's operand names and "none yet" values: what
// compute_kernel_sentinel.h and sentinel_core.h declare before anything else,
// as common_globals.h leads back to them.
#pragma once

#include <cstdint>

namespace ckernel {
enum class Operand : uint8_t { SRCA = 0x1, SRCB = 0x2, PACK = 0x4 };
constexpr uint32_t INVALID_CB_INDEX = 0xFFFFFFFFU;
constexpr uint32_t INVALID_LINE_NUMBER = 0xFFFFFFFFU;
}  // namespace ckernel
