// What each kernel of a zyx program is given in a run: V1's fixed shape, or
// V2's per-section parameters bound to the run's buffers and Variables
// (reference/zyx-newer-protocol.md).
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "device/device.h"
#include "protocol/command.h"

namespace zyxtt::server {

// Throws Error (INVALID_ARGUMENT, OUT_OF_RANGE) when the run's buffers and
// Variables do not fit the program's parameters.
std::array<KernelArgs, 3> bind_kernel_args(const protocol::Run& run,
                                           const std::optional<protocol::ParamLayout>& params,
                                           const std::vector<DeviceBuffer>& srcs,
                                           const std::vector<DeviceBuffer>& dsts);

}  // namespace zyxtt::server
