// What the rest of the emulator needs from the compute library: setting up a
// core's compute state for a run. The kernel-facing calls are the krt
// functions of src/device/emu/krt_impl.h (the kernel ABI table).
#pragma once

#include <cstdint>

#include "device/emu/core_state.h"

namespace zyxtt::emu::compute {

// Tiles one acquired DST section may address (kernel-api-compute.md section 2).
constexpr uint32_t dst_capacity(bool fp32_dest_acc, bool dst_full_sync) {
  return (fp32_dest_acc ? 4u : 8u) * (dst_full_sync ? 2u : 1u);
}

// Zeroes DST, sets capacity and mode, returns the handshake to idle. The
// numeric-model switches are left as they are.
void reset_compute_state(ComputeState& cs, bool fp32_dest_acc, bool dst_full_sync);

}  // namespace zyxtt::emu::compute
