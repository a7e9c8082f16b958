// tt-metal's topology solver: maps a target graph (a logical mesh) into a
// global graph (the physical chips) so that every target edge lands on a
// global edge, under required / preferred / forbidden / cardinality /
// same-rank constraints. Templates over the node types; their bodies are in
// topology_solver.tpp. The search is ours: backtracking with the most
// constrained target first and forward checking; the "SAT" engine is the same
// search run to an optimum (most preferred hits, best channel fit).
#pragma once

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_set>
#include <utility>
#include <vector>

#include <tt-metalium/cluster.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/experimental/fabric/mesh_graph.hpp>
#include <tt-metalium/experimental/fabric/mesh_graph_descriptor.hpp>

namespace tt::tt_metal {
class PhysicalSystemDescriptor;
}  // namespace tt::tt_metal

namespace tt::tt_fabric {

class MeshGraph;
class MeshGraphDescriptor;

template <typename NodeId>
class AdjacencyGraph {
 public:
  using NodeType = NodeId;
  using AdjacencyMap = std::map<NodeId, std::vector<NodeId>>;

  AdjacencyGraph() = default;
  explicit AdjacencyGraph(const AdjacencyMap& adjacency_map);

  const std::vector<NodeId>& get_nodes() const { return nodes_cache_; }
  // A node not in the graph has no neighbours. Repeated entries are parallel links.
  const std::vector<NodeId>& get_neighbors(const NodeId& node) const;
  const AdjacencyMap& get_adjacency_map() const { return adj_map_; }
  void print_adjacency_map(const std::string& graph_name = "Graph", bool quiet_mode = false) const;

 private:
  AdjacencyMap adj_map_;
  std::vector<NodeId> nodes_cache_;
};

// One graph per mesh: its chips, each linked to its mesh neighbours.
std::map<MeshId, AdjacencyGraph<FabricNodeId>> build_adjacency_graph_logical(const MeshGraph& mesh_graph);
std::map<MeshId, AdjacencyGraph<FabricNodeId>> build_adjacency_graph_logical(const MeshGraphDescriptor& mgd);
// One graph per mesh of the ASICs asic_id_to_mesh_rank puts there, one entry per ethernet link between two of them.
std::map<MeshId, AdjacencyGraph<tt::tt_metal::AsicID>> build_adjacency_graph_physical(
    tt::tt_metal::ClusterType cluster_type,
    const tt::tt_metal::PhysicalSystemDescriptor& physical_system_descriptor,
    const std::map<MeshId, std::map<tt::tt_metal::AsicID, MeshHostRankId>>& asic_id_to_mesh_rank);

// Required mappings are sets of allowed globals per target (no entry: any
// global); preferred ones guide the search; every add_* that would leave a
// target without a global (or a cardinality / same-rank constraint
// unsatisfiable) returns false and leaves the constraints as they were.
template <typename TargetNode, typename GlobalNode>
class MappingConstraints {
 public:
  using CardinalityPairSet = std::set<std::pair<TargetNode, GlobalNode>>;
  using CardinalityConstraintEntry = std::pair<CardinalityPairSet, size_t>;
  using CardinalityConstraintList = std::vector<CardinalityConstraintEntry>;

  MappingConstraints() = default;
  MappingConstraints(
      const std::set<std::pair<TargetNode, GlobalNode>>& required_constraints,
      const std::set<std::pair<TargetNode, GlobalNode>>& preferred_constraints = {});

  template <typename TraitType>
  bool add_required_trait_constraint(
      const std::map<TargetNode, TraitType>& target_traits, const std::map<GlobalNode, TraitType>& global_traits);
  template <typename TraitType>
  void add_preferred_trait_constraint(
      const std::map<TargetNode, TraitType>& target_traits, const std::map<GlobalNode, TraitType>& global_traits);

