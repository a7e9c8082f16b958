// The topology solver maps a target graph into a global graph: every mapping
// it returns is checked here edge by edge against the graphs themselves, and
// counts of embeddings against ones worked out by hand.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>
#include <tt-metalium/experimental/fabric/topology_solver.hpp>

namespace {

using namespace tt::tt_fabric;
using Graph = AdjacencyGraph<int>;
using Constraints = MappingConstraints<int, int>;
using Result = MappingResult<int, int>;

// Nodes r * cols + c, linked to their row and column neighbours.
Graph grid(int rows, int cols) {
  Graph::AdjacencyMap adj;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      auto& n = adj[r * cols + c];
      if (r > 0) n.push_back((r - 1) * cols + c);
      if (r + 1 < rows) n.push_back((r + 1) * cols + c);
      if (c > 0) n.push_back(r * cols + c - 1);
      if (c + 1 < cols) n.push_back(r * cols + c + 1);
    }
  }
  return Graph(adj);
}

Graph ring(int n) {
  Graph::AdjacencyMap adj;
  for (int i = 0; i < n; ++i) adj[i] = {(i + 1) % n, (i + n - 1) % n};
  return Graph(adj);
}

// Injective, total, and every target edge on a global edge.
void expect_embedding(const Graph& target, const Graph& global, const Result& r) {
  ASSERT_TRUE(r.success) << r.error_message;
  ASSERT_EQ(r.target_to_global.size(), target.get_nodes().size());
  std::set<int> globals;
  for (const auto& [t, g] : r.target_to_global) {
    globals.insert(g);
    EXPECT_EQ(r.global_to_target.at(g), t);
  }
  EXPECT_EQ(globals.size(), r.target_to_global.size()) << "two targets on one global";
  for (int t : target.get_nodes()) {
    const int g = r.target_to_global.at(t);
    for (int n : target.get_neighbors(t)) {
      const auto& gn = global.get_neighbors(g);
      EXPECT_NE(std::find(gn.begin(), gn.end(), r.target_to_global.at(n)), gn.end())
          << "target edge " << t << "-" << n << " not on a global edge";
    }
  }
}

TEST(TopologySolver, RingOf12IntoA4x4GridIsFoundAndValid) {
  const Graph target = ring(12), global = grid(4, 4);
  for (auto engine : {TopologyMappingSolverEngine::Dfs, TopologyMappingSolverEngine::Sat}) {
    const Result r = solve_topology_mapping(
        target, global, Constraints{}, ConnectionValidationMode::RELAXED, true, engine);
    expect_embedding(target, global, r);
    EXPECT_TRUE(r.error_message.empty());
  }
}

TEST(TopologySolver, OddRingIntoAGridFailsWithAReason) {
  // A grid is bipartite: no odd cycle fits in it.
  const Graph target = ring(5), global = grid(3, 3);
  const Result r = solve_topology_mapping(target, global, Constraints{}, ConnectionValidationMode::RELAXED, true);
  EXPECT_FALSE(r.success);
  EXPECT_NE(r.error_message.find("no mapping"), std::string::npos) << r.error_message;
}

TEST(TopologySolver, TargetLargerThanGlobalNamesBothSizes) {
  const Result r = solve_topology_mapping(ring(10), grid(3, 3), Constraints{}, ConnectionValidationMode::RELAXED, true);
  EXPECT_FALSE(r.success);
  EXPECT_NE(r.error_message.find("10 nodes"), std::string::npos) << r.error_message;
  EXPECT_NE(r.error_message.find("only 9"), std::string::npos) << r.error_message;
}

TEST(TopologySolver, PinnedTargetsStayWherePinned) {
  // A 2x2 square into a 3x3 grid, its corner 0 on the centre (4) and 3 on the corner 8.
  const Graph target = grid(2, 2), global = grid(3, 3);
  Constraints c;
  ASSERT_TRUE(c.add_required_constraint(0, 4));
  ASSERT_TRUE(c.add_required_constraint(3, 8));
  const Result r = solve_topology_mapping(target, global, c, ConnectionValidationMode::RELAXED, true);
  expect_embedding(target, global, r);
  EXPECT_EQ(r.target_to_global.at(0), 4);
  EXPECT_EQ(r.target_to_global.at(3), 8);
  EXPECT_EQ(r.constraint_stats.required_satisfied, 2u);
}

TEST(TopologySolver, PinsThatBreakAnEdgeFail) {
  // Targets 0 and 1 are linked; globals 0 and 8 (opposite corners) are not.
  Constraints c;
  ASSERT_TRUE(c.add_required_constraint(0, 0));
  ASSERT_TRUE(c.add_required_constraint(1, 8));
  const Result r = solve_topology_mapping(grid(2, 2), grid(3, 3), c, ConnectionValidationMode::RELAXED, true);
  EXPECT_FALSE(r.success);
  EXPECT_FALSE(r.error_message.empty());
}

TEST(TopologySolver, ConflictingRequiredConstraintIsRefusedAndUndone) {
  Constraints c;
  ASSERT_TRUE(c.add_required_constraint(1, std::set<int>{10, 11}));
  EXPECT_FALSE(c.add_required_constraint(1, 12));
  EXPECT_EQ(c.get_valid_mappings(1), (std::set<int>{10, 11}));
  EXPECT_TRUE(c.add_forbidden_constraint(1, 10));
  EXPECT_FALSE(c.add_forbidden_constraint(1, 11)) << "would leave target 1 nowhere to go";
  EXPECT_EQ(c.get_valid_mappings(1), (std::set<int>{11}));
}

