#include "common/fd_io.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "common/error.h"

namespace zyxtt {

namespace {

template <bool kRead, typename Byte>
uint64_t transfer(int fd, std::span<Byte> bytes, uint64_t offset, const char* what) {
  size_t done = 0;
  while (done < bytes.size()) {
    const off_t at = static_cast<off_t>(offset + done);
    ssize_t n = kRead ? pread(fd, const_cast<std::byte*>(bytes.data()) + done, bytes.size() - done, at)
                      : pwrite(fd, bytes.data() + done, bytes.size() - done, at);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      throw Error(Code::kFailedPrecondition, std::string(what) + ": " + (kRead ? "reading" : "writing") +
                                                 " failed: " + std::strerror(errno));
    }
    if (n == 0) break;
    done += static_cast<size_t>(n);
  }
  return done;
}

}  // namespace

uint64_t pread_full(int fd, std::span<std::byte> out, uint64_t offset, const char* what) {
  return transfer<true>(fd, out, offset, what);
}

uint64_t pwrite_full(int fd, std::span<const std::byte> in, uint64_t offset, const char* what) {
  return transfer<false>(fd, in, offset, what);
}

}  // namespace zyxtt
