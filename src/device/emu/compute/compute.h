// What the rest of the emulator needs from the compute library: setting up a
// core's compute state for a run. The kernel-facing calls are the krt
// functions of src/device/emu/krt_impl.h (the kernel ABI table).
#pragma once

#include <cstdint>

#include "device/emu/core_state.h"
#include "zyxtt/krt_abi.h"

namespace zyxtt::emu::compute {

// Tiles one acquired DST section may address (kernel-api-compute.md section 2).
constexpr uint32_t dst_capacity(bool fp32_dest_acc, bool dst_full_sync) {
  return (fp32_dest_acc ? 4u : 8u) * (dst_full_sync ? 2u : 1u);
}

// Fidelity phases of a MathFidelity value (LoFi 0, HiFi2 2, HiFi3 3, HiFi4 4).
constexpr uint32_t fidelity_phases(uint32_t math_fidelity) {
  return math_fidelity <= 1 ? 1u : (math_fidelity >= 4 ? 4u : math_fidelity);
}

// Zeroes DST, sets capacity, mode and math fidelity, returns the handshake to
// idle. The numeric-model switches are left as they are.
void reset_compute_state(ComputeState& cs, bool fp32_dest_acc, bool dst_full_sync, uint32_t math_fidelity = 4);

// reset_compute_state as the compute kernel's record says (its ComputeConfig);
// no compute kernel (nullptr): tt-metal's defaults, 32-bit DST, half sync, HiFi4.
void configure_compute(ComputeState& cs, const zyxtt_kernel_info* compute_record);

}  // namespace zyxtt::emu::compute
