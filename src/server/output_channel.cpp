#include "server/output_channel.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fmt/format.h>

namespace zyxtt::server {

OutputChannel::OutputChannel(int fd, KeepAliveTiming timing)
    : fd_(fd), timing_(timing), thread_([this] { keep_alive_loop(); }) {}

OutputChannel::~OutputChannel() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void OutputChannel::begin(std::string what) {
  // No notify: the keep-alive thread polls on its own tick, so a fast command
  // costs no thread wake-up.
  std::lock_guard lock(mutex_);
  busy_ = true;
  printed_ = false;
  what_ = std::move(what);
  started_ = Clock::now();
  next_due_ = started_ + timing_.first_after;
}

void OutputChannel::describe(std::string what) {
  std::lock_guard lock(mutex_);
  what_ = std::move(what);
}

void OutputChannel::answer(const std::string& line) {
  Clock::time_point wait_until;
  bool must_wait = false;
  {
    std::lock_guard lock(mutex_);
    busy_ = false;  // from here on the keep-alive thread stays silent
    must_wait = printed_;
    wait_until = last_line_ + timing_.gap;
  }
  if (must_wait) std::this_thread::sleep_until(wait_until);
  write_all(line + "\n");
}

void OutputChannel::keep_alive_loop() {
  // A tick well below both intervals keeps lines on time.
  auto tick = std::min(timing_.first_after, timing_.every) / 4;
  tick = std::clamp<std::chrono::milliseconds>(tick, std::chrono::milliseconds(5), std::chrono::milliseconds(100));
  std::unique_lock lock(mutex_);
  while (!quit_) {
    wake_.wait_for(lock, tick, [&] { return quit_; });
    auto now = Clock::now();
    if (quit_ || !busy_ || now < next_due_) continue;
    double seconds = std::chrono::duration<double>(now - started_).count();
    // Written under the lock so that answer() cannot slip in between.
    write_all(fmt::format("# zyx-tt-runtime: {} ({:.1f} s)\n", what_, seconds));
    last_line_ = Clock::now();
    printed_ = true;
    next_due_ = last_line_ + timing_.every;
  }
}

void OutputChannel::write_all(const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the client is gone; EOF on stdin ends us next
    done += static_cast<size_t>(n);
  }
}

}  // namespace zyxtt::server
