// poll() that first polls without sleeping for a while: waking a sleeping
// process costs tens of microseconds on a VM, more than a protocol message.
#pragma once

#include <poll.h>

#include <chrono>

namespace zyxtt {

// Like poll(fds, n, timeout_ms), but checks without sleeping (yielding the
// CPU in between) for up to `spin` first; the timeout counts after the spin.
// Returns what poll returned.
int poll_after_spin(pollfd* fds, nfds_t n, std::chrono::microseconds spin, int timeout_ms = -1);

}  // namespace zyxtt
