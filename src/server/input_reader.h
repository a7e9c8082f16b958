// Reads stdin as the protocol frames it: a line, then (for compile_program)
// an exact number of raw bytes. A stop request (SIGTERM) ends input like EOF.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace zyxtt::server {

class InputReader {
 public:
  // `stop_fd` becomes readable when the process is asked to stop (-1: none).
  // Waiting for input polls without sleeping for `idle_spin` first.
  InputReader(int fd, int stop_fd, std::chrono::microseconds idle_spin = {});

  // The next line without its '\n'; nullopt at EOF or stop. A final line
  // without '\n' is still returned.
  std::optional<std::string> read_line();
  // Appends up to `n` bytes to `out`; returns how many arrived before EOF.
  size_t read_exact(std::string& out, size_t n);
  // Reads and drops `n` bytes; returns how many arrived.
  size_t skip(size_t n);

  bool stopped() const { return stopped_; }

 private:
  // Refills the buffer; false at EOF or stop.
  bool fill();

  int fd_;
  int stop_fd_;
  std::chrono::microseconds idle_spin_;
  bool stopped_ = false;
  bool eof_ = false;
  std::vector<char> buf_;
  size_t begin_ = 0;
  size_t end_ = 0;
};

}  // namespace zyxtt::server
