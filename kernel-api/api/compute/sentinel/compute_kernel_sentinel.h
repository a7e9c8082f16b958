// tt-metal's compute-kernel sentinel: state_configure records which CBs the
// unpacker and packer were configured for, to catch a missing reconfig. The
// emulator reads every tile in its own CB's format, so there is nothing to
// track: the calls compile and do nothing.
#pragma once

#include <cstdint>

#include "api/compute/common_globals.h"
#include "api/compute/sentinel/sentinel_core.h"

template <ckernel::Operand operand = ckernel::Operand::SRCA>
inline void state_configure(uint32_t /*cb*/, uint32_t /*call_line*/) {}
template <ckernel::Operand operand_a = ckernel::Operand::SRCA, ckernel::Operand operand_b = ckernel::Operand::SRCB>
inline void state_configure(uint32_t /*cb_a*/, uint32_t /*cb_b*/, uint32_t /*call_line*/) {}
inline void state_configure(uint32_t /*cb_a*/, uint32_t /*cb_b*/, uint32_t /*cb_out*/, uint32_t /*call_line*/) {}
