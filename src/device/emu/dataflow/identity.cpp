// Identity, arguments, address encoders and semaphores of the calling instance.
#include <fmt/format.h>

#include <algorithm>

#include "device/emu/l1_layout.h"
#include "device/emu/run_context.h"
#include "device/emu/dataflow/dataflow_internal.h"
#include "device/emu/dataflow/findings.h"
#include "device/emu/trace/recorder.h"
#include "device/emu/krt_impl.h"
#include "zyxtt/noc_addr.h"

namespace zyxtt::emu::krt_impl {

Role role() { return current().role; }
uint32_t l1_zeros_addr() { return df::l1_base(*current().core) + l1::kZerosBase; }
uint32_t logical_x() { return current().core->x; }
uint32_t logical_y() { return current().core->y; }
// Translated coordinates are the same on both NOCs.
uint32_t my_noc_x(uint8_t) { return current().core->noc_x; }
uint32_t my_noc_y(uint8_t) { return current().core->noc_y; }
uint8_t default_noc() { return current().noc; }

uint32_t runtime_arg(uint32_t index) {
  const emu::KernelInstance& k = current();
  if (index >= k.arg_count) [[unlikely]] {
    if (index >= l1::kMaxRuntimeArgs)
      fail_run(fmt::format("get_arg_val({}): the kernel has {} runtime args", index, k.arg_count));
    // Inside the args' L1 slots silicon reads what the slot holds (tt-metal's
    // own eltwise_binary compute kernel reads an arg its examples never set).
    report_finding(k, "get_arg_val", nullptr, 0,
                   fmt::format("index {} is past the kernel's {} runtime args; it reads what that L1 slot holds, "
                               "as silicon does",
                               index, k.arg_count));
  }
  return k.args[index];
}
uint32_t* runtime_args_base() { return current().args; }
uint32_t runtime_arg_count() { return current().arg_count; }
uint32_t common_arg(uint32_t index) {
  const emu::KernelInstance& k = current();
  if (index >= k.common_arg_count) {
    fail_run(fmt::format("get_common_arg_val({}): the kernel has {} common runtime args", index, k.common_arg_count));
  }
  return k.common_args[index];
}
uint32_t* common_args_base() { return current().common_args; }

uint32_t dram_banks() { return current_run().dram_banks; }
uint32_t l1_banks() {
  const emu::RunState& rs = current_run();
  return rs.rows * rs.cols;
}
uint64_t l1_bank_noc_addr(uint32_t bank, uint32_t l1_addr) {
  const emu::RunState& rs = current_run();
  if (bank >= rs.rows * rs.cols) {
    fail_run(fmt::format("L1 bank {} does not exist ({} worker cores)", bank, rs.rows * rs.cols));
  }
  const emu::CoreState& c = rs.cores[bank];
  return noc::unicast(c.noc_x, c.noc_y, l1_addr);
}

uint32_t semaphore_addr(uint32_t id) {
  const emu::CoreState& c = *current().core;
  if (id >= emu::l1::kMaxSemaphores) fail_run(fmt::format("get_semaphore({}): at most {} semaphores", id, emu::l1::kMaxSemaphores));
  return c.semaphore_base + id * emu::l1::kSemaphoreStride;
}

static bool l1_word_ready(const emu::KernelInstance&, const emu::Wait& w) {
  const uint32_t v = std::atomic_ref<uint32_t>(*const_cast<uint32_t*>(w.word)).load(std::memory_order_acquire);
  return w.at_least ? v >= w.value : v == w.value;
}

void wait_l1_word(volatile uint32_t* addr, uint32_t value, bool at_least, const char* call, const char* file,
                  uint32_t line) {
  emu::KernelInstance& k = current();
  uint64_t off = reinterpret_cast<uintptr_t>(addr) - uintptr_t(emu::df::l1_base(*k.core));
  // An L1 buffer's address (a global semaphore's, say) is its offset in the
  // core's L1, as on silicon: wait on the word there.
  if (off >= k.core->l1_bytes && reinterpret_cast<uintptr_t>(addr) < k.core->l1_bytes) {
    off = reinterpret_cast<uintptr_t>(addr);
    addr = reinterpret_cast<volatile uint32_t*>(k.core->l1 + off);
  }
  if (off + 4 > k.core->l1_bytes || off % 4 != 0) {
    fail_run(fmt::format("{}: address {:#x} is not an aligned word of this core's L1", call,
                         reinterpret_cast<uintptr_t>(addr)));
  }
  emu::Wait w;
  w.call = call;
  w.file = file;
  w.line = line;
  w.ready = l1_word_ready;
  w.word = addr;
  w.value = value;
  w.at_least = at_least;
  // The word was set by the latest write that landed here.
  auto sync = [&] { k.model.now = std::max(k.model.now, emu::timing::landed(k.core->l1_landed)); };
  if (!l1_word_ready(k, w)) {
    emu::block_traced(k, w, emu::TraceKind::kSemaphoreWait, static_cast<uint32_t>(off), value,
                      at_least ? emu::kTraceAtLeast : uint8_t{0}, sync);
  } else {
    emu::sync_traced(k, emu::TraceKind::kSemaphoreWait, static_cast<uint32_t>(off), value,
                     at_least ? emu::kTraceAtLeast : uint8_t{0}, line, sync);
  }
}

void yield_turns(uint32_t turns) {
  for (uint32_t i = 0; i < turns; ++i) yield_now();
}

void abort_run(const char* message) { fail_run(message); }

void waypoint(uint32_t code) {
  current().waypoint = code;
  publish_waypoint(code);
}

}  // namespace zyxtt::emu::krt_impl
