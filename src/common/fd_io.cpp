#include "common/fd_io.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "common/error.h"

namespace zyxtt {

namespace {

struct Moved {
  uint64_t bytes;
  int error;  // the failing call's errno, or 0
};

template <bool kRead, typename Byte>
Moved transfer(int fd, std::span<Byte> bytes, uint64_t offset) {
  size_t done = 0;
  while (done < bytes.size()) {
    const off_t at = static_cast<off_t>(offset + done);
    ssize_t n = kRead ? pread(fd, const_cast<std::byte*>(bytes.data()) + done, bytes.size() - done, at)
                      : pwrite(fd, bytes.data() + done, bytes.size() - done, at);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return {done, errno};
    if (n == 0) break;
    done += static_cast<size_t>(n);
  }
  return {done, 0};
}

template <bool kRead, typename Byte>
uint64_t transfer_or_throw(int fd, std::span<Byte> bytes, uint64_t offset, const char* what) {
  const Moved m = transfer<kRead>(fd, bytes, offset);
  if (m.error != 0) {
    throw Error(Code::kFailedPrecondition, std::string(what) + ": " + (kRead ? "reading" : "writing") +
                                               " failed: " + std::strerror(m.error));
  }
  return m.bytes;
}

template <bool kRead, typename Byte>
int transfer_exact(int fd, std::span<Byte> bytes, uint64_t offset) {
  const Moved m = transfer<kRead>(fd, bytes, offset);
  if (m.error != 0) return m.error;
  return m.bytes == bytes.size() ? 0 : (kRead ? EIO : ENOSPC);
}

}  // namespace

uint64_t pread_full(int fd, std::span<std::byte> out, uint64_t offset, const char* what) {
  return transfer_or_throw<true>(fd, out, offset, what);
}

uint64_t pwrite_full(int fd, std::span<const std::byte> in, uint64_t offset, const char* what) {
  return transfer_or_throw<false>(fd, in, offset, what);
}

int pread_exact(int fd, std::span<std::byte> out, uint64_t offset) { return transfer_exact<true>(fd, out, offset); }

int pwrite_exact(int fd, std::span<const std::byte> in, uint64_t offset) {
  return transfer_exact<false>(fd, in, offset);
}

}  // namespace zyxtt
