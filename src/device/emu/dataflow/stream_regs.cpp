#include "device/emu/dataflow/stream_regs.h"

#include <sys/mman.h>

#include <fmt/format.h>

#include "device/emu/run_context.h"
#include "zyxtt/noc_regs.h"

namespace zyxtt::emu {
namespace {

namespace r = noc_regs;

// The NOC grid the shared pages cover (Blackhole's is 17 x 12).
constexpr uint32_t kNocColumns = 32, kNocRows = 16;
constexpr size_t kCoreWords = size_t{r::kTensixStreams} * r::kStreamSpace / 4;
constexpr size_t kPagesBytes = size_t{kNocColumns} * kNocRows * kCoreWords * 4;

void check(const CoreState& core, uint32_t stream, uint32_t reg, const char* call) {
  const uint32_t streams = core.ethernet ? r::kEthStreams : r::kTensixStreams;
  if (stream >= streams || reg >= r::kStreamSpace / 4) [[unlikely]] {
    fail_run(fmt::format("{}: stream {} register {} does not exist on {} core ({},{}) ({} streams of {} registers)",
                         call, stream, reg, core.ethernet ? "ethernet" : "Tensix", core.noc_x, core.noc_y, streams,
                         r::kStreamSpace / 4));
  }
}

size_t index_of(uint32_t stream, uint32_t reg) { return size_t{stream} * (r::kStreamSpace / 4) + reg; }

}  // namespace

// Shared, so that the L1 window can map a core's pages a second time;
// untouched pages cost nothing.
StreamRegisters::StreamRegisters() {
  void* p = mmap(nullptr, kPagesBytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p != MAP_FAILED) pages_ = static_cast<uint32_t*>(p);
}

StreamRegisters::~StreamRegisters() {
  if (pages_ != nullptr) munmap(pages_, kPagesBytes);
}

uint32_t* StreamRegisters::words_of(uint32_t noc_x, uint32_t noc_y) {
  if (pages_ == nullptr || noc_x >= kNocColumns || noc_y >= kNocRows) return nullptr;
  return pages_ + (size_t{noc_y} * kNocColumns + noc_x) * kCoreWords;
}

uint32_t* StreamRegisters::word(const CoreState& core, uint32_t stream, uint32_t reg) {
  if (core.stream_words != nullptr) return core.stream_words + index_of(stream, reg);
  std::unique_ptr<uint32_t[]>& words = off_grid_[(uint64_t{core.noc_y} << 32) | core.noc_x];
  if (!words) words = std::make_unique<uint32_t[]>(kCoreWords);  // zeroed
  return words.get() + index_of(stream, reg);
}

uint32_t StreamRegisters::read(const CoreState& core, uint32_t stream, uint32_t reg, const char* call) {
  check(core, stream, reg, call);
  if (core.stream_words != nullptr) return __atomic_load_n(core.stream_words + index_of(stream, reg), __ATOMIC_RELAXED);
  std::lock_guard lock(mutex_);
  return *word(core, stream, reg);
}

void StreamRegisters::write(const CoreState& core, uint32_t stream, uint32_t reg, uint32_t value, const char* call) {
  check(core, stream, reg, call);
  std::lock_guard lock(mutex_);
  // Only the two flow-control registers touch the free words (its low field).
  if (reg == r::kRemoteDestBufSize || reg == r::kRemoteDestBufSpaceAvailableUpdate) {
    uint32_t* free_word = word(core, stream, r::kRemoteDestBufSpaceAvailable);
    const uint32_t old = __atomic_load_n(free_word, __ATOMIC_RELAXED);
    const uint32_t words = reg == r::kRemoteDestBufSize ? value : old + (value >> r::kWordsFreeInc);
    __atomic_store_n(free_word, (old & ~r::kWordsFreeMask) | (words & r::kWordsFreeMask), __ATOMIC_RELAXED);
    if (reg == r::kRemoteDestBufSpaceAvailableUpdate) return;  // the update register holds nothing itself
  }
  __atomic_store_n(word(core, stream, reg), value, __ATOMIC_RELAXED);
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
