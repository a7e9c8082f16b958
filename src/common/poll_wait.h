// Waiting for another process by polling before sleeping: waking a sleeping
// process costs tens of microseconds on a VM, more than a protocol message,
// so a waiter first checks without sleeping, yielding the CPU in between.
// That only pays while the machine has a CPU to spare: when another task
// wants this one, each yield hands it over for a whole time slice
// (milliseconds) and the answer waits behind it, where a sleeping waiter
// would have been woken at once. So a spin ends at the first yield that
// comes back late, and after a second late one soon after the first (a
// single one can be the hypervisor's doing) spins stay off for a while.
#pragma once

#include <poll.h>

#include <chrono>

namespace zyxtt {

// A yield slower than this ran another task: the machine is busy.
inline constexpr std::chrono::microseconds kLateYield{500};
// Two late yields this close together turn spins off (in this process)
// for kSpinBackoff.
inline constexpr std::chrono::milliseconds kLateYieldWindow{50};
inline constexpr std::chrono::milliseconds kSpinBackoff{100};

// False for kSpinBackoff after two late yields within kLateYieldWindow.
bool spinning_pays();
// Yields the CPU; false when the yield came back late.
bool yield_while_idle();

// Calls `ready` until it returns true (then true), yielding in between, for
// up to `spin`; false when the spin ended without it, at once while spins
// are off. The caller then sleeps in its blocking wait.
template <typename Ready>
bool spin_until(std::chrono::microseconds spin, Ready&& ready) {
  if (spin.count() <= 0 || !spinning_pays()) return false;
  const auto until = std::chrono::steady_clock::now() + spin;
  do {
    if (ready()) return true;
  } while (yield_while_idle() && std::chrono::steady_clock::now() < until);
  return false;
}

// A pause for the CPU inside a loop that waits on memory (saves power and
// lets a sibling hyper-thread run).
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Like poll(fds, n, -1), but first checks without sleeping for up to `spin`
// (spin_until). Returns what poll returned.
int poll_after_spin(pollfd* fds, nfds_t n, std::chrono::microseconds spin);

}  // namespace zyxtt
