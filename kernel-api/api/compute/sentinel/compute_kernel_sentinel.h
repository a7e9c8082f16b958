// tt-metal's compute-kernel sentinel: ComputeKernelSentinel::instance(), one
// per core, remembers which CB the unpacker's SrcA / SrcB and the packer were
// last configured for. compute_kernel_hw_startup sets them; every init that
// configures an operand reports its CBs through state_configure, and the
// sentinel reconfigures (when injection is on) and tells its test spy only
// the operands whose CB changed. Off unless the host defines
// TT_METAL_COMPUTE_KERNEL_SENTINEL_ENABLED: then every call does nothing.
#pragma once

#include <cstdint>

// First, before common_globals.h, which leads back here through common.h:
// what the compute headers' inits call.
#include "zyxtt/sentinel_operand.h"

#ifdef TT_METAL_COMPUTE_KERNEL_SENTINEL_ENABLED
constexpr bool sentinel_enabled = true;
#else
constexpr bool sentinel_enabled = false;
#endif

namespace ckernel {

template <bool Enabled = sentinel_enabled>
class ComputeKernelSentinelImpl;

// Disabled: no state; the accessors answer 0, verify_calls false (as tt-metal's).
template <>
class ComputeKernelSentinelImpl<false> {
 public:
  static ComputeKernelSentinelImpl& instance() {
    static constinit ComputeKernelSentinelImpl none;
    return none;
  }
  ComputeKernelSentinelImpl(const ComputeKernelSentinelImpl&) = delete;
  ComputeKernelSentinelImpl& operator=(const ComputeKernelSentinelImpl&) = delete;

  uint32_t srca() const { return 0; }
  uint32_t srcb() const { return 0; }
  uint32_t pack() const { return 0; }
  uint32_t last_call_line() const { return 0; }
  void set_last_call_line(uint32_t) {}
  void reset() {}
  ComputeKernelSentinelImpl& set_srca(uint32_t) { return *this; }
  ComputeKernelSentinelImpl& set_srcb(uint32_t) { return *this; }
  ComputeKernelSentinelImpl& set_pack(uint32_t) { return *this; }
  void enable_injection() {}
  void disable_injection() {}
  bool is_injection_enabled() const { return false; }
  template <Operand operand>
  void reconfigure_single_operand(uint32_t, uint32_t) {}
  template <Operand operand_a, Operand operand_b>
  void reconfigure_dual_operand(uint32_t, uint32_t, uint32_t) {}
  void reconfig_all_operands(uint32_t, uint32_t, uint32_t, uint32_t) {}
#ifdef TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED
  void record_reconfig_call(uint8_t) {}
  bool verify_calls(uint8_t) { return false; }
#endif

 private:
  constexpr ComputeKernelSentinelImpl() = default;
};

using ComputeKernelSentinel = ComputeKernelSentinelImpl<>;

// compute_kernel_hw_startup's report: the three operands' CBs, no reconfiguration.
inline void sentinel_hw_startup(uint32_t srca_cb, uint32_t srcb_cb, uint32_t pack_cb);

}  // namespace ckernel

// What every operand-configuring init calls with its CBs and its caller's line
// (nothing while the sentinel is off).
template <ckernel::Operand operand = ckernel::Operand::SRCA>
inline void state_configure(uint32_t cb, uint32_t call_line);
template <ckernel::Operand operand_a = ckernel::Operand::SRCA, ckernel::Operand operand_b = ckernel::Operand::SRCB>
inline void state_configure(uint32_t cb_a, uint32_t cb_b, uint32_t call_line);
inline void state_configure(uint32_t cb_a, uint32_t cb_b, uint32_t cb_out, uint32_t call_line);

#include "api/compute/common_globals.h"
#include "api/compute/sentinel/sentinel_core.h"
#ifdef TT_METAL_COMPUTE_KERNEL_SENTINEL_ENABLED
#include "api/compute/sentinel/compute_kernel_sentinel_state.h"
#endif

inline void ckernel::sentinel_hw_startup(uint32_t srca_cb, uint32_t srcb_cb, uint32_t pack_cb) {
  ComputeKernelSentinel::instance().set_srca(srca_cb).set_srcb(srcb_cb).set_pack(pack_cb);
}

template <ckernel::Operand operand>
inline void state_configure(uint32_t cb, uint32_t call_line) {
  ckernel::ComputeKernelSentinel::instance().reconfigure_single_operand<operand>(cb, call_line);
}
template <ckernel::Operand operand_a, ckernel::Operand operand_b>
inline void state_configure(uint32_t cb_a, uint32_t cb_b, uint32_t call_line) {
  ckernel::ComputeKernelSentinel::instance().reconfigure_dual_operand<operand_a, operand_b>(cb_a, cb_b, call_line);
}
inline void state_configure(uint32_t cb_a, uint32_t cb_b, uint32_t cb_out, uint32_t call_line) {
  ckernel::ComputeKernelSentinel::instance().reconfig_all_operands(cb_a, cb_b, cb_out, call_line);
}
