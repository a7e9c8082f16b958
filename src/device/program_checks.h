// The checks every device needs, in one place: a program or a buffer against
// a device's declared capabilities. Users of the device interface (the server,
// the TT-Metalium host API) call them before the device; messages name the
// field at fault and what is allowed.
#pragma once

#include <string>

#include "common/option_hint.h"
#include "device/device.h"
#include "program/program.h"

namespace zyxtt {

// Whether the user allowed grids larger than the arch (only meaningful when
// the device can run them), and how a refusal tells them to.
struct GridPermission {
  GridPermission(bool beyond_arch = false, OptionHints hints = OptionHints::kFlagAndVariable)
      : beyond_arch(beyond_arch), hints(hints) {}
  bool beyond_arch;
  OptionHints hints;
};

// Throws Error(INVALID_ARGUMENT / OUT_OF_RANGE / RESOURCE_EXHAUSTED).
void check_buffer(const program::BufferSpec& spec, const DeviceCapabilities& caps);
void check_program(const program::Program& program, const DeviceCapabilities& caps, const GridPermission& grid);

// A page's footprint in its bank: page_size rounded up to the alignment of
// its memory, as tt-metal places interleaved pages.
uint32_t aligned_page_size(const program::BufferSpec& spec, const Arch& arch);

}  // namespace zyxtt