  bool add_required_constraint(TargetNode target_node, GlobalNode global_node);
  bool add_required_constraint(TargetNode target_node, const std::set<GlobalNode>& global_nodes);
  bool add_required_constraint(const std::set<TargetNode>& target_nodes, GlobalNode global_node);
  bool add_required_constraint(const std::set<TargetNode>& target_nodes, const std::set<GlobalNode>& global_nodes);

  void add_preferred_constraint(TargetNode target_node, GlobalNode global_node);
  void add_preferred_constraint(TargetNode target_node, const std::set<GlobalNode>& global_nodes);
  void add_preferred_constraint(const std::set<TargetNode>& target_nodes, GlobalNode global_node);

  bool add_forbidden_constraint(TargetNode target_node, GlobalNode global_node);
  bool add_forbidden_constraint(TargetNode target_node, const std::set<GlobalNode>& global_nodes);
  bool add_forbidden_constraint(const std::set<TargetNode>& target_nodes, GlobalNode global_node);
  bool add_forbidden_constraint(const std::set<TargetNode>& target_nodes, const std::set<GlobalNode>& global_nodes);

  // At least min_count of the pairs must hold in the mapping.
  bool add_cardinality_constraint(const CardinalityPairSet& mapping_pairs, size_t min_count = 1);
  bool add_cardinality_constraint(
      const std::set<TargetNode>& target_nodes, const std::set<GlobalNode>& global_nodes, size_t min_count = 1);

  const std::set<GlobalNode>& get_valid_mappings(TargetNode target) const;
  const std::set<GlobalNode>& get_preferred_mappings(TargetNode target) const;
  bool is_valid_mapping(TargetNode target, GlobalNode global) const;
  const std::map<TargetNode, std::set<GlobalNode>>& get_valid_mappings() const { return valid_mappings_; }
  const std::map<TargetNode, std::set<GlobalNode>>& get_preferred_mappings() const { return preferred_mappings_; }
  const CardinalityConstraintList& get_cardinality_constraints() const { return cardinality_constraints_; }

  // Each target group maps inside one global group.
  bool set_same_rank_groups_constraint(
      const std::vector<std::set<TargetNode>>& target_groups, const std::vector<std::set<GlobalNode>>& global_groups);
  const std::vector<std::set<TargetNode>>& get_same_rank_target_groups() const { return same_rank_target_groups_; }
  const std::vector<std::set<GlobalNode>>& get_same_rank_global_groups() const { return same_rank_global_groups_; }

  const std::set<std::pair<TargetNode, GlobalNode>>& get_forbidden_pairs() const { return forbidden_pairs_; }

  // False when some target has no allowed global left, or a cardinality or
  // same-rank constraint cannot hold; then restores saved_state (or, without
  // it, the allowed sets as they were before the call).
  bool validate(const std::map<TargetNode, std::optional<std::set<GlobalNode>>>* saved_state = nullptr);
  void set_quiet_mode(bool quiet_mode) const { quiet_mode_ = quiet_mode; }
  void print_mapping_constraint_maps(const std::string& label = "Mapping constraints", bool quiet_mode = false) const;

 private:
  using Saved = std::map<TargetNode, std::optional<std::set<GlobalNode>>>;
  void save(Saved& saved, const TargetNode& target) const;
  void restrict_to(const TargetNode& target, const std::set<GlobalNode>& allowed);
  bool validate_cardinality_constraints() const;
  bool validate_same_rank_groups_feasible() const;

