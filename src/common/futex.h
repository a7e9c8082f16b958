// Sleeping on a 32-bit word another thread or process changes (Linux futex;
// the word may live in shared memory).
#pragma once

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <climits>
#include <cstdint>
#include <ctime>

namespace zyxtt {

// Sleeps while `word` reads `seen`, at most `timeout_us`; may wake early.
inline void futex_wait(std::atomic<uint32_t>& word, uint32_t seen, uint32_t timeout_us) {
  const timespec timeout{static_cast<time_t>(timeout_us / 1000000), static_cast<long>(timeout_us % 1000000) * 1000};
  syscall(SYS_futex, reinterpret_cast<uint32_t*>(&word), FUTEX_WAIT, seen, &timeout, nullptr, 0);
}

// Wakes up to `count` sleepers on `word`.
inline void futex_wake(std::atomic<uint32_t>& word, int count = INT_MAX) {
  syscall(SYS_futex, reinterpret_cast<uint32_t*>(&word), FUTEX_WAKE, count, nullptr, nullptr, 0);
}

}  // namespace zyxtt
