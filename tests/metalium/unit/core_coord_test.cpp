// CoreCoord, CoreRange and CoreRangeSet as tt-metal defines them.
#include <gtest/gtest.h>

#include <set>
#include <tt-metalium/core_coord.hpp>

namespace {

using tt::tt_metal::CoreCoord;
using tt::tt_metal::CoreRange;
using tt::tt_metal::CoreRangeSet;

TEST(CoreCoord, IsUmdsXyPairOrderedByXThenY) {
  static_assert(std::is_same_v<CoreCoord, tt_xy_pair>);
  EXPECT_TRUE((CoreCoord{0, 5} < CoreCoord{1, 0}));
  EXPECT_TRUE((CoreCoord{1, 0} < CoreCoord{1, 1}));
  EXPECT_EQ((CoreCoord{3, 4}.str()), "(x=3,y=4)");
  EXPECT_EQ(fmt::format("{}", CoreCoord{1, 2}), "(x=1,y=2)");
}

TEST(CoreRange, IteratesRowMajorAndCountsCores) {
  const CoreRange r({1, 1}, {2, 2});
  std::vector<CoreCoord> seen;
  for (const CoreCoord& c : r) seen.push_back(c);
  EXPECT_EQ(seen, (std::vector<CoreCoord>{{1, 1}, {2, 1}, {1, 2}, {2, 2}}));
  EXPECT_EQ(r.size(), 4u);
  EXPECT_EQ(r.grid_size(), (CoreCoord{2, 2}));
}

TEST(CoreRange, RefusesAnEndBeforeItsStart) {
  try {
    CoreRange({2, 0}, {1, 0});
    FAIL() << "no throw";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("Invalid core range"), std::string::npos) << e.what();
  }
}

TEST(CoreRange, MergesAdjacentRectanglesOnly) {
  EXPECT_EQ(CoreRange({0, 0}, {1, 1}).merge(CoreRange({2, 0}, {3, 1})), CoreRange({0, 0}, {3, 1}));
  EXPECT_FALSE(CoreRange({0, 0}, {1, 1}).merge(CoreRange({2, 0}, {3, 2})).has_value());
  EXPECT_EQ(CoreRange({0, 0}, {0, 0}).intersection(CoreRange({1, 1}, {2, 2})), std::nullopt);
}

// tt-metal: sharing part of an edge is enough; the spans need not be equal.
TEST(CoreRange, AdjacentWhenTheyShareAnEdgeWithOverlappingExtents) {
  const CoreRange a({0, 0}, {1, 1});
  EXPECT_TRUE(a.adjacent(CoreRange({2, 1}, {3, 4})));  // right, rows overlap in y=1
  EXPECT_TRUE(CoreRange({2, 1}, {3, 4}).adjacent(a));
  EXPECT_TRUE(a.adjacent(CoreRange({1, 2}, {5, 2})));  // below, columns overlap in x=1
  EXPECT_TRUE(a.adjacent(CoreRange({2, 0}, {2, 1})));  // equal spans still count
  EXPECT_FALSE(a.adjacent(CoreRange({2, 2}, {3, 3})));  // only a corner
  EXPECT_FALSE(a.adjacent(CoreRange({3, 0}, {3, 1})));  // a gap
  EXPECT_FALSE(a.adjacent(CoreRange({1, 1}, {2, 2})));  // overlapping, not touching
  EXPECT_FALSE(a.adjacent(a));
}

// tt-metal merges lined-up ranges that intersect or touch, and nothing else.
TEST(CoreRange, MergesLinedUpRangesThatIntersectOrTouch) {
  const CoreRange a({0, 0}, {1, 1});
  EXPECT_EQ(a.merge(CoreRange({0, 1}, {1, 4})), CoreRange({0, 0}, {1, 4}));  // same columns, overlapping
  EXPECT_EQ(a.merge(CoreRange({1, 0}, {3, 1})), CoreRange({0, 0}, {3, 1}));  // same rows, overlapping
  EXPECT_EQ(a.merge(CoreRange({0, 2}, {1, 2})), CoreRange({0, 0}, {1, 2}));  // same columns, touching
  EXPECT_EQ(a.merge(a), a);
  EXPECT_EQ(CoreRange({0, 0}, {1, 5}).merge(CoreRange({0, 2}, {1, 3})), CoreRange({0, 0}, {1, 5}));  // contained, lined up
  EXPECT_FALSE(CoreRange({0, 0}, {3, 3}).merge(CoreRange({1, 1}, {2, 2})).has_value());  // contained, not lined up
  EXPECT_FALSE(a.merge(CoreRange({1, 1}, {2, 2})).has_value());  // overlapping, not lined up
  EXPECT_FALSE(a.merge(CoreRange({2, 1}, {3, 2})).has_value());  // touching, not lined up
  EXPECT_FALSE(a.merge(CoreRange({0, 3}, {1, 3})).has_value());  // lined up with a gap
}

