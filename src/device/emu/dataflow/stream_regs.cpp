#include "device/emu/dataflow/stream_regs.h"

#include <fmt/format.h>

#include "device/emu/run_context.h"
#include "zyxtt/noc_regs.h"

namespace zyxtt::emu {
namespace {

namespace r = noc_regs;

uint64_t key_of(const CoreState& core, uint32_t stream, uint32_t reg) {
  return (uint64_t{core.noc_y} << 48) | (uint64_t{core.noc_x} << 32) | (uint64_t{stream} << 16) | reg;
}

void check(const CoreState& core, uint32_t stream, uint32_t reg, const char* call) {
  const uint32_t streams = core.ethernet ? r::kEthStreams : r::kTensixStreams;
  if (stream >= streams || reg >= r::kStreamSpace / 4) [[unlikely]] {
    fail_run(fmt::format("{}: stream {} register {} does not exist on {} core ({},{}) ({} streams of {} registers)",
                         call, stream, reg, core.ethernet ? "ethernet" : "Tensix", core.noc_x, core.noc_y, streams,
                         r::kStreamSpace / 4));
  }
}

}  // namespace

uint32_t StreamRegisters::read(const CoreState& core, uint32_t stream, uint32_t reg, const char* call) {
  check(core, stream, reg, call);
  std::lock_guard lock(mutex_);
  const auto it = values_.find(key_of(core, stream, reg));
  return it == values_.end() ? 0 : it->second;
}

void StreamRegisters::write(const CoreState& core, uint32_t stream, uint32_t reg, uint32_t value, const char* call) {
  check(core, stream, reg, call);
  std::lock_guard lock(mutex_);
  // Only the two flow-control registers touch the free words (its low field).
  const auto free_words = [&] { return &values_[key_of(core, stream, r::kRemoteDestBufSpaceAvailable)]; };
  const auto set_words = [](uint32_t* word, uint32_t words) {
    *word = (*word & ~r::kWordsFreeMask) | (words & r::kWordsFreeMask);
  };
  switch (reg) {
    case r::kRemoteDestBufSize: set_words(free_words(), value); break;
    case r::kRemoteDestBufSpaceAvailableUpdate: {
      uint32_t* word = free_words();
      set_words(word, *word + (value >> r::kWordsFreeInc));
      return;  // the update register holds nothing itself
    }
    default: break;
  }
  values_[key_of(core, stream, reg)] = value;
}

}  // namespace zyxtt::emu

namespace zyxtt::emu::krt_impl {

uint32_t stream_reg_read(uint32_t stream, uint32_t reg) {
  // A kernel polls a register another core writes: let the others run first.
  yield_now();
  const KernelInstance& k = current();
  return k.run->stream_regs->read(*k.core, stream, reg, "NOC_STREAM_READ_REG");
}

void stream_reg_write(uint32_t stream, uint32_t reg, uint32_t value) {
  const KernelInstance& k = current();
  k.run->stream_regs->write(*k.core, stream, reg, value, "NOC_STREAM_WRITE_REG");
}

}  // namespace zyxtt::emu::krt_impl
