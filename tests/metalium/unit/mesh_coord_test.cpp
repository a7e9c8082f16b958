// Mesh coordinates, ranges (plain and wrapping), range sets and containers,
// each checked against a brute-force walk over every coordinate of a shape.
#include <gtest/gtest.h>

#include "what_of.h"

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <tt-metalium/mesh_coord.hpp>

namespace {

using namespace tt::tt_metal::distributed;
using Mode = MeshCoordinate::BoundaryMode;
using Key = std::vector<uint32_t>;

Key key(const MeshCoordinate& c) { return Key(c.coords().begin(), c.coords().end()); }

// Every coordinate of a 2-D shape, by nested loops (not through the ranges under test).
std::vector<Key> every(uint32_t rows, uint32_t cols) {
  std::vector<Key> out;
  for (uint32_t r = 0; r < rows; ++r)
    for (uint32_t c = 0; c < cols; ++c) out.push_back({r, c});
  return out;
}

bool in_box(const Key& k, const Key& lo, const Key& hi) {
  for (size_t i = 0; i < k.size(); ++i)
    if (k[i] < lo[i] || k[i] > hi[i]) return false;
  return true;
}

std::set<Key> keys_of(const MeshCoordinateRange& r) {
  std::set<Key> out;
  for (const auto& c : r) out.insert(key(c));
  return out;
}

TEST(MeshCoordNeighbors, EachBoundaryModeHandlesTheEdge) {
  const MeshShape shape(3, 4);
  EXPECT_EQ(MeshCoordinate(0, 0).get_neighbor(shape, -1, 0, Mode::WRAP), MeshCoordinate(2, 0));
  EXPECT_EQ(MeshCoordinate(1, 1).get_neighbor(shape, -6, 1, Mode::WRAP), MeshCoordinate(1, 3));  // 1 - 6 = -5 = 3 mod 4
  EXPECT_EQ(MeshCoordinate(1, 1).get_neighbor(shape, 9, 1), MeshCoordinate(1, 2));              // WRAP by default
  EXPECT_EQ(MeshCoordinate(1, 1).get_neighbor(shape, 10, 0, Mode::CLAMP), MeshCoordinate(2, 1));
  EXPECT_EQ(MeshCoordinate(1, 1).get_neighbor(shape, -10, 1, Mode::CLAMP), MeshCoordinate(1, 0));
  EXPECT_EQ(MeshCoordinate(1, 1).get_neighbor(shape, 1, 0, Mode::NONE), MeshCoordinate(2, 1));
  EXPECT_EQ(MeshCoordinate(1, 1).get_neighbor(shape, 2, 0, Mode::NONE), std::nullopt);
  EXPECT_EQ(MeshCoordinate(1, 2, 3).get_neighbor(MeshShape(3, 4, 5), 1, -2), MeshCoordinate(1, 3, 3));
}

TEST(MeshCoordNeighbors, BadDimensionsOrAnOutsideCoordinateThrow) {
  EXPECT_NE(what_of([] { (void)MeshCoordinate(1, 2).get_neighbor(MeshShape(3, 4), 1, 2); }).find("out of a 2-D shape"),
            std::string::npos);
  EXPECT_NE(what_of([] { (void)MeshCoordinate(1, 2, 0).get_neighbor(MeshShape(3, 4), 1, 0); })
                .find("different dimensions"),
            std::string::npos);
  EXPECT_NE(what_of([] { (void)MeshCoordinate(3, 0).get_neighbor(MeshShape(3, 4), 0, 1, Mode::CLAMP); })
                .find("outside the shape"),
            std::string::npos);
}

TEST(MeshCoordShapes, LineTopologyAndNoEmptyShape) {
  EXPECT_TRUE(MeshShape(1, 8).is_line_topology());
  EXPECT_TRUE(MeshShape(1, 1, 1).is_line_topology());
  EXPECT_FALSE(MeshShape(2, 1, 2).is_line_topology());
  EXPECT_NE(what_of([] { MeshShape shape({}); }).find("0 dimension"), std::string::npos);
  EXPECT_EQ(MeshShape(std::vector<uint32_t>{2, 3}), MeshShape(2, 3));
}

TEST(MeshCoordOrder, CoordinatesOfDifferentDimensionsAreUnequalAndUnordered) {
  EXPECT_NE(MeshCoordinate(1), MeshCoordinate(1, 0));
  EXPECT_TRUE(MeshCoordinate(2, 0, 3) < MeshCoordinate(2, 1, 0));
  EXPECT_TRUE(MeshCoordinate(2, 1) >= MeshCoordinate(2, 1));
  EXPECT_NE(what_of([] { (void)(MeshCoordinate(1) < MeshCoordinate(1, 2)); }).find("different dimensions"),
            std::string::npos);
}

// A wrapping range holds exactly the coordinates whose every dimension lies
// on the circular interval from start to end, visits each once, and its
// shape counts them.
TEST(MeshCoordRanges, WraparoundRangesHoldTheCircularIntervals) {
  const uint32_t rows = 4, cols = 5;
  for (uint32_t s0 = 0; s0 < rows; ++s0)
    for (uint32_t e0 = 0; e0 < rows; ++e0)
      for (uint32_t s1 = 0; s1 < cols; ++s1)
        for (uint32_t e1 = 0; e1 < cols; ++e1) {
          const MeshCoordinateRange range(MeshCoordinate(s0, s1), MeshCoordinate(e0, e1), MeshShape(rows, cols));
          auto on_arc = [](uint32_t v, uint32_t s, uint32_t e) { return s <= e ? s <= v && v <= e : v >= s || v <= e; };
          std::set<Key> expected;
          for (const Key& k : every(rows, cols))
            if (on_arc(k[0], s0, e0) && on_arc(k[1], s1, e1)) expected.insert(k);
          std::vector<Key> visited;
          for (const auto& c : range) visited.push_back(key(c));
          ASSERT_EQ(visited.size(), expected.size()) << s0 << s1 << e0 << e1;
          EXPECT_EQ(std::set<Key>(visited.begin(), visited.end()), expected);
          EXPECT_EQ(visited.front(), (Key{s0, s1}));
          EXPECT_EQ(range.shape().mesh_size(), expected.size());
          for (const Key& k : every(rows, cols)) EXPECT_EQ(range.contains(MeshCoordinate(k[0], k[1])), expected.count(k) == 1);
          EXPECT_EQ(range.get_boundary_mode(), Mode::WRAP);
        }
}

TEST(MeshCoordRanges, PlainIntersectionIsTheCommonCoordinates) {
  std::mt19937 rng(7);
  auto pick = [&](uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng); };
  for (int trial = 0; trial < 300; ++trial) {
    Key a0{pick(6), pick(6)}, a1{pick(6), pick(6)}, b0{pick(6), pick(6)}, b1{pick(6), pick(6)};
    for (size_t i = 0; i < 2; ++i) {
      if (a0[i] > a1[i]) std::swap(a0[i], a1[i]);
      if (b0[i] > b1[i]) std::swap(b0[i], b1[i]);
    }
    const MeshCoordinateRange a(MeshCoordinate(a0[0], a0[1]), MeshCoordinate(a1[0], a1[1]));
    const MeshCoordinateRange b(MeshCoordinate(b0[0], b0[1]), MeshCoordinate(b1[0], b1[1]));
    std::set<Key> common;
    for (const Key& k : every(6, 6))
      if (in_box(k, a0, a1) && in_box(k, b0, b1)) common.insert(k);
    const auto meet = a.intersection(b);
    EXPECT_EQ(a.intersects(b), !common.empty());
    ASSERT_EQ(meet.has_value(), !common.empty());
    if (meet) {
      EXPECT_EQ(keys_of(*meet), common);
    }
  }
}

