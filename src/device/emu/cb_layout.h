// Where a program's circular buffers lie in each core's L1, by tt-metal's
// rule: a config without a fixed address goes at the first aligned byte
// above every CB before it on any of its cores. The device lays programs out
// with it; the host reports the same addresses (GraphTracker).
#pragma once

#include <cstdint>
#include <vector>

#include "device/arch.h"
#include "program/program.h"

namespace zyxtt::emu {

// Each config's L1 address, by index into program.circular_buffers: its fixed
// address if it has one. Checks nothing (the device does: sizes, L1's end).
std::vector<uint64_t> cb_addresses(const program::Program& program, const Arch& arch);

}  // namespace zyxtt::emu
