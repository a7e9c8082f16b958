// Page-table population ahead of copies (common/populate.h) and the NOC
// path's memory of the DRAM buffers a kernel touched (run_context.h).
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include "common/populate.h"
#include "device/emu/run_context.h"

using namespace zyxtt;

namespace {

const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));

// Pages of [p, p + bytes) this process has mapped (mincore), as 0/1.
std::vector<int> resident(const void* p, size_t bytes) {
  std::vector<unsigned char> v(bytes / page);
  EXPECT_EQ(mincore(const_cast<void*>(p), bytes, v.data()), 0);
  return std::vector<int>(v.begin(), v.end());
}

// A shared mapping of a fresh memfd of `pages` pages; its descriptor in `fd`.
unsigned char* mapped_file(size_t pages, int& fd) {
  fd = memfd_create("populate-test", MFD_CLOEXEC);
  EXPECT_GE(fd, 0);
  EXPECT_EQ(ftruncate(fd, static_cast<off_t>(pages * page)), 0);
  void* p = mmap(nullptr, pages * page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  EXPECT_NE(p, MAP_FAILED);
  return static_cast<unsigned char*>(p);
}

}  // namespace

TEST(Populate, MapsTheRangeOfAFileAheadAndKeepsItsBytes) {
  int fd = -1;
  unsigned char* p = mapped_file(8, fd);
  EXPECT_EQ(resident(p, 8 * page), std::vector<int>(8, 0));
  populate(p + page + 5, 2 * page, /*for_write=*/true);  // pages 1..3, rounded out
  EXPECT_EQ(resident(p, 8 * page), (std::vector<int>{0, 1, 1, 1, 0, 0, 0, 0}));
  std::memset(p + page, 0x5a, 3 * page);
  populate(p, 8 * page, /*for_write=*/false);
  EXPECT_EQ(p[2 * page], 0x5a);
  munmap(p, 8 * page);
  close(fd);
}

// A client may shrink its object under the runtime's mapping at any time:
// populating past its end must neither raise SIGBUS nor fail loudly.
TEST(Populate, PastTheEndOfAShrunkenFileIsHarmless) {
  int fd = -1;
  unsigned char* p = mapped_file(4, fd);
  ASSERT_EQ(ftruncate(fd, static_cast<off_t>(page)), 0);
  populate(p, 4 * page, /*for_write=*/true);
  populate(p, 4 * page, /*for_write=*/false);
  p[0] = 1;  // the page still inside the file works
  EXPECT_EQ(p[0], 1);
  munmap(p, 4 * page);
  close(fd);
}

TEST(NocCache, HoldsTheLastTwoBuffersAKernelTouched) {
  emu::NocCache cache;
  EXPECT_FALSE(cache.holds(0x1000, 4));
  cache.remember(0x1000, 0x2000);
  cache.remember(0x8000, 0x9000);
  EXPECT_TRUE(cache.holds(0x1000, 4));
  EXPECT_TRUE(cache.holds(0x8ffc, 4));
  EXPECT_FALSE(cache.holds(0x1ffe, 4)) << "runs past the first buffer";
  EXPECT_FALSE(cache.holds(0x2000, 4)) << "between the buffers";
  cache.remember(0x20000, 0x21000);  // a third: the oldest is forgotten
  EXPECT_FALSE(cache.holds(0x1000, 4));
  EXPECT_TRUE(cache.holds(0x8000, 4));
  EXPECT_TRUE(cache.holds(0x20000, 0x1000));
}
