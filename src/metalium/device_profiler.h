// The device profiler's one log for this process (tt_metal_profiler.hpp):
// every emulated chip logs into it when TT_METAL_DEVICE_PROFILER is on.
#pragma once

#include <memory>

#include "device/emu/trace/profile_log.h"

namespace zyxtt::metalium {

// Null when the profiler is off. Made on first use, which starts the log
// afresh as tt-metal does when it opens its first device.
const std::shared_ptr<emu::ProfileLog>& device_profile_log();
// Appends what was logged so far to the file (reads, device closes).
void dump_device_profile();

}  // namespace zyxtt::metalium