// After any sequence of merges the set covers exactly what was merged, with
// ranges that do not overlap, sorted.
TEST(MeshCoordRangeSets, MergesCoverTheUnionWithDisjointSortedRanges) {
  std::mt19937 rng(11);
  auto pick = [&](uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng); };
  for (int trial = 0; trial < 60; ++trial) {
    MeshCoordinateRangeSet set;
    std::set<Key> merged;
    for (int m = 0; m < 6; ++m) {
      Key lo{pick(7), pick(7)}, hi{pick(7), pick(7)};
      for (size_t i = 0; i < 2; ++i)
        if (lo[i] > hi[i]) std::swap(lo[i], hi[i]);
      set.merge(MeshCoordinateRange(MeshCoordinate(lo[0], lo[1]), MeshCoordinate(hi[0], hi[1])));
      for (const Key& k : every(7, 7))
        if (in_box(k, lo, hi)) merged.insert(k);

      std::vector<Key> covered;
      for (const auto& r : set.ranges())
        for (const auto& c : r) covered.push_back(key(c));
      std::vector<Key> sorted = covered;
      std::sort(sorted.begin(), sorted.end());
      ASSERT_TRUE(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end()) << "overlapping ranges";
      EXPECT_EQ(std::set<Key>(covered.begin(), covered.end()), merged);
      EXPECT_TRUE(std::is_sorted(set.ranges().begin(), set.ranges().end()));
      std::vector<Key> flat;
      for (const auto& c : set.coords()) flat.push_back(key(c));
      EXPECT_EQ(flat, sorted);
    }
  }
}

