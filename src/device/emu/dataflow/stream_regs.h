// Each core's stream registers (the NOC overlay), as kernels reach them:
// their own through NOC_STREAM_READ_REG / NOC_STREAM_WRITE_REG, another
// core's through noc_inline_dw_write and noc_async_read at its register
// address. Kept for the device worker's life, as silicon keeps them until a
// reset; zyxtt/noc_regs.h says which registers have side effects.
#pragma once

#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "device/emu/core_state.h"

namespace zyxtt::emu {

class StreamRegisters {
 public:
  // Fail the run (naming the call) when `stream` is past the core's streams.
  uint32_t read(const CoreState& core, uint32_t stream, uint32_t reg, const char* call);
  void write(const CoreState& core, uint32_t stream, uint32_t reg, uint32_t value, const char* call);

 private:
  // Cores of several host threads write one register at once.
  std::mutex mutex_;
  std::unordered_map<uint64_t, uint32_t> values_;  // by (NOC y, NOC x, stream, register)
};

}  // namespace zyxtt::emu
