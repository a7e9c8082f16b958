// split_work_to_cores and num_cores_to_corerangeset against hand-computed splits.
#include <gtest/gtest.h>

#include <tt-metalium/work_split.hpp>

namespace {

using tt::tt_metal::CoreCoord;
using tt::tt_metal::CoreRange;
using tt::tt_metal::CoreRangeSet;

std::vector<CoreRange> ranges(const CoreRangeSet& s) { return s.ranges(); }

TEST(NumCoresToCoreRangeSet, ColumnsThenAPartialColumn) {
  // 7 cores of a 4 x 3 grid column by column: columns 0 and 1 whole, then (2,0).
  EXPECT_EQ(ranges(tt::tt_metal::num_cores_to_corerangeset(7, {4, 3})),
            (std::vector<CoreRange>{CoreRange({0, 0}, {1, 2}), CoreRange({2, 0}, {2, 0})}));
  // Row by row: row 0 whole, then (0,1) .. (2,1).
  EXPECT_EQ(ranges(tt::tt_metal::num_cores_to_corerangeset(7, {4, 3}, true)),
            (std::vector<CoreRange>{CoreRange({0, 0}, {3, 0}), CoreRange({0, 1}, {2, 1})}));
}

TEST(NumCoresToCoreRangeSet, FromAStartCoreInsideALine) {
  // From (2,1) in a 4 x 3 grid, 6 cores row by row: (2,1)-(3,1), row 2, nothing more.
  EXPECT_EQ(ranges(tt::tt_metal::num_cores_to_corerangeset({2, 1}, 6, {4, 3}, true)),
            (std::vector<CoreRange>{CoreRange({2, 1}, {3, 1}), CoreRange({0, 2}, {3, 2})}));
  EXPECT_THROW(tt::tt_metal::num_cores_to_corerangeset({2, 1}, 7, {4, 3}, true), std::runtime_error);
}

TEST(SplitWorkToCores, UnevenWorkGivesTheFirstCoresOneMore) {
  // 14 units on a 2 x 3 grid: 6 cores, 2 of them take 3 units, 4 take 2.
  auto [n, all, g1, g2, per1, per2] = tt::tt_metal::split_work_to_cores(CoreCoord{2, 3}, 14);
  EXPECT_EQ(n, 6u);
  EXPECT_EQ(all.num_cores(), 6u);
  EXPECT_EQ(per1, 3u);
  EXPECT_EQ(per2, 2u);
  EXPECT_EQ(ranges(g1), (std::vector<CoreRange>{CoreRange({0, 0}, {0, 1})}));
  EXPECT_EQ(ranges(g2), (std::vector<CoreRange>{CoreRange({0, 2}, {0, 2}), CoreRange({1, 0}, {1, 2})}));
  EXPECT_EQ(g1.num_cores() * per1 + g2.num_cores() * per2, 14u);
}

TEST(SplitWorkToCores, FewerUnitsThanCoresUseOneCoreEach) {
  auto [n, all, g1, g2, per1, per2] = tt::tt_metal::split_work_to_cores(CoreCoord{4, 4}, 3);
  EXPECT_EQ(n, 3u);
  EXPECT_EQ(ranges(all), (std::vector<CoreRange>{CoreRange({0, 0}, {0, 2})}));
  EXPECT_EQ(g1, all);
  EXPECT_TRUE(g2.empty());
  EXPECT_EQ(per1, 1u);
  EXPECT_EQ(per2, 0u);
}

TEST(SplitWorkToCores, OverACoreRangeSetWalksItsRangesInOrder) {
  // Two ranges: 2 x 2 at (0,0) and 3 x 1 at (4,0); 7 cores, 10 units: the first 3 cores take 2.
  const CoreRangeSet grid(std::vector<CoreRange>{CoreRange({0, 0}, {1, 1}), CoreRange({4, 0}, {6, 0})});
  auto [n, all, g1, g2, per1, per2] = tt::tt_metal::split_work_to_cores(grid, 10);
  EXPECT_EQ(n, 7u);
  EXPECT_EQ(all, grid);
  EXPECT_EQ(per1, 2u);
  EXPECT_EQ(per2, 1u);
  // Column by column: (0,0) (0,1) (1,0) take 2; (1,1) and the second range take 1.
  EXPECT_EQ(ranges(g1), (std::vector<CoreRange>{CoreRange({0, 0}, {0, 1}), CoreRange({1, 0}, {1, 0})}));
  EXPECT_EQ(ranges(g2), (std::vector<CoreRange>{CoreRange({1, 1}, {1, 1}), CoreRange({4, 0}, {6, 0})}));
  // Row by row, 3 units on the same set: (0,0) (1,0) (0,1).
  auto [n3, all3, g1_3, g2_3, p1, p2] = tt::tt_metal::split_work_to_cores(grid, 3, true);
  EXPECT_EQ(n3, 3u);
  EXPECT_EQ(ranges(all3), (std::vector<CoreRange>{CoreRange({0, 0}, {1, 0}), CoreRange({0, 1}, {0, 1})}));
  EXPECT_EQ(g1_3, all3);
  EXPECT_TRUE(g2_3.empty());
  EXPECT_EQ(p1, 1u);
  EXPECT_EQ(p2, 0u);
  // Work starting inside the second range: 5 units from an offset set.
  const CoreRangeSet offset(CoreRange({2, 3}, {3, 4}));
  auto [n5, all5, g1_5, g2_5, q1, q2] = tt::tt_metal::split_work_to_cores(offset, 5);
  EXPECT_EQ(n5, 4u);
  EXPECT_EQ(ranges(g1_5), (std::vector<CoreRange>{CoreRange({2, 3}, {2, 3})}));
  EXPECT_EQ(ranges(g2_5), (std::vector<CoreRange>{CoreRange({2, 4}, {2, 4}), CoreRange({3, 3}, {3, 4})}));
  EXPECT_EQ(q1, 2u);
  EXPECT_EQ(q2, 1u);
  EXPECT_THROW(tt::tt_metal::split_work_to_cores(CoreRangeSet(), 4), std::runtime_error);
}

TEST(SplitWorkToCores, NoUnitsNoCores) {
  auto [n, all, g1, g2, per1, per2] = tt::tt_metal::split_work_to_cores(CoreCoord{4, 4}, 0);
  EXPECT_EQ(n, 0u);
  EXPECT_TRUE(all.empty());
}

}  // namespace