  std::map<TargetNode, std::set<GlobalNode>> valid_mappings_;
  std::map<TargetNode, std::set<GlobalNode>> preferred_mappings_;
  std::set<std::pair<TargetNode, GlobalNode>> forbidden_pairs_;
  CardinalityConstraintList cardinality_constraints_;
  std::vector<std::set<TargetNode>> same_rank_target_groups_;
  std::vector<std::set<GlobalNode>> same_rank_global_groups_;
  // Globals that a many-to-many required constraint keeps for its targets alone.
  std::map<GlobalNode, std::set<TargetNode>> reserved_global_nodes_;
  mutable bool quiet_mode_ = false;
};

enum class ConnectionValidationMode {
  STRICT,   // a target edge needs at least as many global links as it has
  RELAXED,  // fewer links are allowed, with a warning
};

// Dfs returns the first mapping found; Sat searches for the best one (most
// preferred hits, then channel fit). Auto: TT_TOPOLOGY_SOLVER_ENGINE=sat|dfs, else by size.
enum class TopologyMappingSolverEngine {
  Auto,
  Dfs,
  Sat,
};

template <typename TargetNode, typename GlobalNode>
struct MappingResult {
  bool success = false;
  std::string error_message;
  std::vector<std::string> warnings;
  // On failure, the deepest partial mapping the search reached.
  std::map<TargetNode, GlobalNode> target_to_global;
  std::map<GlobalNode, TargetNode> global_to_target;

  struct ConstraintStats {
    size_t required_satisfied = 0;
    size_t preferred_satisfied = 0;
    size_t preferred_total = 0;
  } constraint_stats;

  struct Stats {
    size_t dfs_calls = 0;
    size_t backtrack_count = 0;
    size_t memoization_hits = 0;
    std::chrono::microseconds elapsed_time{};
  } stats;
};

template <typename TargetNode, typename GlobalNode>
void print_mapping_result(const MappingResult<TargetNode, GlobalNode>& result);

template <typename TargetNode, typename GlobalNode>
MappingResult<TargetNode, GlobalNode> solve_topology_mapping(
    const AdjacencyGraph<TargetNode>& target_graph,
    const AdjacencyGraph<GlobalNode>& global_graph,
    const MappingConstraints<TargetNode, GlobalNode>& constraints,
    ConnectionValidationMode connection_validation_mode = ConnectionValidationMode::RELAXED,
    bool quiet_mode = false,
    TopologyMappingSolverEngine solver_engine = TopologyMappingSolverEngine::Auto);

// Up to max_solutions distinct mappings (0: up to the enumeration limit);
// unique_shapes counts mappings onto the same set of globals once.
template <typename TargetNode, typename GlobalNode>
std::vector<MappingResult<TargetNode, GlobalNode>> solve_topology_mapping_n(
    const AdjacencyGraph<TargetNode>& target_graph,
    const AdjacencyGraph<GlobalNode>& global_graph,
    const MappingConstraints<TargetNode, GlobalNode>& constraints,
    size_t max_solutions,
    ConnectionValidationMode connection_validation_mode = ConnectionValidationMode::RELAXED,
    bool quiet_mode = false,
    TopologyMappingSolverEngine solver_engine = TopologyMappingSolverEngine::Auto,
    bool unique_shapes = false);

template <typename TargetNode, typename GlobalNode>
std::vector<MappingResult<TargetNode, GlobalNode>> solve_topology_mapping_all(
    const AdjacencyGraph<TargetNode>& target_graph,
    const AdjacencyGraph<GlobalNode>& global_graph,
    const MappingConstraints<TargetNode, GlobalNode>& constraints,
    ConnectionValidationMode connection_validation_mode = ConnectionValidationMode::RELAXED,
    bool quiet_mode = false,
    TopologyMappingSolverEngine solver_engine = TopologyMappingSolverEngine::Auto,
    bool unique_shapes = false);

namespace detail {

// The globals a mapping uses, sorted: its "shape".
inline std::vector<int> topology_mapping_shape_key(const std::vector<int>& mapping) {
  std::vector<int> key;
  for (int g : mapping) {
    if (g >= 0) key.push_back(g);
  }
  std::sort(key.begin(), key.end());
  return key;
}

bool topology_mapping_should_use_sat_engine(TopologyMappingSolverEngine engine, size_t n_target = 0, size_t n_global = 0);
inline bool topology_mapping_use_sat_engine() {
  return topology_mapping_should_use_sat_engine(TopologyMappingSolverEngine::Auto);
}

// Nodes by index (the graphs' map order); adjacency deduplicated and sorted,
// self links dropped; conn_count counts parallel links.
template <typename TargetNode, typename GlobalNode>
struct GraphIndexData {
  std::vector<TargetNode> target_nodes;
  std::vector<GlobalNode> global_nodes;
  std::map<TargetNode, size_t> target_to_idx;
  std::map<GlobalNode, size_t> global_to_idx;
  std::vector<std::vector<size_t>> target_adj_idx;
  std::vector<std::vector<size_t>> global_adj_idx;
  std::vector<std::map<size_t, size_t>> target_conn_count;
  std::vector<std::map<size_t, size_t>> global_conn_count;
  std::vector<size_t> target_deg;
  std::vector<size_t> global_deg;
  size_t n_target = 0;
  size_t n_global = 0;

