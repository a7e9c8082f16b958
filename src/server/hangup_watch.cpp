#include "server/hangup_watch.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>

namespace zyxtt::server {

HangupWatch::HangupWatch(int fd, const InputReader& reader, std::function<void()> on_gone)
    : fd_(fd), reader_(reader), on_gone_(std::move(on_gone)) {
  if (pipe2(quit_, O_CLOEXEC) != 0) return;  // no watch: EOF is still seen between commands
  thread_ = std::thread([this] { watch(); });
}

HangupWatch::~HangupWatch() {
  if (thread_.joinable()) {
    char byte = 1;
    [[maybe_unused]] ssize_t n = write(quit_[1], &byte, 1);
    thread_.join();
  }
  for (int fd : quit_)
    if (fd >= 0) close(fd);
}

void HangupWatch::watch() {
  for (;;) {
    // No input events asked: only a hang-up (pipe, tty) or a peer's shutdown
    // (socket) wakes this.
    pollfd fds[2] = {{fd_, POLLRDHUP, 0}, {quit_[0], POLLIN, 0}};
    const int n = poll(fds, 2, -1);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 || (fds[1].revents & POLLIN)) return;
    if (fds[0].revents & POLLNVAL) return;
    int pending = 0;
    if (ioctl(fd_, FIONREAD, &pending) != 0) pending = 0;
    if (pending == 0 && reader_.unread() == 0) {
      on_gone_();
      return;
    }
    // Commands still to serve: look again once the reader has taken some.
    pollfd quit{quit_[0], POLLIN, 0};
    if (poll(&quit, 1, 20) > 0) return;
  }
}

}  // namespace zyxtt::server
