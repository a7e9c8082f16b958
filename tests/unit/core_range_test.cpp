// The program model's one walker over a core range, and range overlap.
#include <gtest/gtest.h>

#include <vector>

#include "program/program.h"

namespace zyxtt::program {
namespace {

std::vector<Core> walk(const CoreRange& r, CoreOrder order) {
  std::vector<Core> out;
  for_each_core(r, order, [&](Core c) { out.push_back(c); });
  return out;
}

TEST(CoreRangeWalk, RowMajorVariesXFirstColumnMajorY) {
  const CoreRange r{{1, 2}, {2, 4}};
  EXPECT_EQ(walk(r, CoreOrder::kRowMajor),
            (std::vector<Core>{{1, 2}, {2, 2}, {1, 3}, {2, 3}, {1, 4}, {2, 4}}));
  EXPECT_EQ(walk(r, CoreOrder::kColumnMajor),
            (std::vector<Core>{{1, 2}, {1, 3}, {1, 4}, {2, 2}, {2, 3}, {2, 4}}));
}

TEST(CoreRangeWalk, SetGoesRangeByRangeInTheOrderGiven) {
  const CoreRangeSet set{{CoreRange{{0, 0}, {1, 1}}, CoreRange{{5, 5}, {5, 6}}}};
  std::vector<Core> got;
  set.for_each_core([&](Core c) { got.push_back(c); }, CoreOrder::kColumnMajor);
  EXPECT_EQ(got, (std::vector<Core>{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {5, 5}, {5, 6}}));
  EXPECT_EQ(set.cores().size(), 6u);
}

TEST(CoreRangeOverlap, SharedCoreOverlapsAdjacentDoesNot) {
  const CoreRange a{{0, 0}, {2, 2}};
  EXPECT_TRUE(overlaps(a, CoreRange{{2, 2}, {4, 4}}));
  EXPECT_TRUE(overlaps(CoreRange{{1, 1}, {1, 1}}, a));
  EXPECT_FALSE(overlaps(a, CoreRange{{3, 0}, {4, 2}}));
  EXPECT_FALSE(overlaps(a, CoreRange{{0, 3}, {2, 3}}));
}

}  // namespace
}  // namespace zyxtt::program