  GraphIndexData(const AdjacencyGraph<TargetNode>& target_graph, const AdjacencyGraph<GlobalNode>& global_graph);
  void print_node_degrees() const;
  void print_adjacency_maps() const;
};

struct IndexedCardinalityConstraint {
  std::set<std::pair<size_t, size_t>> pairs;  // (target_idx, global_idx)
  size_t min_count = 0;
};

// The constraints by index. An empty restricted list means any global.
template <typename TargetNode, typename GlobalNode>
struct ConstraintIndexData {
  std::vector<std::vector<size_t>> restricted_global_indices;
  std::vector<std::vector<size_t>> forbidden_global_indices;
  std::vector<std::vector<size_t>> preferred_global_indices;
  std::vector<IndexedCardinalityConstraint> cardinality_constraints;
  std::vector<int> global_to_same_rank_group;  // -1: in no group
  std::vector<std::set<size_t>> same_rank_groups;
  std::vector<size_t> target_to_group;  // SIZE_MAX: in no group

  ConstraintIndexData(
      const MappingConstraints<TargetNode, GlobalNode>& constraints,
      const GraphIndexData<TargetNode, GlobalNode>& graph_data);

  bool check_cardinality_constraints(const std::vector<int>& mapping) const;
  bool can_satisfy_cardinality_constraints(const std::vector<int>& mapping) const;
  size_t get_single_required_mapping(size_t target_idx) const;
  // (required satisfied, preferred satisfied, sum of the preferred sets' sizes)
  std::tuple<size_t, size_t, size_t> compute_constraint_stats(
      const std::vector<int>& mapping, const GraphIndexData<TargetNode, GlobalNode>& graph_data) const;
  bool is_valid_mapping(size_t target_idx, size_t global_idx) const;
  bool check_same_rank_constraint(
      size_t target_idx, size_t global_idx, const std::vector<int>& mapping, const std::vector<bool>& used) const;
  const std::vector<size_t>& get_candidates(size_t target_idx) const;
  void print_resolved_mapping_constraint_maps(
      const GraphIndexData<TargetNode, GlobalNode>& graph_data,
      const std::string& label = "Resolved mapping constraints",
      bool quiet_mode = false) const;
};

struct TopologySatHardEncoding {
  bool trivial_unsat = false;
  std::string trivial_reason;
  std::vector<std::vector<size_t>> allowed_global_idx;
  std::vector<std::vector<int>> assign_lit;
};

struct TopologySatGraphView {
  size_t n_target = 0;
  size_t n_global = 0;
  const std::vector<std::vector<size_t>>& target_adj_idx;
  const std::vector<std::vector<size_t>>& global_adj_idx;
  const std::vector<std::map<size_t, size_t>>& target_conn_count;
  const std::vector<std::map<size_t, size_t>>& global_conn_count;
  const std::vector<size_t>& target_deg;
  const std::vector<size_t>& global_deg;

