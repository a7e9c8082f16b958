// Whole-range reads and writes on real descriptors: both forms (throwing and
// errno-returning) over one file, a short file and a descriptor that fails.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/fd_io.h"

namespace {

using zyxtt::pread_exact;
using zyxtt::pwrite_exact;

struct TempFile {
  TempFile() {
    char name[] = "/tmp/zyxtt-fd-io-XXXXXX";
    fd = mkstemp(name);
    path = name;
  }
  ~TempFile() {
    close(fd);
    unlink(path.c_str());
  }
  int fd;
  std::string path;
};

std::vector<std::byte> bytes_of(const std::string& s) {
  std::vector<std::byte> v(s.size());
  for (size_t i = 0; i < s.size(); ++i) v[i] = std::byte(s[i]);
  return v;
}

TEST(FdIo, ExactFormsMoveEveryByteAtTheOffset) {
  TempFile f;
  ASSERT_GE(f.fd, 0);
  const std::vector<std::byte> data = bytes_of("0123456789");
  EXPECT_EQ(pwrite_exact(f.fd, data, 4), 0);
  std::vector<std::byte> back(10);
  EXPECT_EQ(pread_exact(f.fd, back, 4), 0);
  EXPECT_EQ(back, data);
  EXPECT_EQ(zyxtt::pread_full(f.fd, back, 0, "t"), 10u);  // the hole reads as zeros, then 0..5
  EXPECT_EQ(back[3], std::byte{0});
  EXPECT_EQ(back[4], std::byte{'0'});
}

TEST(FdIo, AFileThatEndsFirstIsEioForTheExactReadAndShortForTheFullOne) {
  TempFile f;
  const std::vector<std::byte> data = bytes_of("abc");
  ASSERT_EQ(pwrite_exact(f.fd, data, 0), 0);
  std::vector<std::byte> back(8);
  EXPECT_EQ(pread_exact(f.fd, back, 0), EIO);
  EXPECT_EQ(zyxtt::pread_full(f.fd, back, 0, "t"), 3u);
}

TEST(FdIo, AFailingCallGivesItsErrnoOrThrowsNamingWhat) {
  TempFile f;
  const int read_only = open(f.path.c_str(), O_RDONLY);
  ASSERT_GE(read_only, 0);
  const std::vector<std::byte> data = bytes_of("x");
  EXPECT_EQ(pwrite_exact(read_only, data, 0), EBADF);
  try {
    zyxtt::pwrite_full(read_only, data, 0, "the test file");
    ADD_FAILURE() << "no throw";
  } catch (const zyxtt::Error& e) {
    EXPECT_NE(std::string(e.what()).find("the test file: writing failed"), std::string::npos) << e.what();
  }
  close(read_only);
}

}  // namespace
