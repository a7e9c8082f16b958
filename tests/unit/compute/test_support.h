// Test doubles for the emulator hooks the compute library calls (current(),
// fail_run(), block_until(), run_state()) and for the krt CB calls, plus a
// one-core fixture whose L1 lives below 4 GiB like the real emulator's.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "device/emu/core_state.h"

namespace zyxtt::test {

// What the fail_run() double throws.
struct RunFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One core with a compute instance; CBs are carved from a MAP_32BIT L1.
class FakeCore {
 public:
  explicit FakeCore(krt::Role role = krt::Role::kCompute);
  ~FakeCore();
  FakeCore(const FakeCore&) = delete;
  FakeCore& operator=(const FakeCore&) = delete;

  emu::CoreState& core() { return core_; }
  emu::ComputeState& compute() { return core_.compute; }
  emu::CbState& cb(uint32_t id) { return core_.cbs[id]; }

  void configure_cb(uint32_t id, uint32_t data_format, uint32_t page_bytes, uint32_t num_pages);
  // A producer (another role) writes `pages` pages of raw bytes and pushes them.
  void feed(uint32_t id, const void* bytes, uint32_t pages);
  // Raw bytes of page `page` counted from the CB base.
  uint8_t* page_ptr(uint32_t id, uint32_t page);

  std::vector<std::string>& printed() { return printed_; }

 private:
  emu::CoreState core_;
  emu::KernelInstance inst_;
  uint8_t* l1_ = nullptr;
  uint32_t l1_next_ = 0;
  std::vector<std::string> printed_;
};

// The fixture in effect for the calling thread (set by FakeCore's constructor).
FakeCore* active_core();

}  // namespace zyxtt::test