  template <typename TargetNode, typename GlobalNode>
  explicit TopologySatGraphView(const GraphIndexData<TargetNode, GlobalNode>& g) :
      n_target(g.n_target),
      n_global(g.n_global),
      target_adj_idx(g.target_adj_idx),
      global_adj_idx(g.global_adj_idx),
      target_conn_count(g.target_conn_count),
      global_conn_count(g.global_conn_count),
      target_deg(g.target_deg),
      global_deg(g.global_deg) {}
  TopologySatGraphView(
      size_t nt, size_t ng, const std::vector<std::vector<size_t>>& tadj, const std::vector<std::vector<size_t>>& gadj,
      const std::vector<std::map<size_t, size_t>>& tconn, const std::vector<std::map<size_t, size_t>>& gconn,
      const std::vector<size_t>& tdeg, const std::vector<size_t>& gdeg) :
      n_target(nt), n_global(ng), target_adj_idx(tadj), global_adj_idx(gadj), target_conn_count(tconn),
      global_conn_count(gconn), target_deg(tdeg), global_deg(gdeg) {}
};

struct TopologySatConstraintView {
  const std::vector<std::vector<size_t>>& restricted_global_indices;
  const std::vector<std::vector<size_t>>& forbidden_global_indices;
  const std::vector<std::vector<size_t>>& preferred_global_indices;
  const std::vector<IndexedCardinalityConstraint>& cardinality_constraints;
  const std::vector<int>& global_to_same_rank_group;
  const std::vector<std::set<size_t>>& same_rank_groups;
  const std::vector<size_t>& target_to_group;

  template <typename TargetNode, typename GlobalNode>
  explicit TopologySatConstraintView(const ConstraintIndexData<TargetNode, GlobalNode>& c) :
      restricted_global_indices(c.restricted_global_indices),
      forbidden_global_indices(c.forbidden_global_indices),
      preferred_global_indices(c.preferred_global_indices),
      cardinality_constraints(c.cardinality_constraints),
      global_to_same_rank_group(c.global_to_same_rank_group),
      same_rank_groups(c.same_rank_groups),
      target_to_group(c.target_to_group) {}
  TopologySatConstraintView(
      const std::vector<std::vector<size_t>>& restricted, const std::vector<std::vector<size_t>>& forbidden,
      const std::vector<std::vector<size_t>>& preferred, const std::vector<IndexedCardinalityConstraint>& cardinality,
      const std::vector<int>& global_group, const std::vector<std::set<size_t>>& groups,
      const std::vector<size_t>& target_group) :
      restricted_global_indices(restricted), forbidden_global_indices(forbidden), preferred_global_indices(preferred),
      cardinality_constraints(cardinality), global_to_same_rank_group(global_group), same_rank_groups(groups),
      target_to_group(target_group) {}

