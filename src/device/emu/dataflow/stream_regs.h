// Each core's stream registers (the NOC overlay), as kernels reach them:
// their own through NOC_STREAM_READ_REG / NOC_STREAM_WRITE_REG or a pointer
// to the register's address (the L1 window shows them there), another core's
// through noc_inline_dw_write and noc_async_read at its register address.
// Kept for the device worker's life, as silicon keeps them until a reset;
// zyxtt/noc_regs.h says which registers have side effects (a store through a
// pointer has none: tt-metal's kernels only use pointers for plain ones).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "device/emu/core_state.h"

namespace zyxtt::emu {

class StreamRegisters {
 public:
  StreamRegisters();
  ~StreamRegisters();
  StreamRegisters(const StreamRegisters&) = delete;
  StreamRegisters& operator=(const StreamRegisters&) = delete;

  // The registers of the core at NOC (x, y), all zero at first, in shared
  // pages the L1 window can show (CoreState::stream_words); nullptr past the
  // NOC grid the pages cover (such a core's live in a map here).
  uint32_t* words_of(uint32_t noc_x, uint32_t noc_y);

  // Fail the run (naming the call) when `stream` is past the core's streams.
  uint32_t read(const CoreState& core, uint32_t stream, uint32_t reg, const char* call);
  void write(const CoreState& core, uint32_t stream, uint32_t reg, uint32_t value, const char* call);

 private:
  uint32_t* word(const CoreState& core, uint32_t stream, uint32_t reg);  // with mutex_ held

  // Cores of several host threads write one register at once.
  std::mutex mutex_;
  uint32_t* pages_ = nullptr;  // a core's registers after another's, by NOC (y, x)
  std::unordered_map<uint64_t, std::unique_ptr<uint32_t[]>> off_grid_;  // by (NOC y, NOC x)
};

}  // namespace zyxtt::emu
