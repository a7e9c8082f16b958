#include "common/poll_wait.h"

#include <sched.h>

namespace zyxtt {

int poll_after_spin(pollfd* fds, nfds_t n, std::chrono::microseconds spin) {
  using Clock = std::chrono::steady_clock;
  if (spin.count() > 0) {
    const auto until = Clock::now() + spin;
    do {
      if (int r = poll(fds, n, 0); r != 0) return r;
      sched_yield();  // others on this CPU go first
    } while (Clock::now() < until);
  }
  return poll(fds, n, -1);
}

}  // namespace zyxtt