  bool is_valid_mapping(size_t target_idx, size_t global_idx) const;
};

// The search's state: mapping[target] = global or -1.
struct TopologySearchState {
  std::vector<int> mapping;
  std::vector<bool> used;
  std::unordered_set<uint64_t> failed_states;
  size_t dfs_calls = 0;
  size_t backtrack_count = 0;
  size_t memoization_hits = 0;
  std::string error_message;
};

// An optimising search kept across solves, each excluding the mappings found
// (or given) before: the "incremental SAT session" of tt-metal's API.
struct TopologySatSession;
void topology_sat_session_destroy(TopologySatSession* p) noexcept;
struct TopologySatSessionDeleter {
  void operator()(TopologySatSession* p) const noexcept { topology_sat_session_destroy(p); }
};
std::unique_ptr<TopologySatSession, TopologySatSessionDeleter> topology_sat_session_create_and_encode(
    const TopologySatGraphView& graph_data,
    const TopologySatConstraintView& constraint_data,
    TopologySatHardEncoding& enc,
    ConnectionValidationMode validation_mode = ConnectionValidationMode::RELAXED);
bool topology_sat_session_add_blocking_clause(
    TopologySatSession* session, TopologySatHardEncoding& enc, const std::vector<int>& raw_mapping, bool unique_shapes);
bool topology_sat_session_solve_and_decode(
    TopologySatSession* session, const TopologySatHardEncoding& enc, std::vector<int>& raw_out);

bool topology_sat_search(
    const TopologySatGraphView& graph_data,
    const TopologySatConstraintView& constraint_data,
    ConnectionValidationMode validation_mode,
    bool quiet_mode,
    TopologySearchState& state);
bool topology_sat_search_n(
    const TopologySatGraphView& graph_data,
    const TopologySatConstraintView& constraint_data,
    ConnectionValidationMode validation_mode,
    size_t max_solutions,
    std::vector<std::vector<int>>& all_mappings_out,
    bool quiet_mode,
    bool unique_shapes,
    const std::vector<std::vector<int>>& initial_forbidden_shape_keys,
    TopologySearchState& state);

// The index-level search every engine runs (topology_solver.cpp).
struct TopologySearchOptions {
  ConnectionValidationMode mode = ConnectionValidationMode::RELAXED;
  bool optimise = false;       // search on for the best score instead of stopping at the first mapping
  size_t max_solutions = 1;    // distinct mappings to collect (optimise: each one the best left)
  bool unique_shapes = false;  // one mapping per set of globals used
  std::vector<std::vector<int>> excluded;          // mappings not to return
  std::vector<std::vector<int>> excluded_shapes;   // sorted global sets not to return
  bool quiet = false;
};
constexpr size_t kTopologyEnumerationLimit = 500000;  // mappings one enumeration returns at most
bool topology_search(
    const TopologySatGraphView& graph,
    const TopologySatConstraintView& constraints,
    const TopologySearchOptions& options,
    TopologySearchState& state,
    std::vector<std::vector<int>>& solutions);
bool topology_hard_ok(
    size_t t, size_t g, const TopologySatGraphView& graph, const TopologySatConstraintView& constraints,
    const std::vector<int>& mapping, ConnectionValidationMode mode);
bool topology_local_ok(
    size_t t, size_t g, const TopologySatGraphView& graph, const std::vector<int>& mapping, ConnectionValidationMode mode);
bool topology_forward_ok(
    size_t t, size_t g, const TopologySatGraphView& graph, const TopologySatConstraintView& constraints,
    const std::vector<int>& mapping, const std::vector<bool>& used, ConnectionValidationMode mode);
bool topology_same_rank_ok(
    size_t t, size_t g, const TopologySatConstraintView& constraints, const std::vector<int>& mapping);
size_t topology_reachable_unused(size_t start, const TopologySatGraphView& graph, const std::vector<bool>& used);
std::vector<size_t> topology_ordered_candidates(
    size_t t, const TopologySatGraphView& graph, const TopologySatConstraintView& constraints,
    const std::vector<int>& mapping, const std::vector<bool>& used, ConnectionValidationMode mode);
// (target, its ordered candidates); target SIZE_MAX when all are mapped.
std::pair<size_t, std::vector<size_t>> topology_select(
    const TopologySatGraphView& graph, const TopologySatConstraintView& constraints,
    const std::vector<int>& mapping, const std::vector<bool>& used, ConnectionValidationMode mode);
// Links a target edge needs: the larger of its two directions' counts (at least 1).
size_t topology_required_links(const TopologySatGraphView& graph, size_t t1, size_t t2);
size_t topology_global_links(const TopologySatGraphView& graph, size_t g1, size_t g2);

// Picks the unmapped target with the fewest candidates (then more preferred
// candidates, more mapped neighbours) and orders its candidates, best first.
class SearchHeuristic {
 public:
  struct SelectionResult {
    size_t target_idx = SIZE_MAX;  // SIZE_MAX: every target is mapped
    std::vector<size_t> candidates;
  };

