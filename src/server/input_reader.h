// Reads stdin as the protocol frames it: a line, then (for compile_program)
// an exact number of raw bytes. A stop request (SIGTERM) ends input like EOF.
// Lines are bounded: a longer one is dropped as it streams in, never held
// whole, and the buffer shrinks back once it has passed.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "common/no_init_allocator.h"

namespace zyxtt::server {

struct InputLine {
  std::string text;        // the line without '\n'; for a too-long line, its first kHeadBytes
  uint64_t too_long = 0;   // when the line was over the limit: its length, else 0
  static constexpr size_t kHeadBytes = 4096;
};

class InputReader {
 public:
  // `stop_fd` becomes readable when the process is asked to stop (-1: none).
  // Waiting for input polls without sleeping for `idle_spin` first.
  InputReader(int fd, int stop_fd, size_t max_line_bytes, std::chrono::microseconds idle_spin = {});

  // The next line; nullopt at EOF or stop. A final line without '\n' is
  // still returned.
  std::optional<InputLine> read_line();
  // Appends up to `n` bytes to `out`; returns how many arrived before EOF.
  size_t read_exact(std::string& out, size_t n);
  // Reads and drops `n` bytes; returns how many arrived.
  size_t skip(size_t n);

  bool stopped() const { return stopped_; }
  // Bytes read from the descriptor that no call has returned yet, or
  // kReading while a read may have taken bytes not yet counted; safe to ask
  // from another thread (HangupWatch).
  size_t unread() const { return unread_.load(std::memory_order_seq_cst); }
  static constexpr size_t kReading = ~size_t{0};
  int fd() const { return fd_; }

 private:
  std::optional<InputLine> next_line();
  // Refills the buffer; false at EOF or stop.
  bool fill();
  // Drops the rest of a line longer than the limit; returns its full length.
  uint64_t discard_rest_of_line(uint64_t seen);
  // Gives memory back after a long line grew the buffer.
  void shrink();
  void publish_unread() { unread_.store(end_ - begin_, std::memory_order_release); }

  int fd_;
  int stop_fd_;
  size_t max_line_bytes_;
  std::chrono::microseconds idle_spin_;
  bool stopped_ = false;
  bool eof_ = false;
  std::vector<char, NoInitAllocator<char>> buf_;  // filled by read(), never zeroed
  size_t begin_ = 0;
  size_t end_ = 0;
  std::atomic<size_t> unread_{0};
};

}  // namespace zyxtt::server
