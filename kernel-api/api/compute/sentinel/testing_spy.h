// tt-metal's sentinel test spy: with TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED,
// StateMonitorSpy collects which operands a SentinelCore reconfigured
// (RECONFIG_CHANGED_* bits) so a test kernel can check them.
#pragma once

#include "api/compute/common_globals.h"

#ifdef TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED
#define TEST_RECONFIG_CALLS(expected_calls) ComputeKernelSentinel::instance().verify_calls(expected_calls)
#define SET_CALLED_RECONFIG(call_bit) ComputeKernelSentinel::instance().record_reconfig_call(call_bit)

namespace ckernel {
class StateMonitorSpy {
 public:
  StateMonitorSpy() = default;
  StateMonitorSpy(const StateMonitorSpy&) = delete;
  StateMonitorSpy& operator=(const StateMonitorSpy&) = delete;

  void record_reconfig_call(uint8_t call_bit) { calls_ |= call_bit; }
  // Whether exactly `expected_calls` were recorded since the last check; resets.
  bool verify_calls(uint8_t expected_calls) {
    const bool same = calls_ == expected_calls;
    reset();
    return same;
  }
  void reset() { calls_ = 0; }

 private:
  uint8_t calls_ = 0;
};
}  // namespace ckernel
#else
#define TEST_RECONFIG_CALLS(expected_calls) false
#define SET_CALLED_RECONFIG(call_bit)
#endif