TEST(TopologySolver, PreferredPlacementWinsWhenOptimising) {
  // A 2-node chain on a 4-node path; preferring 0 on the end node 23 makes 1 go to 22.
  const Graph target(Graph::AdjacencyMap{{0, {1}}, {1, {0}}});
  const Graph global(Graph::AdjacencyMap{{20, {21}}, {21, {20, 22}}, {22, {21, 23}}, {23, {22}}});
  Constraints c;
  c.add_preferred_constraint(0, 23);
  const Result r = solve_topology_mapping(target, global, c, ConnectionValidationMode::RELAXED, true,
                                          TopologyMappingSolverEngine::Sat);
  expect_embedding(target, global, r);
  EXPECT_EQ(r.target_to_global.at(0), 23);
  EXPECT_EQ(r.target_to_global.at(1), 22);
  EXPECT_EQ(r.constraint_stats.preferred_satisfied, 1u);
}

TEST(TopologySolver, CountsEveryEmbeddingOfAChainInAPath) {
  // An edge in a 4-node path: 3 global edges, 2 directions each.
  const Graph target(Graph::AdjacencyMap{{0, {1}}, {1, {0}}});
  const Graph global(Graph::AdjacencyMap{{20, {21}}, {21, {20, 22}}, {22, {21, 23}}, {23, {22}}});
  for (auto engine : {TopologyMappingSolverEngine::Dfs, TopologyMappingSolverEngine::Sat}) {
    const auto all = solve_topology_mapping_all(target, global, Constraints{}, ConnectionValidationMode::RELAXED, true,
                                                engine);
    std::set<std::map<int, int>> distinct;
    for (const auto& r : all) distinct.insert(r.target_to_global);
    EXPECT_EQ(all.size(), 6u);
    EXPECT_EQ(distinct.size(), 6u);
    const auto shapes = solve_topology_mapping_all(target, global, Constraints{}, ConnectionValidationMode::RELAXED,
                                                   true, engine, /*unique_shapes=*/true);
    EXPECT_EQ(shapes.size(), 3u);
  }
}

TEST(TopologySolver, StrictModeNeedsEnoughParallelLinks) {
  // The target edge wants 2 links; the only global edge has 1.
  const Graph target(Graph::AdjacencyMap{{0, {1, 1}}, {1, {0, 0}}});
  const Graph global(Graph::AdjacencyMap{{5, {6}}, {6, {5}}});
  const Result strict = solve_topology_mapping(target, global, Constraints{}, ConnectionValidationMode::STRICT, true);
  EXPECT_FALSE(strict.success);
  const Result relaxed = solve_topology_mapping(target, global, Constraints{}, ConnectionValidationMode::RELAXED, true);
  EXPECT_TRUE(relaxed.success) << relaxed.error_message;
  ASSERT_EQ(relaxed.warnings.size(), 1u);
  EXPECT_NE(relaxed.warnings[0].find("needs 2"), std::string::npos) << relaxed.warnings[0];
}

TEST(TopologySolver, CardinalityConstraintIsHonoured) {
  // A 3-chain on a 5-path: at least one of targets 0, 2 must land on global 4 (an end).
  const Graph target(Graph::AdjacencyMap{{0, {1}}, {1, {0, 2}}, {2, {1}}});
  const Graph global(Graph::AdjacencyMap{{0, {1}}, {1, {0, 2}}, {2, {1, 3}}, {3, {2, 4}}, {4, {3}}});
  Constraints c;
  ASSERT_TRUE(c.add_cardinality_constraint(std::set<int>{0, 2}, std::set<int>{4}, 1));
  const Result r = solve_topology_mapping(target, global, c, ConnectionValidationMode::RELAXED, true);
  expect_embedding(target, global, r);
  EXPECT_TRUE(r.target_to_global.at(0) == 4 || r.target_to_global.at(2) == 4);
}

TEST(TopologySolver, EnumerationSessionHandsOutEachMappingOnce) {
  const Graph target(Graph::AdjacencyMap{{0, {}}});
  const Graph global(Graph::AdjacencyMap{{1, {}}, {2, {}}, {3, {}}});
  TopologyMappingEnumerationSession<int, int> session;
  std::vector<std::map<int, int>> seen;
  for (int i = 0; i < 3; ++i) {
    const Result r = session.next(target, global, Constraints{}, seen, ConnectionValidationMode::RELAXED, true);
    ASSERT_TRUE(r.success);
    EXPECT_EQ(std::count(seen.begin(), seen.end(), r.target_to_global), 0);
    seen.push_back(r.target_to_global);
  }
  EXPECT_FALSE(session.next(target, global, Constraints{}, seen, ConnectionValidationMode::RELAXED, true).success);
  EXPECT_EQ(session.sat_hard_constraint_encode_calls(), 1u);
  EXPECT_EQ(session.sat_solve_calls(), 4u);
  // New constraints: encoded afresh, and obeyed.
  Constraints pinned;
  ASSERT_TRUE(pinned.add_required_constraint(0, 2));
  const Result r = session.next(target, global, pinned, {}, ConnectionValidationMode::RELAXED, true);
  ASSERT_TRUE(r.success) << r.error_message;
  EXPECT_EQ(r.target_to_global.at(0), 2);
  EXPECT_EQ(session.sat_hard_constraint_encode_calls(), 1u) << "reset() starts the counts again";
  EXPECT_EQ(session.sat_solve_calls(), 1u);
}

}  // namespace
