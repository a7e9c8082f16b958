// poll() that first polls without sleeping for a while: waking a sleeping
// process costs tens of microseconds on a VM, more than a protocol message.
#pragma once

#include <poll.h>

#include <chrono>

namespace zyxtt {

// Like poll(fds, n, -1), but checks without sleeping (yielding the CPU in
// between) for up to `spin` first. Returns what poll returned.
int poll_after_spin(pollfd* fds, nfds_t n, std::chrono::microseconds spin);

}  // namespace zyxtt
