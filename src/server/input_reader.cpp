#include "server/input_reader.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "common/poll_wait.h"

namespace zyxtt::server {
namespace {
constexpr size_t kInitialBytes = 1 << 20;
}

InputReader::InputReader(int fd, int stop_fd, size_t max_line_bytes, std::chrono::microseconds idle_spin)
    : fd_(fd),
      stop_fd_(stop_fd),
      max_line_bytes_(std::max<size_t>(max_line_bytes, 1)),
      idle_spin_(idle_spin),
      buf_(kInitialBytes) {}

bool InputReader::fill() {
  if (eof_ || stopped_) return false;
  if (begin_ == end_) begin_ = end_ = 0;
  if (end_ == buf_.size()) {
    if (begin_ > 0) {
      std::memmove(buf_.data(), buf_.data() + begin_, end_ - begin_);
      end_ -= begin_;
      begin_ = 0;
    } else {
      // Only a line still within the limit grows the buffer, and only to
      // the limit plus its newline.
      buf_.resize(std::max(buf_.size() + 1, std::min(buf_.size() * 2, max_line_bytes_ + 1)));
    }
  }
  for (;;) {
    pollfd fds[2] = {{fd_, POLLIN, 0}, {stop_fd_, POLLIN, 0}};
    int n = poll_after_spin(fds, stop_fd_ >= 0 ? 2 : 1, idle_spin_);
    if (n < 0) {
      if (errno == EINTR) continue;
      eof_ = true;
      return false;
    }
    if (stop_fd_ >= 0 && (fds[1].revents & POLLIN)) {
      stopped_ = true;
      return false;
    }
    // Bytes taken from the pipe but not yet counted must not look like
    // "nothing left" to HangupWatch: it would end the run they follow.
    unread_.store(kReading, std::memory_order_seq_cst);
    ssize_t got = read(fd_, buf_.data() + end_, buf_.size() - end_);
    if (got > 0) end_ += static_cast<size_t>(got);
    publish_unread();
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (got <= 0) {
      eof_ = true;
      return false;
    }
    return true;
  }
}

void InputReader::shrink() {
  if (buf_.size() <= kInitialBytes || end_ - begin_ > kInitialBytes) return;
  std::memmove(buf_.data(), buf_.data() + begin_, end_ - begin_);
  end_ -= begin_;
  begin_ = 0;
  buf_.resize(kInitialBytes);
  buf_.shrink_to_fit();
}

uint64_t InputReader::discard_rest_of_line(uint64_t seen) {
  for (;;) {
    const void* nl = std::memchr(buf_.data() + begin_, '\n', end_ - begin_);
    if (nl != nullptr) {
      size_t pos = static_cast<const char*>(nl) - buf_.data();
      seen += pos - begin_;
      begin_ = pos + 1;
      return seen;
    }
    seen += end_ - begin_;
    begin_ = end_;
    if (!fill()) return seen;
  }
}

std::optional<InputLine> InputReader::read_line() {
  std::optional<InputLine> line = next_line();
  publish_unread();
  return line;
}

std::optional<InputLine> InputReader::next_line() {
  size_t scanned = begin_;
  for (;;) {
    const char* start = buf_.data() + scanned;
    const void* nl = std::memchr(start, '\n', end_ - scanned);
    size_t length = (nl != nullptr ? static_cast<const char*>(nl) - buf_.data() : end_) - begin_;
    if (length > max_line_bytes_) {
      InputLine line;
      line.text.assign(buf_.data() + begin_, std::min(length, InputLine::kHeadBytes));
      line.too_long = discard_rest_of_line(0);
      shrink();
      return line;
    }
    if (nl != nullptr) {
      InputLine line{std::string(buf_.data() + begin_, length), 0};
      begin_ += length + 1;
      shrink();
      return line;
    }
    size_t offset = end_ - begin_;
    if (!fill()) {
      if (stopped_ || begin_ == end_) return std::nullopt;
      InputLine line{std::string(buf_.data() + begin_, end_ - begin_), 0};
      begin_ = end_;
      return line;
    }
    scanned = begin_ + offset;
  }
}

size_t InputReader::read_exact(std::string& out, size_t n) {
  size_t done = 0;
  while (done < n) {
    if (begin_ == end_ && !fill()) break;
    size_t take = std::min(n - done, end_ - begin_);
    out.append(buf_.data() + begin_, take);
    begin_ += take;
    done += take;
  }
  publish_unread();
  return done;
}

size_t InputReader::skip(size_t n) {
  size_t done = 0;
  while (done < n) {
    if (begin_ == end_ && !fill()) break;
    size_t take = std::min(n - done, end_ - begin_);
    begin_ += take;
    done += take;
  }
  publish_unread();
  return done;
}

}  // namespace zyxtt::server
