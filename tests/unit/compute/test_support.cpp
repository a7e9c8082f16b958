#include "test_support.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>

#include "device/emu/compute/compute.h"
#include "zyxtt/krt.h"

namespace zyxtt::test {
namespace {
thread_local FakeCore* g_core = nullptr;
constexpr uint32_t kL1Bytes = 1u << 20;
}  // namespace

FakeCore* active_core() { return g_core; }

FakeCore::FakeCore(krt::Role role) {
  void* p = mmap(nullptr, kL1Bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
  if (p == MAP_FAILED) throw std::runtime_error("mmap MAP_32BIT failed");
  l1_ = static_cast<uint8_t*>(p);
  core_.l1 = l1_;
  core_.l1_bytes = kL1Bytes;
  l1_next_ = 4096;
  emu::compute::reset_compute_state(core_.compute, true, false);
  inst_.core = &core_;
  inst_.role = role;
  g_core = this;
  emu::t_current_instance = &inst_;
}

FakeCore::~FakeCore() {
  munmap(l1_, kL1Bytes);
  if (g_core == this) {
    g_core = nullptr;
    emu::t_current_instance = nullptr;
  }
}

void FakeCore::configure_cb(uint32_t id, uint32_t data_format, uint32_t page_bytes, uint32_t num_pages) {
  emu::CbState& c = core_.cbs[id];
  c = emu::CbState{};
  c.configured = true;
  c.data_format = data_format;
  c.page_bytes = page_bytes;
  c.num_pages = num_pages;
  c.base = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(l1_)) + l1_next_;
  c.limit = c.base + page_bytes * num_pages;
  std::fill(std::begin(c.rd_ptr), std::end(c.rd_ptr), c.base);
  std::fill(std::begin(c.wr_ptr), std::end(c.wr_ptr), c.base);
  l1_next_ += (page_bytes * num_pages + 63) & ~63u;
  if (l1_next_ > kL1Bytes) throw std::runtime_error("FakeCore L1 exhausted");
}

void FakeCore::feed(uint32_t id, const void* bytes, uint32_t pages) {
  emu::CbState& c = core_.cbs[id];
  constexpr uint32_t kProducer = 0;  // the reader's private pointer
  for (uint32_t i = 0; i < pages; ++i) {
    std::memcpy(reinterpret_cast<void*>(uintptr_t(c.wr_ptr[kProducer])), static_cast<const uint8_t*>(bytes) + i * c.page_bytes,
                c.page_bytes);
    c.wr_ptr[kProducer] += c.page_bytes;
    if (c.wr_ptr[kProducer] == c.limit) c.wr_ptr[kProducer] = c.base;
  }
  c.pages_received += pages;
}

uint8_t* FakeCore::page_ptr(uint32_t id, uint32_t page) {
  const emu::CbState& c = core_.cbs[id];
  return reinterpret_cast<uint8_t*>(uintptr_t(c.base + page * c.page_bytes));
}

}  // namespace zyxtt::test

// ---- emulator hooks ------------------------------------------------------------------
namespace zyxtt::emu {
constinit thread_local KernelInstance* t_current_instance = nullptr;
void block_until(const Wait& wait) { throw test::RunFailure(std::string(wait.call) + ": would block"); }
[[noreturn]] void fail_run(const std::string& what) { throw test::RunFailure(what); }
RunState& run_state() {
  static RunState rs;
  return rs;
}
}  // namespace zyxtt::emu

// ---- krt doubles: CB calls with the colleague's semantics, never blocking --------------
namespace zyxtt::krt {
using emu::CbState;
namespace {
CbState& cbs(uint32_t cb) {
  if (cb >= emu::kMaxCbs || !emu::current().core->cbs[cb].configured) emu::fail_run("CB " + std::to_string(cb) + " not configured");
  return emu::current().core->cbs[cb];
}
uint32_t role_ix() { return static_cast<uint32_t>(emu::current().role); }
uint32_t used(const CbState& c) { return (c.pages_received - c.pages_acked) & 0xFFFF; }
uint32_t advance(const CbState& c, uint32_t ptr, uint32_t n) {
  uint32_t next = ptr + n * c.page_bytes;
  return next >= c.limit ? c.base + (next - c.limit) : next;
}
}  // namespace

Role role() { return emu::current().role; }
uint32_t logical_x() { return emu::current().core->x; }
uint32_t logical_y() { return emu::current().core->y; }
uint32_t runtime_arg(uint32_t index) {
  auto& k = emu::current();
  if (index >= k.arg_count) emu::fail_run("get_arg_val: index " + std::to_string(index) + " out of range");
  return k.args[index];
}
uint32_t* runtime_args_base() { return emu::current().args; }
uint32_t runtime_arg_count() { return emu::current().arg_count; }
uint32_t common_arg(uint32_t index) {
  auto& k = emu::current();
  if (index >= k.common_arg_count) emu::fail_run("get_common_arg_val: index out of range");
  return k.common_args[index];
}
uint32_t* common_args_base() { return emu::current().common_args; }

void cb_reserve_back(uint32_t cb, uint32_t pages) {
  CbState& c = cbs(cb);
  if (c.num_pages - used(c) < pages) emu::fail_run("cb_reserve_back: would block");
  c.reserved[role_ix()] = std::max(c.reserved[role_ix()], pages);
}
void cb_push_back(uint32_t cb, uint32_t pages) {
  CbState& c = cbs(cb);
  if (pages > c.reserved[role_ix()]) emu::fail_run("cb_push_back: not reserved");
  c.wr_ptr[role_ix()] = advance(c, c.wr_ptr[role_ix()], pages);
  c.reserved[role_ix()] -= pages;
  c.pack_cursor = 0;
  c.pages_received += pages;
}
void cb_wait_front(uint32_t cb, uint32_t pages) {
  CbState& c = cbs(cb);
  if (used(c) < pages) emu::fail_run("cb_wait_front: would block");
  c.waited[role_ix()] = std::max(c.waited[role_ix()], pages);
}
void cb_pop_front(uint32_t cb, uint32_t pages) {
  CbState& c = cbs(cb);
  if (pages > c.waited[role_ix()]) emu::fail_run("cb_pop_front: not waited");
  c.rd_ptr[role_ix()] = advance(c, c.rd_ptr[role_ix()], pages);
  c.waited[role_ix()] -= pages;
  c.pages_acked += pages;
}
bool cb_pages_reservable_at_back(uint32_t cb, uint32_t pages) {
  const CbState& c = cbs(cb);
  return c.num_pages - used(c) >= pages;
}
bool cb_pages_available_at_front(uint32_t cb, uint32_t pages) { return used(cbs(cb)) >= pages; }
uint32_t cb_write_ptr(uint32_t cb) { return cbs(cb).wr_ptr[role_ix()]; }
uint32_t cb_read_ptr(uint32_t cb) { return cbs(cb).rd_ptr[role_ix()]; }
uint32_t cb_page_bytes(uint32_t cb) { return cbs(cb).page_bytes; }
uint32_t cb_num_pages(uint32_t cb) { return cbs(cb).num_pages; }
uint32_t cb_data_format(uint32_t cb) { return cbs(cb).data_format; }

void print_line(const char* text, size_t length) {
  if (auto* c = test::active_core()) c->printed().emplace_back(text, length);
}
void print_text(const char* text, size_t length) { print_line(text, length); }
[[noreturn]] void fail(const char* message) { emu::fail_run(message); }
}  // namespace zyxtt::krt
