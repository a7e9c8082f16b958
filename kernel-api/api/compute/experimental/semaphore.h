// tt-metal's api/compute/experimental/semaphore.h: a counter in this core's
// L1 (semaphore `id` of the program) that the core's kernels raise, lower, set
// and wait on. Silicon builds it for Quasar only; its meaning does not depend
// on the arch, so the emulator offers it on every arch. Waits block the
// kernel until another kernel changes the word.
#pragma once

#include "api/compute/common.h"

namespace ckernel {
class Semaphore {
 public:
  explicit Semaphore(uint32_t semaphore_id) : addr_(zyxtt::krt::semaphore_addr(semaphore_id)) {}

  void up(uint32_t value) { *word() = *word() + value; }
  // Blocks until the value is at least `value`, then subtracts it.
  void down(uint32_t value, ZYXTT_SITE_PARAMS) {
    wait_min(value, ZYXTT_SITE);
    *word() = *word() - value;
  }
  // Blocks until the value equals `value` (no decrement).
  void wait(uint32_t value, ZYXTT_SITE_PARAMS) {
    if (*word() != value) zyxtt::krt::wait_l1_word(word(), value, false, "Semaphore::wait", ZYXTT_SITE);
  }
  // Blocks until the value is at least `value` (no decrement).
  void wait_min(uint32_t value, ZYXTT_SITE_PARAMS) {
    if (*word() < value) zyxtt::krt::wait_l1_word(word(), value, true, "Semaphore::wait_min", ZYXTT_SITE);
  }
  void set(uint32_t value) { *word() = value; }

 private:
  volatile uint32_t* word() const { return reinterpret_cast<volatile uint32_t*>(static_cast<uintptr_t>(addr_)); }
  uint32_t addr_;
};
}  // namespace ckernel
