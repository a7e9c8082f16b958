#include "common/fault_guarded_copy.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <thread>
#include <vector>

namespace zyxtt {
namespace {

// An object of `pages` pages of `fill`, mapped (writable), then cut to
// `keep` bytes: the mapping's pages past the last kept page are gone.
class ShrunkObject {
 public:
  ShrunkObject(size_t pages, unsigned char fill, size_t keep) : bytes_(pages * page()) {
    name_ = "/zyxtt-unit-guarded-" + std::to_string(getpid());
    fd_ = shm_open(name_.c_str(), O_RDWR | O_CREAT | O_EXCL, 0600);
    EXPECT_GE(fd_, 0);
    EXPECT_EQ(ftruncate(fd_, static_cast<off_t>(bytes_)), 0);
    data_ = static_cast<std::byte*>(mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0));
    EXPECT_NE(data_, MAP_FAILED);
    std::memset(data_, fill, bytes_);
    EXPECT_EQ(ftruncate(fd_, static_cast<off_t>(keep)), 0);
  }
  ~ShrunkObject() {
    munmap(data_, bytes_);
    close(fd_);
    shm_unlink(name_.c_str());
  }
  static size_t page() { return static_cast<size_t>(sysconf(_SC_PAGESIZE)); }
  std::byte* data() const { return data_; }
  size_t bytes() const { return bytes_; }

 private:
  size_t bytes_;
  std::string name_;
  int fd_ = -1;
  std::byte* data_ = nullptr;
};

TEST(FaultGuardedCopy, CopiesWholeWhenNothingVanishes) {
  std::vector<std::byte> src(10'000), dst(10'000);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<std::byte>(i * 7);
  EXPECT_EQ(fault_guarded_copy(dst.data(), src.data() + 3, 9'990), 9'990u);
  EXPECT_EQ(std::memcmp(dst.data(), src.data() + 3, 9'990), 0);
}

// Reading from a shrunk object stops at its first missing page and leaves
// every byte of the destination past that point as it was.
TEST(FaultGuardedCopy, StopsAtTheFirstVanishedSourcePageAndLeavesTheRestUntouched) {
  const size_t page = ShrunkObject::page();
  ShrunkObject object(8, 0xab, 3 * page);
  for (size_t start : {size_t{0}, size_t{40}}) {  // block-aligned and not
    std::vector<std::byte> dst(object.bytes(), std::byte{0x11});
    const size_t n = object.bytes() - start;
    const size_t copied = fault_guarded_copy(dst.data(), object.data() + start, n);
    const size_t kept = 3 * page - start;
    EXPECT_LE(copied, kept);
    EXPECT_GT(copied + 64, kept) << "stopped early";
    for (size_t i = 0; i < copied; ++i) ASSERT_EQ(dst[i], std::byte{0xab}) << i;
    for (size_t i = copied; i < dst.size(); ++i) ASSERT_EQ(dst[i], std::byte{0x11}) << i;
  }
}

TEST(FaultGuardedCopy, StopsAtTheFirstVanishedDestinationPage) {
  const size_t page = ShrunkObject::page();
  ShrunkObject object(8, 0x00, 5 * page);
  std::vector<std::byte> src(object.bytes(), std::byte{0x5c});
  const size_t copied = fault_guarded_copy(object.data(), src.data(), src.size());
  EXPECT_EQ(copied, 5 * page);
  for (size_t i = 0; i < copied; ++i) ASSERT_EQ(object.data()[i], std::byte{0x5c}) << i;
}

// Several threads at once, each with its own guard, some faulting.
TEST(FaultGuardedCopy, GuardsAreThreadLocal) {
  const size_t page = ShrunkObject::page();
  ShrunkObject object(16, 0x42, 7 * page);
  std::vector<std::thread> threads;
  std::vector<size_t> copied(4);
  for (size_t t = 0; t < copied.size(); ++t) {
    threads.emplace_back([&, t] {
      std::vector<std::byte> dst(object.bytes());
      for (int i = 0; i < 50; ++i) copied[t] = fault_guarded_copy(dst.data(), object.data(), t % 2 ? 7 * page : object.bytes());
    });
  }
  for (auto& th : threads) th.join();
  for (size_t t = 0; t < copied.size(); ++t) EXPECT_EQ(copied[t], 7 * page) << t;
}

}  // namespace
}  // namespace zyxtt
