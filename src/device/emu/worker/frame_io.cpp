#include "device/emu/worker/frame_io.h"

#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

namespace zyxtt::emu {
namespace {

bool write_all(int fd, const char* data, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, data, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    data += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

bool read_all(int fd, char* data, size_t n) {
  while (n > 0) {
    ssize_t r = read(fd, data, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    data += r;
    n -= static_cast<size_t>(r);
  }
  return true;
}

}  // namespace

bool write_frame(int fd, const std::string& payload) {
  // One write: a reader woken by the length alone would sleep again for the rest.
  const uint64_t length = payload.size();
  std::string frame(sizeof length + payload.size(), '\0');
  std::memcpy(frame.data(), &length, sizeof length);
  std::memcpy(frame.data() + sizeof length, payload.data(), payload.size());
  return write_all(fd, frame.data(), frame.size());
}

std::optional<std::string> read_frame(int fd) {
  uint64_t length = 0;
  if (!read_all(fd, reinterpret_cast<char*>(&length), sizeof length)) return std::nullopt;
  if (length > (1ull << 32)) return std::nullopt;
  std::string payload(length, '\0');
  if (!read_all(fd, payload.data(), length)) return std::nullopt;
  return payload;
}

}  // namespace zyxtt::emu