TEST(CoreRangeSet, RefusesOverlapsAndCountsCores) {
  const CoreRangeSet s(std::set<CoreRange>{CoreRange({0, 0}, {1, 0}), CoreRange({0, 1}, {3, 1})});
  EXPECT_EQ(s.num_cores(), 6u);
  EXPECT_EQ(s.size(), 2u);
  EXPECT_TRUE(s.contains(CoreCoord{3, 1}));
  EXPECT_FALSE(s.contains(CoreCoord{2, 0}));
  EXPECT_EQ(s.bounding_box(), CoreRange({0, 0}, {3, 1}));
  EXPECT_THROW(CoreRangeSet(std::vector<CoreRange>{CoreRange({0, 0}, {1, 1}), CoreRange({1, 1}, {2, 2})}),
               std::runtime_error);
}

TEST(CoreRangeSet, MergeAndSubtractKeepExactlyTheCores) {
  const CoreRangeSet a(CoreRange({0, 0}, {1, 1}));
  const CoreRangeSet merged = a.merge(CoreRangeSet(CoreRange({2, 0}, {2, 1})));
  EXPECT_EQ(merged.ranges(), (std::vector<CoreRange>{CoreRange({0, 0}, {2, 1})}));
  const CoreRangeSet rest = merged.subtract(CoreRangeSet(CoreRange({0, 0}, {2, 0})));
  EXPECT_EQ(rest.ranges(), (std::vector<CoreRange>{CoreRange({0, 1}, {2, 1})}));
}

// tt-metal provides merge of a vector and of a set of ranges, which may overlap.
TEST(CoreRangeSet, MergesVectorsAndSetsOfPossiblyOverlappingRanges) {
  const CoreRangeSet a(CoreRange({0, 0}, {1, 0}));
  const std::vector<CoreRange> v{CoreRange({0, 1}, {1, 2}), CoreRange({1, 2}, {1, 2})};
  EXPECT_EQ(a.merge(v).ranges(), (std::vector<CoreRange>{CoreRange({0, 0}, {1, 2})}));
  const std::set<CoreRange> s{CoreRange({2, 0}, {3, 0}), CoreRange({3, 0}, {3, 0})};
  const CoreRangeSet m = a.merge(s);
  EXPECT_EQ(m.ranges(), (std::vector<CoreRange>{CoreRange({0, 0}, {3, 0})}));
  EXPECT_EQ(m.num_cores(), 4u);
}

// tt-metal's tests compare merge()'s ranges exactly: rows are swept top to
// bottom and a row's run extends only the range above with the same columns.
TEST(CoreRangeSet, MergeSweepsRowsAndStacksRunsOfTheSameColumns) {
  // An "H": two posts of columns 0-1 and 3-4, rows 0-5, joined at rows 2-3.
  const std::vector<CoreRange> h{CoreRange({0, 0}, {1, 5}), CoreRange({3, 0}, {4, 5}), CoreRange({0, 2}, {4, 3})};
  EXPECT_EQ(CoreRangeSet().merge(h).ranges(),
            (std::vector<CoreRange>{CoreRange({0, 0}, {1, 1}), CoreRange({0, 2}, {4, 3}), CoreRange({0, 4}, {1, 5}),
                                    CoreRange({3, 0}, {4, 1}), CoreRange({3, 4}, {4, 5})}));
  // A gap row ends every range; a run under a wider one starts anew.
  const std::vector<CoreRange> gap{CoreRange({0, 0}, {2, 0}), CoreRange({0, 2}, {2, 2}), CoreRange({1, 3}, {1, 3})};
  EXPECT_EQ(CoreRangeSet().merge(gap).ranges(),
            (std::vector<CoreRange>{CoreRange({0, 0}, {2, 0}), CoreRange({0, 2}, {2, 2}), CoreRange({1, 3}, {1, 3})}));
}

TEST(CoreRangeToCores, GoesRangeByRangeColumnMajorUnlessRowWise) {
  const CoreRangeSet s(CoreRange({0, 0}, {1, 1}));
  EXPECT_EQ(corerange_to_cores(s), (std::vector<CoreCoord>{{0, 0}, {0, 1}, {1, 0}, {1, 1}}));
  EXPECT_EQ(corerange_to_cores(s, std::nullopt, true), (std::vector<CoreCoord>{{0, 0}, {1, 0}, {0, 1}, {1, 1}}));
  EXPECT_EQ(corerange_to_cores(s, 3u, true).size(), 3u);
  EXPECT_EQ(tt::tt_metal::grid_to_cores(5, 2, 3, false),
            (std::vector<CoreCoord>{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}}));
}

}  // namespace
