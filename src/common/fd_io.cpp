#include "common/fd_io.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "common/error.h"

namespace zyxtt {

namespace {

[[noreturn]] void fail(const char* what, const char* verb, uint64_t done, uint64_t total, int err) {
  std::string why = err ? std::strerror(err) : "the file ended";
  throw Error(Code::kFailedPrecondition, std::string(what) + ": " + verb + " " + std::to_string(done) + " of " +
                                             std::to_string(total) + " bytes, then " + why);
}

}  // namespace

void pread_exact(int fd, std::span<std::byte> out, uint64_t offset, const char* what) {
  size_t done = 0;
  while (done < out.size()) {
    ssize_t n = pread(fd, out.data() + done, out.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(what, "read", done, out.size(), n < 0 ? errno : 0);
    done += static_cast<size_t>(n);
  }
}

void pwrite_exact(int fd, std::span<const std::byte> in, uint64_t offset, const char* what) {
  size_t done = 0;
  while (done < in.size()) {
    ssize_t n = pwrite(fd, in.data() + done, in.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(what, "wrote", done, in.size(), n < 0 ? errno : 0);
    done += static_cast<size_t>(n);
  }
}

}  // namespace zyxtt