  template <typename TargetNode, typename GlobalNode>
  static SelectionResult select_and_generate_candidates(
      const GraphIndexData<TargetNode, GlobalNode>& graph_data,
      const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
      const std::vector<int>& mapping,
      const std::vector<bool>& used,
      ConnectionValidationMode validation_mode);

  // Allowed by the constraints, degree large enough, linked to the globals of mapped neighbours.
  template <typename TargetNode, typename GlobalNode>
  static bool check_hard_constraints(
      size_t target_idx,
      size_t global_idx,
      const GraphIndexData<TargetNode, GlobalNode>& graph_data,
      const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
      const std::vector<int>& mapping,
      ConnectionValidationMode validation_mode);

  template <typename TargetNode, typename GlobalNode>
  static std::vector<size_t> generate_ordered_candidates(
      size_t target_idx,
      const GraphIndexData<TargetNode, GlobalNode>& graph_data,
      const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
      const std::vector<int>& mapping,
      const std::vector<bool>& used,
      ConnectionValidationMode validation_mode);
};

struct ConsistencyChecker {
  // Every mapped neighbour of target_idx sits on a global linked to global_idx (STRICT: with enough links).
  template <typename TargetNode, typename GlobalNode>
  static bool check_local_consistency(
      size_t target_idx,
      size_t global_idx,
      const GraphIndexData<TargetNode, GlobalNode>& graph_data,
      const std::vector<int>& mapping,
      ConnectionValidationMode validation_mode);

  // Every unmapped neighbour of target_idx still has an unused, allowed global next to global_idx.
  template <typename TargetNode, typename GlobalNode>
  static bool check_forward_consistency(
      size_t target_idx,
      size_t global_idx,
      const GraphIndexData<TargetNode, GlobalNode>& graph_data,
      const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
      const std::vector<int>& mapping,
      const std::vector<bool>& used,
      ConnectionValidationMode validation_mode);

  // Unused globals in start's connected component, start included (used ones are passed through, not counted).
  template <typename TargetNode, typename GlobalNode>
  static size_t count_reachable_unused(
      size_t start_global_idx, const GraphIndexData<TargetNode, GlobalNode>& graph_data, const std::vector<bool>& used);
};

template <typename TargetNode, typename GlobalNode>
class DFSSearchEngine {
 public:
  using SearchState = TopologySearchState;

  bool search(
      const GraphIndexData<TargetNode, GlobalNode>& graph_data,
      const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
      ConnectionValidationMode validation_mode,
      bool quiet_mode = false);
  bool search_n(
      const GraphIndexData<TargetNode, GlobalNode>& graph_data,
      const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
      ConnectionValidationMode validation_mode,
      size_t max_solutions,
      std::vector<std::vector<int>>& all_mappings_out,
      bool quiet_mode = false,
      bool unique_shapes = false,
      const std::vector<std::vector<int>>& initial_forbidden_shape_keys = {});
  const TopologySearchState& get_state() const { return state_; }

 private:
  TopologySearchState state_;
  bool quiet_mode_ = false;
};

template <typename TargetNode, typename GlobalNode>
class SatSearchEngine {
 public:
  bool search(
      const GraphIndexData<TargetNode, GlobalNode>& graph_data,
      const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
      ConnectionValidationMode validation_mode,
      bool quiet_mode = false);
  bool search_n(
      const GraphIndexData<TargetNode, GlobalNode>& graph_data,
      const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
      ConnectionValidationMode validation_mode,
      size_t max_solutions,
      std::vector<std::vector<int>>& all_mappings_out,
      bool quiet_mode = false,
      bool unique_shapes = false,
      const std::vector<std::vector<int>>& initial_forbidden_shape_keys = {});
  const TopologySearchState& get_state() const { return state_; }

