// tt-metal's SentinelCore: remembers which CB the unpacker's SrcA / SrcB and
// the packer were last configured for and, when injection is enabled,
// reconfigures an operand whose CB changed (a real data-format
// reconfiguration, as reconfig_data_format.h's). Disabled by default, as on tt-metal,
// unless TT_METAL_COMPUTE_KERNEL_SENTINEL_DEFAULT_INJECTION is defined.
#pragma once

#include <cstdint>

#include "zyxtt/sentinel_operand.h"  // first: common_globals.h leads back here

#include "api/compute/common_globals.h"

#define RECONFIG_NOTHING_CHANGED 0x00
#define RECONFIG_CHANGED_SRCA 0x01
#define RECONFIG_CHANGED_SRCB 0x02
#define RECONFIG_CHANGED_PACK 0x04

#include "api/compute/sentinel/testing_spy.h"

namespace ckernel {

class SentinelCore {
 public:
  SentinelCore() = default;
  SentinelCore(const SentinelCore&) = delete;
  SentinelCore& operator=(const SentinelCore&) = delete;

  void enable() { enabled_ = true; }
  void disable() { enabled_ = false; }  // state keeps updating
  bool is_enabled() const { return enabled_; }

  uint32_t srca() const { return srca_; }
  uint32_t srcb() const { return srcb_; }
  uint32_t pack() const { return pack_; }
  uint32_t last_call_line() const { return line_; }
  void set_last_call_line(uint32_t line) { line_ = line; }
  void reset() { srca_ = srcb_ = pack_ = line_ = INVALID_CB_INDEX; }

  SentinelCore& set_srca(uint32_t cb) { return srca_ = cb, *this; }
  SentinelCore& set_srcb(uint32_t cb) { return srcb_ = cb, *this; }
  SentinelCore& set_pack(uint32_t cb) { return pack_ = cb, *this; }

  // Records `cb` for `operand`; reconfigures when it changed and injection is on.
  template <Operand operand>
  void inject_single_operand(uint32_t cb) {
    uint32_t& current = operand == Operand::SRCA ? srca_ : operand == Operand::SRCB ? srcb_ : pack_;
    if (current == cb) return;
    // What reconfig_data_format_srca / _srcb / pack_reconfig_data_format do
    // (this header can be parsed before reconfig_data_format.h's body).
    if (enabled_) {
      if constexpr (operand == Operand::SRCA) zyxtt::krt::unpack_reconfig(cb, ~0u);
      else if constexpr (operand == Operand::SRCB) zyxtt::krt::unpack_reconfig(~0u, cb);
      else zyxtt::krt::pack_reconfig(cb);
    }
    current = cb;
#ifdef TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED
    if (spy_ != nullptr) spy_->record_reconfig_call(static_cast<uint8_t>(operand));
#endif
  }
  template <Operand operand_a, Operand operand_b>
  void inject_dual_operand(uint32_t cb_a, uint32_t cb_b) {
    inject_single_operand<operand_a>(cb_a);
    inject_single_operand<operand_b>(cb_b);
  }
  void inject_all_operands(uint32_t cb_a, uint32_t cb_b, uint32_t cb_out) {
    inject_dual_operand<Operand::SRCA, Operand::SRCB>(cb_a, cb_b);
    inject_single_operand<Operand::PACK>(cb_out);
  }
#ifdef TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED
  void set_spy(StateMonitorSpy* spy) { spy_ = spy; }
#endif

 private:
  uint32_t srca_ = INVALID_CB_INDEX, srcb_ = INVALID_CB_INDEX, pack_ = INVALID_CB_INDEX;
  uint32_t line_ = INVALID_LINE_NUMBER;
#ifdef TT_METAL_COMPUTE_KERNEL_SENTINEL_DEFAULT_INJECTION
  bool enabled_ = true;
#else
  bool enabled_ = false;
#endif
#ifdef TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED
  StateMonitorSpy* spy_ = nullptr;
#endif
};

}  // namespace ckernel
