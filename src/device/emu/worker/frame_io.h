// Length-prefixed frames over the stream socket between the runtime and its
// device-worker process: a u64 length, then the frame (run_job.h).
#pragma once

#include <sys/uio.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zyxtt::emu {

// The number of frames one side has written, in memory both sides map
// (ControlBlock): bumped after each frame, so that a reader waits for a frame
// by loading it, with no system call per check, and reads once one is there.
using FrameCount = std::atomic<uint64_t>;

// One write call per frame, then `sent` (if any) counts it. Returns false
// when the peer is gone.
bool write_frame(int fd, std::string_view payload, FrameCount* sent = nullptr);
// The same for a frame in pieces: `parts[0]` must be the u64 length, which
// covers the rest. No allocation: a signal handler may call it.
bool write_frame_parts(int fd, iovec* parts, int count, FrameCount* sent = nullptr);

// Reads frames from one fd. A read takes whatever has arrived, so a frame
// that follows another in the same read is not lost, and a small frame
// costs one read call rather than two.
class FrameReader {
 public:
  explicit FrameReader(int fd) : fd_(fd) {}
  // The next frame; nullopt at EOF or on error.
  std::optional<std::string> read();
  // Whether `sent` counts a frame this reader has not returned yet; loads it
  // for about a microsecond, so a frame written meanwhile is seen at once.
  bool announced(const FrameCount& sent) const;
  // Waits for announced(sent) while spinning pays, for up to `spin`
  // (spin_until); then read(). Waking a sleeping process costs tens of
  // microseconds on a VM.
  std::optional<std::string> read_after_spin(std::chrono::microseconds spin, const FrameCount& sent);
  bool closed() const { return closed_; }
  // Whether bytes of a next frame already arrived (then polling would hang).
  bool buffered() const { return end_ > begin_; }

 private:
  bool fill();
  std::optional<std::string> take();
  int fd_;
  std::vector<char> buffer_;
  size_t begin_ = 0, end_ = 0;  // unread bytes
  bool closed_ = false;
  uint64_t frames_read_ = 0;  // frames returned, for announced()
};

}  // namespace zyxtt::emu
