// The enabled ComputeKernelSentinel (TT_METAL_COMPUTE_KERNEL_SENTINEL_ENABLED):
// a SentinelCore, and under TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED
// the StateMonitorSpy it reports to. On silicon it is a static of the TRISC's
// own memory, one per core; here one kernel object serves many cores, so it
// lives in the core's state block that outlives calls (krt sfpu_lregs, rows
// kSentinelRow on: zero when a run starts) and is built there on first use.
// Included by compute_kernel_sentinel.h only.
#pragma once

#include <cstdint>
#include <new>

#include "api/compute/sentinel/sentinel_core.h"
#include "zyxtt/krt.h"

namespace ckernel {

template <>
class ComputeKernelSentinelImpl<true> {
 public:
  static ComputeKernelSentinelImpl& instance() {
    static_assert(sizeof(ComputeKernelSentinelImpl) + 8 <= 2 * 4 * ::zyxtt::krt::kSfpuLanes);
    uint32_t* block = ::zyxtt::krt::sfpu_lregs() + kSentinelRow * ::zyxtt::krt::kSfpuLanes;
    const auto at = (reinterpret_cast<uintptr_t>(block + 1) + alignof(ComputeKernelSentinelImpl) - 1) &
                    ~uintptr_t{alignof(ComputeKernelSentinelImpl) - 1};
    auto* self = reinterpret_cast<ComputeKernelSentinelImpl*>(at);
    if (block[0] != kBuilt) {
      ::new (static_cast<void*>(self)) ComputeKernelSentinelImpl();
      block[0] = kBuilt;
    }
    return *self;
  }
  ComputeKernelSentinelImpl(const ComputeKernelSentinelImpl&) = delete;
  ComputeKernelSentinelImpl& operator=(const ComputeKernelSentinelImpl&) = delete;

  uint32_t srca() const { return core_.srca(); }
  uint32_t srcb() const { return core_.srcb(); }
  uint32_t pack() const { return core_.pack(); }
  uint32_t last_call_line() const { return core_.last_call_line(); }
  void set_last_call_line(uint32_t line) { core_.set_last_call_line(line); }
  void reset() {
    core_.reset();
#ifdef TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED
    spy_.reset();
#endif
  }
  ComputeKernelSentinelImpl& set_srca(uint32_t cb) { return core_.set_srca(cb), *this; }
  ComputeKernelSentinelImpl& set_srcb(uint32_t cb) { return core_.set_srcb(cb), *this; }
  ComputeKernelSentinelImpl& set_pack(uint32_t cb) { return core_.set_pack(cb), *this; }
  void enable_injection() { core_.enable(); }
  void disable_injection() { core_.disable(); }
  bool is_injection_enabled() const { return core_.is_enabled(); }

  template <Operand operand>
  void reconfigure_single_operand(uint32_t cb, uint32_t call_line) {
    core_.set_last_call_line(call_line);
    core_.inject_single_operand<operand>(cb);
  }
  template <Operand operand_a, Operand operand_b>
  void reconfigure_dual_operand(uint32_t cb_a, uint32_t cb_b, uint32_t call_line) {
    core_.set_last_call_line(call_line);
    core_.inject_dual_operand<operand_a, operand_b>(cb_a, cb_b);
  }
  void reconfig_all_operands(uint32_t cb_a, uint32_t cb_b, uint32_t cb_out, uint32_t call_line) {
    core_.set_last_call_line(call_line);
    core_.inject_all_operands(cb_a, cb_b, cb_out);
  }
#ifdef TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED
  void record_reconfig_call(uint8_t call_bit) { spy_.record_reconfig_call(call_bit); }
  bool verify_calls(uint8_t expected_calls) { return spy_.verify_calls(expected_calls); }
#endif

 private:
  static constexpr uint32_t kSentinelRow = 14;  // rows 14 and 15 of the block
  static constexpr uint32_t kBuilt = 0x53454e54u;

  ComputeKernelSentinelImpl() {
#ifdef TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED
    core_.set_spy(&spy_);
#endif
  }

  SentinelCore core_;
#ifdef TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED
  StateMonitorSpy spy_;
#endif
};

}  // namespace ckernel
