#include "device/emu/worker/frame_io.h"

#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include "common/poll_wait.h"
#include "device/emu/worker/link_io.h"

namespace zyxtt::emu {
namespace {

constexpr uint64_t kMaxFrame = 1ull << 32;
constexpr size_t kReadChunk = 64 * 1024;

}  // namespace

bool write_frame(int fd, std::string_view payload, FrameCount* sent) {
  // One call: a reader woken by the length alone would sleep again for the rest.
  uint64_t length = payload.size();
  iovec parts[2] = {{&length, sizeof length}, {const_cast<char*>(payload.data()), payload.size()}};
  return write_frame_parts(fd, parts, 2, sent);
}

bool write_frame_parts(int fd, iovec* parts, int count, FrameCount* sent) {
  iovec* next = parts;
  while (count > 0) {
    ssize_t w = link_writev(fd, next, count);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    auto done = static_cast<size_t>(w);
    for (; count > 0 && done >= next->iov_len; ++next, --count) done -= next->iov_len;
    if (count > 0) {  // a partial write: the rest of this part next
      next->iov_base = static_cast<char*>(next->iov_base) + done;
      next->iov_len -= done;
    }
  }
  // After the write: a reader that sees the count finds the frame there.
  if (sent != nullptr) sent->fetch_add(1, std::memory_order_release);
  return true;
}

bool FrameReader::fill() {
  // Unread bytes move to the front; the buffer grows only for a larger frame.
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (buffer_.size() - end_ < kReadChunk) buffer_.resize(end_ + kReadChunk);
  for (;;) {
    ssize_t r = link_read(fd_, buffer_.data() + end_, buffer_.size() - end_);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) {
      closed_ = true;
      return false;
    }
    end_ += static_cast<size_t>(r);
    return true;
  }
}

// The buffered frame, if it is complete.
std::optional<std::string> FrameReader::take() {
  uint64_t length = 0;
  if (end_ - begin_ < sizeof length) return std::nullopt;
  std::memcpy(&length, buffer_.data() + begin_, sizeof length);
  if (end_ - begin_ - sizeof length < length) return std::nullopt;
  std::string frame(buffer_.data() + begin_ + sizeof length, length);
  begin_ += sizeof length + length;
  if (begin_ == end_) begin_ = end_ = 0;
  ++frames_read_;
  return frame;
}

std::optional<std::string> FrameReader::read() {
  for (;;) {
    if (end_ - begin_ >= sizeof(uint64_t)) {
      uint64_t length = 0;
      std::memcpy(&length, buffer_.data() + begin_, sizeof length);
      if (length > kMaxFrame) return std::nullopt;
    }
    if (auto frame = take()) return frame;
    if (closed_ || !fill()) return std::nullopt;
  }
}

bool FrameReader::announced(const FrameCount& sent) const {
  constexpr int kChecks = 64;  // about a microsecond of pauses
  for (int i = 0; i < kChecks; ++i) {
    if (sent.load(std::memory_order_acquire) != frames_read_) return true;
    cpu_relax();
  }
  return false;
}

std::optional<std::string> FrameReader::read_after_spin(std::chrono::microseconds spin, const FrameCount& sent) {
  spin_until(spin, [&] { return announced(sent); });
  return read();
}

}  // namespace zyxtt::emu
