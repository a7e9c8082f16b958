// What each kernel of a zyx program is given in a run: V1's fixed shape, or
// V2's per-section parameters bound to the run's buffers and Variables
// (reference/zyx-newer-protocol.md).
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "program/program.h"
#include "protocol/command.h"

namespace zyxtt::server {

// One kernel's arguments in a run: the same runtime args on every core.
struct ZyxSectionArgs {
  std::vector<uint32_t> runtime;  // buffer addresses and values
  bool coords = true;             // then the core's row and column
  // Compile-time args: TensorAccessorArgs of this many interleaved DRAM buffers.
  uint32_t accessor_buffers = 0;
};

// Throws Error (INVALID_ARGUMENT, OUT_OF_RANGE) when the run's buffers and
// Variables do not fit the program's parameters.
// By protocol::Section (reader, compute, writer).
std::array<ZyxSectionArgs, protocol::kSections> bind_kernel_args(const protocol::Run& run,
                                                                 const std::optional<protocol::ParamLayout>& params,
                                                                 const std::vector<program::PlacedBuffer>& srcs,
                                                                 const std::vector<program::PlacedBuffer>& dsts);

}  // namespace zyxtt::server