 private:
  TopologySearchState state_;
  bool quiet_mode_ = false;
};

template <typename TargetNode, typename GlobalNode>
struct MappingValidator {
  // A complete mapping: injective, edges kept, constraints held; channel shortfalls fail STRICT, warn RELAXED.
  static bool validate_mapping(
      const std::vector<int>& mapping,
      const GraphIndexData<TargetNode, GlobalNode>& graph_data,
      const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
      ConnectionValidationMode validation_mode,
      std::vector<std::string>* warnings = nullptr,
      bool quiet_mode = false);
  static void validate_connection_counts(
      const std::vector<int>& mapping,
      const GraphIndexData<TargetNode, GlobalNode>& graph_data,
      ConnectionValidationMode validation_mode,
      std::vector<std::string>* warnings,
      bool quiet_mode = false);
  static void print_mapping(const std::vector<int>& mapping, const GraphIndexData<TargetNode, GlobalNode>& graph_data);
  static MappingResult<TargetNode, GlobalNode> build_result(
      const std::vector<int>& mapping,
      const GraphIndexData<TargetNode, GlobalNode>& graph_data,
      const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
      const TopologySearchState& state,
      ConnectionValidationMode validation_mode,
      bool quiet_mode = false);
};

}  // namespace detail

// Hands out one new mapping per next() call, excluding the given ones; the
// graphs and constraints are indexed (encoded) once per session.
template <typename TargetNode, typename GlobalNode>
class TopologyMappingEnumerationSession {
 public:
  TopologyMappingEnumerationSession() = default;
  TopologyMappingEnumerationSession(const TopologyMappingEnumerationSession&) = delete;
  TopologyMappingEnumerationSession& operator=(const TopologyMappingEnumerationSession&) = delete;
  TopologyMappingEnumerationSession(TopologyMappingEnumerationSession&&) noexcept = default;
  TopologyMappingEnumerationSession& operator=(TopologyMappingEnumerationSession&&) noexcept = default;
  ~TopologyMappingEnumerationSession() = default;

  void reset() noexcept;
  MappingResult<TargetNode, GlobalNode> next(
      const AdjacencyGraph<TargetNode>& target_graph,
      const AdjacencyGraph<GlobalNode>& global_graph,
      const MappingConstraints<TargetNode, GlobalNode>& constraints,
      const std::vector<std::map<TargetNode, GlobalNode>>& excluded_mappings,
      ConnectionValidationMode connection_validation_mode = ConnectionValidationMode::RELAXED,
      bool quiet_mode = false,
      TopologyMappingSolverEngine solver_engine = TopologyMappingSolverEngine::Auto,
      bool unique_shapes = false);
  size_t sat_solve_calls() const noexcept { return sat_solve_calls_; }
  size_t sat_hard_constraint_encode_calls() const noexcept { return sat_hard_constraint_encode_calls_; }

 private:
  bool ready_{false};
  bool unique_shapes_{false};
  size_t exclusions_encoded_{0};
  size_t sat_solve_calls_{0};
  size_t sat_hard_constraint_encode_calls_{0};
  typename AdjacencyGraph<TargetNode>::AdjacencyMap snap_target_;  // the graphs the index was built from
  typename AdjacencyGraph<GlobalNode>::AdjacencyMap snap_global_;
  std::optional<MappingConstraints<TargetNode, GlobalNode>> snap_constraints_;
  ConnectionValidationMode mode_{ConnectionValidationMode::RELAXED};
  std::optional<detail::GraphIndexData<TargetNode, GlobalNode>> graph_data_;
  std::optional<detail::ConstraintIndexData<TargetNode, GlobalNode>> constraint_data_;
  std::unique_ptr<detail::TopologySatSession, detail::TopologySatSessionDeleter> sat_session_{};
  detail::TopologySatHardEncoding sat_enc_{};
};

}  // namespace tt::tt_fabric

#include <tt-metalium/experimental/fabric/topology_solver.tpp>