// Worked by hand from the merge rules: the new range stays whole, the old
// one it overlaps breaks into its remaining coordinates, which join where
// they can; touching ranges of equal span join; a tiling becomes its box.
TEST(MeshCoordRangeSets, OverlapsSplitTheOlderRangeAndTilingsCollapse) {
  MeshCoordinateRangeSet set(MeshCoordinateRange(MeshCoordinate(0, 0), MeshCoordinate(1, 1)));
  set.merge(MeshCoordinateRange(MeshCoordinate(1, 1), MeshCoordinate(2, 2)));
  EXPECT_EQ(set.ranges(), (std::vector<MeshCoordinateRange>{
                              MeshCoordinateRange(MeshCoordinate(0, 0), MeshCoordinate(0, 1)),
                              MeshCoordinateRange(MeshCoordinate(1, 0), MeshCoordinate(1, 0)),
                              MeshCoordinateRange(MeshCoordinate(1, 1), MeshCoordinate(2, 2))}));
  set.merge(MeshCoordinateRange(MeshCoordinate(2, 0), MeshCoordinate(2, 0)));  // joins (1,0)
  set.merge(MeshCoordinateRange(MeshCoordinate(0, 2), MeshCoordinate(0, 2)));  // the 3 x 3 box is now tiled
  EXPECT_EQ(set.ranges(), (std::vector<MeshCoordinateRange>{
                              MeshCoordinateRange(MeshCoordinate(0, 0), MeshCoordinate(2, 2))}));
  EXPECT_NE(what_of([&] { set.merge(MeshCoordinateRange(MeshCoordinate(0, 0, 0), MeshCoordinate(0, 0, 0))); })
                .find("different dimensions"),
            std::string::npos);
}

TEST(MeshCoordRangeSets, SubtractLeavesTheParentOutsideTheCut) {
  std::mt19937 rng(5);
  auto pick = [&](uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng); };
  for (int trial = 0; trial < 200; ++trial) {
    Key p0{pick(6), pick(6)}, p1{pick(6), pick(6)}, c0{pick(6), pick(6)}, c1{pick(6), pick(6)};
    for (size_t i = 0; i < 2; ++i) {
      if (p0[i] > p1[i]) std::swap(p0[i], p1[i]);
      if (c0[i] > c1[i]) std::swap(c0[i], c1[i]);
    }
    if (trial % 3 == 0) c0[1] = p0[1], c1[1] = p1[1];  // differ in one dimension only: the slab path
    const MeshCoordinateRange parent(MeshCoordinate(p0[0], p0[1]), MeshCoordinate(p1[0], p1[1]));
    const MeshCoordinateRange cut(MeshCoordinate(c0[0], c0[1]), MeshCoordinate(c1[0], c1[1]));
    std::set<Key> rest;
    for (const Key& k : every(6, 6))
      if (in_box(k, p0, p1) && !in_box(k, c0, c1)) rest.insert(k);
    std::set<Key> got;
    for (const auto& c : subtract(parent, cut).coords()) got.insert(key(c));
    EXPECT_EQ(got, rest);
  }
}

TEST(MeshCoordContainers, BindingsByReferenceWriteAndByValueCopy) {
  MeshContainer<int> container(MeshShape(2, 3), 0);
  int next = 10;
  for (auto& [_, value] : container) value = next++;
  for (auto [_, value] : container) value = -1;  // a copy: no effect
  EXPECT_EQ(container.values(), (std::vector<int>{10, 11, 12, 13, 14, 15}));
  EXPECT_EQ(container.at(MeshCoordinate(1, 0)), 13);

  const MeshContainer<int>& view = container;
  std::vector<Key> coords;
  for (const auto& [coord, value] : view) {
    coords.push_back(key(coord));
    EXPECT_EQ(value, 10 + static_cast<int>(coord.to_linear_index(view.shape())));
  }
  EXPECT_EQ(coords, every(2, 3));
  const auto it = std::find_if(container.begin(), container.end(), [](const auto& p) { return p.value() == 14; });
  ASSERT_NE(it, container.end());
  EXPECT_EQ(it->coord(), MeshCoordinate(1, 1));

  EXPECT_NE(what_of([&] { (void)container.at(MeshCoordinate(2, 0)); }).find("outside the shape"), std::string::npos);
  EXPECT_NE(what_of([] { MeshContainer<int>(MeshShape(2, 3), std::vector<int>(5)); }).find("size mismatch"),
            std::string::npos);
}

TEST(MeshCoordContainers, ADistributedContainerStartsRemote) {
  DistributedMeshContainer<int> shards(MeshShape(1, 2));
  EXPECT_FALSE(shards.is_local(MeshCoordinate(0, 1)));
  shards.at(MeshCoordinate(0, 1)) = MaybeRemote<int>::local(7);
  EXPECT_TRUE(shards.is_local(MeshCoordinate(0, 1)));
  EXPECT_EQ(shards.at(MeshCoordinate(0, 1)).value(), 7);
}

}  // namespace
