#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "device/emu/bank_allocator.h"

using zyxtt::emu::BankAllocator;

TEST(BankAllocator, RoundsToGranulesAndReusesFreedSpace) {
  BankAllocator a(4096, 4096 * 10, 4096);
  auto x = a.allocate(1);
  auto y = a.allocate(4097);
  ASSERT_TRUE(x && y);
  EXPECT_EQ(*x, 4096u);
  EXPECT_EQ(*y, 8192u);
  EXPECT_EQ(a.allocated_size(*y), 8192u);
  EXPECT_EQ(a.free_bytes(), 4096u * 6);
  EXPECT_EQ(a.free(*x), 4096u);
  EXPECT_EQ(a.allocate(4096).value(), 4096u);  // first fit takes the hole back
}

TEST(BankAllocator, RefusesWhatDoesNotFit) {
  BankAllocator a(0, 4096 * 4, 4096);
  EXPECT_FALSE(a.allocate(0));
  EXPECT_FALSE(a.allocate(4096 * 5));
  EXPECT_TRUE(a.allocate(4096 * 4));
  EXPECT_FALSE(a.allocate(1));
  EXPECT_EQ(a.free(12345), 0u);  // not an allocation
}

TEST(BankAllocator, CoalescesNeighbours) {
  BankAllocator a(0, 4096 * 3, 4096);
  auto p = a.allocate(4096), q = a.allocate(4096), r = a.allocate(4096);
  a.free(*p);
  a.free(*r);
  EXPECT_EQ(a.free_range_count(), 2u);
  a.free(*q);
  EXPECT_EQ(a.free_range_count(), 1u);
  EXPECT_EQ(a.largest_free_range(), 4096u * 3);
}

TEST(BankAllocator, TenThousandMixedCyclesDoNotFragment) {
  const uint64_t total = 4096ull * 100000;
  BankAllocator a(0, total, 4096);
  std::mt19937 rng(42);
  std::vector<uint64_t> live;
  for (int i = 0; i < 10000; ++i) {
    if (live.size() < 50 && (rng() % 3 != 0 || live.empty())) {
      uint64_t bytes = 1 + rng() % (4096 * 64);
      auto address = a.allocate(bytes);
      ASSERT_TRUE(address) << "cycle " << i;
      live.push_back(*address);
    } else {
      size_t k = rng() % live.size();
      a.free(live[k]);
      live.erase(live.begin() + k);
    }
  }
  for (uint64_t address : live) a.free(address);
  EXPECT_EQ(a.free_bytes(), total);
  EXPECT_EQ(a.free_range_count(), 1u);
}

// L1 buffers go top-down (tt-metal's L1 allocator), into the highest free
// range that fits, and merge back on free.
TEST(BankAllocator, TopDownTakesTheTopOfTheHighestFreeRangeThatFits) {
  BankAllocator a(0x10000, 0x20000, 16, /*top_down=*/true);
  EXPECT_EQ(a.lowest_allocated(), 0x20000u);
  EXPECT_EQ(a.allocate(0x1000), 0x1F000u);
  EXPECT_EQ(a.allocate(0x10), 0x1EFF0u);
  EXPECT_EQ(a.allocate(0x2000), 0x1CFF0u);
  EXPECT_EQ(a.lowest_allocated(), 0x1CFF0u);
  a.free(0x1EFF0);                        // a 16-byte hole below the first buffer
  EXPECT_EQ(a.allocate(0x20), 0x1CFD0u);  // too small for 32 bytes: below the rest
  EXPECT_EQ(a.allocate(0x10), 0x1EFF0u);  // fits the hole, the highest range
  for (uint64_t at : {0x1F000u, 0x1EFF0u, 0x1CFF0u, 0x1CFD0u}) a.free(at);
  EXPECT_EQ(a.free_bytes(), 0x10000u);
  EXPECT_EQ(a.free_range_count(), 1u);
  EXPECT_FALSE(a.allocate(0x10010));
}

// Another bank allocator's address taken here too, as a mesh's chips place a
// buffer in lock step: only where every byte of it is free.
TEST(BankAllocator, AllocateAtTakesAGivenRangeOnlyWhenAllOfItIsFree) {
  BankAllocator a(4096, 4096 * 10, 4096);
  EXPECT_TRUE(a.allocate_at(4096 * 4, 4097));  // two granules in the middle
  EXPECT_EQ(a.allocated_size(4096 * 4), 8192u);
  EXPECT_EQ(a.free_bytes(), 4096u * 7);
  EXPECT_FALSE(a.allocate_at(4096 * 5, 1)) << "inside a taken range";
  EXPECT_FALSE(a.allocate_at(4096 * 3, 8192)) << "overlaps a taken range";
  EXPECT_FALSE(a.allocate_at(4096 * 9, 8192)) << "past the limit";
  EXPECT_FALSE(a.allocate_at(0, 1)) << "below the base";
  EXPECT_FALSE(a.allocate_at(4096 + 16, 1)) << "not a granule boundary";
  EXPECT_EQ(a.allocate(4096 * 3).value(), 4096u) << "the hole below is still free";
  EXPECT_EQ(a.allocate(4096 * 3).value(), 4096u * 6) << "and the range above";
  EXPECT_EQ(a.free(4096 * 4), 8192u);
  EXPECT_EQ(a.allocate(8192).value(), 4096u * 4);
}
