// Length-prefixed frames over the stream socket between the runtime and its
// device-worker process: a u64 length, then the frame (run_job.h).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zyxtt::emu {

// One write call per frame. Returns false when the peer is gone.
bool write_frame(int fd, std::string_view payload);

// Reads frames from one fd. A read takes whatever has arrived, so a frame
// that follows another in the same read is not lost, and a small frame
// costs one read call rather than two.
class FrameReader {
 public:
  explicit FrameReader(int fd) : fd_(fd) {}
  // The next frame; nullopt at EOF or on error.
  std::optional<std::string> read();
  // Without sleeping: a frame if one is complete after taking what has
  // arrived; nullopt otherwise (closed() tells EOF from nothing yet).
  std::optional<std::string> try_read();
  // try_read while spinning pays, for up to `spin` (spin_until); then read().
  // Waking a sleeping process costs tens of microseconds on a VM; one
  // syscall per check (no poll before the read) keeps the spin cheap.
  std::optional<std::string> read_after_spin(std::chrono::microseconds spin);
  bool closed() const { return closed_; }
  // Whether bytes of a next frame already arrived (then polling would hang).
  bool buffered() const { return end_ > begin_; }

 private:
  bool fill(bool wait = true);
  std::optional<std::string> take();
  int fd_;
  std::vector<char> buffer_;
  size_t begin_ = 0, end_ = 0;  // unread bytes
  bool closed_ = false;
};

}  // namespace zyxtt::emu
