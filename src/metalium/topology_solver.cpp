// The topology solver's search on indices (topology_solver.hpp): backtracking
// that maps the most constrained target next, tries its candidates best
// first, checks every unmapped neighbour still has a place, and remembers
// failed partial mappings. Optimising ("SAT") runs go on past the first
// mapping with branch and bound on (preferred hits, channel fit).
#include <tt-metalium/experimental/fabric/topology_solver.hpp>

#include <cstdlib>
#include <deque>
#include <string>

namespace tt::tt_fabric::detail {

namespace {

constexpr size_t kOptimiseBudget = 200000;    // search steps an optimising run spends after its first mapping
constexpr size_t kStepLimit = 10000000;       // search steps of any run (tt-metal's DFS bound)
constexpr size_t kOptimisedEnumeration = 64;  // up to this many mappings, each is the best left; beyond, plain order

double timeout_seconds() {
  const char* s = std::getenv("TT_METAL_OPERATION_TIMEOUT_SECONDS");
  const double v = s ? std::atof(s) : 0.0;
  return v > 0 ? v : 0.0;
}

bool engine_from_env(bool& sat) {
  const char* s = std::getenv("TT_TOPOLOGY_SOLVER_ENGINE");
  if (s == nullptr) return false;
  const std::string v(s);
  if (v == "sat" || v == "SAT") {
    sat = true;
    return true;
  }
  if (v == "dfs" || v == "DFS") {
    sat = false;
    return true;
  }
  return false;
}

}  // namespace

bool topology_mapping_should_use_sat_engine(TopologyMappingSolverEngine engine, size_t n_target, size_t n_global) {
  if (engine == TopologyMappingSolverEngine::Sat) return true;
  if (engine == TopologyMappingSolverEngine::Dfs) return false;
  bool sat = false;
  if (engine_from_env(sat)) return sat;
  return n_target * n_global >= 64;  // small problems: the first mapping is found fastest without optimising
}

bool TopologySatConstraintView::is_valid_mapping(size_t target_idx, size_t global_idx) const {
  if (target_idx < forbidden_global_indices.size()) {
    const auto& f = forbidden_global_indices[target_idx];
    if (std::binary_search(f.begin(), f.end(), global_idx)) return false;
  }
  if (target_idx >= restricted_global_indices.size() || restricted_global_indices[target_idx].empty()) return true;
  const auto& r = restricted_global_indices[target_idx];
  return std::binary_search(r.begin(), r.end(), global_idx);
}

size_t topology_required_links(const TopologySatGraphView& graph, size_t t1, size_t t2) {
  size_t need = 1;
  auto a = graph.target_conn_count[t1].find(t2);
  if (a != graph.target_conn_count[t1].end()) need = std::max(need, a->second);
  auto b = graph.target_conn_count[t2].find(t1);
  if (b != graph.target_conn_count[t2].end()) need = std::max(need, b->second);
  return need;
}

size_t topology_global_links(const TopologySatGraphView& graph, size_t g1, size_t g2) {
  auto it = graph.global_conn_count[g1].find(g2);
  return it == graph.global_conn_count[g1].end() ? 0 : it->second;
}

bool topology_local_ok(
    size_t t, size_t g, const TopologySatGraphView& graph, const std::vector<int>& mapping, ConnectionValidationMode mode) {
  const auto& gadj = graph.global_adj_idx[g];
  for (size_t n : graph.target_adj_idx[t]) {
    if (n >= mapping.size() || mapping[n] < 0) continue;
    const auto gn = static_cast<size_t>(mapping[n]);
    if (!std::binary_search(gadj.begin(), gadj.end(), gn)) return false;
    if (mode == ConnectionValidationMode::STRICT &&
        topology_global_links(graph, g, gn) < topology_required_links(graph, t, n)) {
      return false;
    }
  }
  return true;
}

bool topology_same_rank_ok(
    size_t t, size_t g, const TopologySatConstraintView& constraints, const std::vector<int>& mapping) {
  if (constraints.same_rank_groups.empty() || t >= constraints.target_to_group.size()) return true;
  const size_t group = constraints.target_to_group[t];
  if (group == SIZE_MAX) return true;
  const int partition = g < constraints.global_to_same_rank_group.size() ? constraints.global_to_same_rank_group[g] : -1;
  if (partition < 0) return false;
  // Its group's mapped members all sit in the same partition.
  for (size_t other = 0; other < mapping.size() && other < constraints.target_to_group.size(); ++other) {
    if (other == t || mapping[other] < 0 || constraints.target_to_group[other] != group) continue;
    if (constraints.global_to_same_rank_group[static_cast<size_t>(mapping[other])] != partition) return false;
  }
  return true;
}

bool topology_hard_ok(
    size_t t,
    size_t g,
    const TopologySatGraphView& graph,
    const TopologySatConstraintView& constraints,
    const std::vector<int>& mapping,
    ConnectionValidationMode mode) {
  return constraints.is_valid_mapping(t, g) && graph.global_deg[g] >= graph.target_deg[t] &&
         topology_local_ok(t, g, graph, mapping, mode) && topology_same_rank_ok(t, g, constraints, mapping);
}

bool topology_forward_ok(
    size_t t,
    size_t g,
    const TopologySatGraphView& graph,
    const TopologySatConstraintView& constraints,
    const std::vector<int>& mapping,
    const std::vector<bool>& used,
    ConnectionValidationMode mode) {
  for (size_t n : graph.target_adj_idx[t]) {
    if (n < mapping.size() && mapping[n] >= 0) continue;
    bool room = false;
    for (size_t gn : graph.global_adj_idx[g]) {
      if (gn == g || (gn < used.size() && used[gn])) continue;
      if (!constraints.is_valid_mapping(n, gn) || graph.global_deg[gn] < graph.target_deg[n]) continue;
      if (mode == ConnectionValidationMode::STRICT &&
          topology_global_links(graph, g, gn) < topology_required_links(graph, t, n)) {
        continue;
      }
      room = true;
      break;
    }
    if (!room) return false;
  }
  return true;
}

size_t topology_reachable_unused(size_t start, const TopologySatGraphView& graph, const std::vector<bool>& used) {
  if (start >= graph.n_global) return 0;
  std::vector<bool> seen(graph.n_global, false);
  std::deque<size_t> todo{start};
  seen[start] = true;
  size_t count = 0;
  while (!todo.empty()) {
    const size_t g = todo.front();
    todo.pop_front();
    count += (g < used.size() && used[g]) ? 0 : 1;
    for (size_t n : graph.global_adj_idx[g]) {
      if (seen[n]) continue;
      seen[n] = true;
      todo.push_back(n);
    }
  }
  return count;
}

namespace {

bool is_preferred(const TopologySatConstraintView& constraints, size_t t, size_t g) {
  if (t >= constraints.preferred_global_indices.size()) return false;
  const auto& p = constraints.preferred_global_indices[t];
  return std::binary_search(p.begin(), p.end(), g);
}

// How well g carries t's links to its mapped neighbours: links short of need count against it.
long long channel_shortfall(size_t t, size_t g, const TopologySatGraphView& graph, const std::vector<int>& mapping) {
  long long shortfall = 0;
  for (size_t n : graph.target_adj_idx[t]) {
    if (n >= mapping.size() || mapping[n] < 0) continue;
    const size_t need = topology_required_links(graph, t, n);
    const size_t have = topology_global_links(graph, g, static_cast<size_t>(mapping[n]));
    if (have < need) shortfall += static_cast<long long>(need - have);
  }
  return shortfall;
}

}  // namespace

std::vector<size_t> topology_ordered_candidates(
    size_t t,
    const TopologySatGraphView& graph,
    const TopologySatConstraintView& constraints,
    const std::vector<int>& mapping,
    const std::vector<bool>& used,
    ConnectionValidationMode mode) {
  std::vector<std::pair<long long, size_t>> scored;
  for (size_t g = 0; g < graph.n_global; ++g) {
    if (g < used.size() && used[g]) continue;
    if (!topology_hard_ok(t, g, graph, constraints, mapping, mode)) continue;
    // Preferred first, then fewer missing links, then the closest degree.
    const long long cost = (is_preferred(constraints, t, g) ? -1000000LL : 0) +
                           channel_shortfall(t, g, graph, mapping) * 1000 +
                           static_cast<long long>(graph.global_deg[g] - graph.target_deg[t]);
    scored.emplace_back(cost, g);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<size_t> out;
  out.reserve(scored.size());
  for (const auto& [cost, g] : scored) out.push_back(g);
  return out;
}

std::pair<size_t, std::vector<size_t>> topology_select(
    const TopologySatGraphView& graph,
    const TopologySatConstraintView& constraints,
    const std::vector<int>& mapping,
    const std::vector<bool>& used,
    ConnectionValidationMode mode) {
  size_t best = SIZE_MAX;
  std::vector<size_t> best_candidates;
  long long best_cost = 0;
  for (size_t t = 0; t < graph.n_target && t < mapping.size(); ++t) {
    if (mapping[t] >= 0) continue;
    auto candidates = topology_ordered_candidates(t, graph, constraints, mapping, used, mode);
    size_t preferred = 0;
    for (size_t g : candidates) preferred += is_preferred(constraints, t, g) ? 1 : 0;
    size_t mapped_neighbours = 0;
    for (size_t n : graph.target_adj_idx[t]) mapped_neighbours += (n < mapping.size() && mapping[n] >= 0) ? 1 : 0;
    const long long cost = static_cast<long long>(candidates.size()) * 1000000LL -
                           static_cast<long long>(preferred) * 1000LL - static_cast<long long>(mapped_neighbours);
    if (best == SIZE_MAX || cost < best_cost) {
      best = t;
      best_cost = cost;
      best_candidates = std::move(candidates);
      if (best_candidates.empty()) break;  // a dead end: nothing to choose further
    }
  }
  return {best, std::move(best_candidates)};
}

namespace {

class Search {
 public:
  Search(
      const TopologySatGraphView& graph,
      const TopologySatConstraintView& constraints,
      const TopologySearchOptions& options,
      TopologySearchState& state,
      std::vector<std::vector<int>>& solutions) :
      graph_(graph), constraints_(constraints), options_(options), state_(state), solutions_(solutions) {
    for (const auto& m : options.excluded) excluded_.insert(m);
    for (const auto& k : options.excluded_shapes) shapes_.insert(k);
    limit_ = options.max_solutions == 0 ? kTopologyEnumerationLimit
                                        : std::min(options.max_solutions, kTopologyEnumerationLimit);
    timeout_ = timeout_seconds();
    start_ = std::chrono::steady_clock::now();
  }

  bool run() {
    const size_t nt = graph_.n_target, ng = graph_.n_global;
    state_.mapping.assign(nt, -1);
    state_.used.assign(ng, false);
    if (nt == 0) return fail("the target graph has no nodes");
    if (nt > ng) {
      return fail("the target graph has " + std::to_string(nt) + " nodes, the global graph only " + std::to_string(ng));
    }
    if (!presolve()) return false;
    // Pinned targets (a single allowed global) first.
    for (size_t t = 0; t < nt; ++t) {
      if (t >= constraints_.restricted_global_indices.size()) break;
      const auto& r = constraints_.restricted_global_indices[t];
      if (r.size() != 1) continue;
      const size_t g = r[0];
      if (g >= ng || state_.used[g] || !topology_hard_ok(t, g, graph_, constraints_, state_.mapping, options_.mode)) {
        return fail("required constraints conflict: target node index " + std::to_string(t) +
                    " cannot take its pinned global node (taken, not linked like its pinned neighbours, or degree too small)");
      }
      assign(t, g);
    }
    deepest_ = state_.mapping;
    deepest_count_ = assigned_;
    if (!constraints_can_hold()) return fail("the cardinality constraints cannot hold with the pinned nodes");
    dfs();
    if (!solutions_.empty()) {
      if (options_.optimise && options_.max_solutions == 1) {
        solutions_.assign(1, best_);
      }
      state_.mapping = solutions_.front();
      state_.error_message.clear();
      return true;
    }
    state_.mapping = deepest_;
    if (timed_out_ || state_.dfs_calls >= kStepLimit) {
      return fail("the search gave up after " + std::to_string(state_.dfs_calls) +
                  " steps (its limits: " + std::to_string(kStepLimit) +
                  " steps, TT_METAL_OPERATION_TIMEOUT_SECONDS); deepest partial mapping: " +
                  std::to_string(deepest_count_) + " of " + std::to_string(nt) + " target nodes");
    }
    return fail("no mapping of the target graph into the global graph satisfies the constraints (deepest partial "
                "mapping: " + std::to_string(deepest_count_) + " of " + std::to_string(nt) + " target nodes, " +
                std::to_string(state_.backtrack_count) + " backtracks)");
  }

 private:
  bool fail(const std::string& why) {
    state_.error_message = why;
    solutions_.clear();
    return false;
  }

  // Reasons no search can succeed, found by counting.
  bool presolve() {
    for (size_t t = 0; t < graph_.n_target; ++t) {
      bool any = false;
      for (size_t g = 0; g < graph_.n_global && !any; ++g) {
        any = constraints_.is_valid_mapping(t, g) && graph_.global_deg[g] >= graph_.target_deg[t];
      }
      if (!any) {
        return fail("target node index " + std::to_string(t) + " (degree " + std::to_string(graph_.target_deg[t]) +
                    ") has no allowed global node of degree at least " + std::to_string(graph_.target_deg[t]));
      }
    }
    // Degree histograms: the k-th largest target degree needs a k-th largest global degree as large.
    std::vector<size_t> td(graph_.target_deg), gd(graph_.global_deg);
    std::sort(td.rbegin(), td.rend());
    std::sort(gd.rbegin(), gd.rend());
    for (size_t i = 0; i < td.size(); ++i) {
      if (gd[i] < td[i]) {
        return fail("the target graph has " + std::to_string(i + 1) + " nodes of degree at least " +
                    std::to_string(td[i]) + ", the global graph only " + std::to_string(i));
      }
    }
    return true;
  }

  void assign(size_t t, size_t g) {
    state_.mapping[t] = static_cast<int>(g);
    state_.used[g] = true;
    ++assigned_;
  }
  void unassign(size_t t) {
    state_.used[static_cast<size_t>(state_.mapping[t])] = false;
    state_.mapping[t] = -1;
    --assigned_;
  }

  bool constraints_can_hold() const {
    for (const auto& c : constraints_.cardinality_constraints) {
      size_t possible = 0;
      for (const auto& [t, g] : c.pairs) {
        possible += (t < state_.mapping.size() &&
                     (state_.mapping[t] == static_cast<int>(g) || (state_.mapping[t] < 0 && !state_.used[g])))
                        ? 1
                        : 0;
      }
      if (possible < c.min_count) return false;
    }
    return true;
  }

  uint64_t hash() const {
    uint64_t h = 1469598103934665603ULL;  // FNV-1a over the mapping
    for (int v : state_.mapping) {
      h ^= static_cast<uint64_t>(static_cast<uint32_t>(v));
      h *= 1099511628211ULL;
    }
    return h;
  }

  bool out_of_time() {
    if (timed_out_) return true;
    if (timeout_ > 0 && (state_.dfs_calls & 1023) == 0) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      if (s > timeout_) timed_out_ = true;
    }
    if (options_.optimise && !solutions_.empty() && state_.dfs_calls - calls_at_first_ > kOptimiseBudget) {
      stop_ = true;
    }
    return timed_out_ || stop_ || state_.dfs_calls >= kStepLimit;
  }

  // Score of a complete or partial mapping: preferred hits, then links carried.
  long long score() const {
    long long preferred = 0, carried = 0;
    for (size_t t = 0; t < graph_.n_target; ++t) {
      if (state_.mapping[t] < 0) continue;
      const auto g = static_cast<size_t>(state_.mapping[t]);
      preferred += is_preferred(constraints_, t, g) ? 1 : 0;
      for (size_t n : graph_.target_adj_idx[t]) {
        if (n <= t || state_.mapping[n] < 0) continue;
        carried += static_cast<long long>(std::min(
            topology_required_links(graph_, t, n), topology_global_links(graph_, g, static_cast<size_t>(state_.mapping[n]))));
      }
    }
    return preferred * kPreferredWeight + carried;
  }
  // The best score any completion of the current mapping could reach.
  long long bound() const {
    long long preferred = 0, carried = 0;
    for (size_t t = 0; t < graph_.n_target; ++t) {
      const bool mapped = state_.mapping[t] >= 0;
      if (mapped) {
        preferred += is_preferred(constraints_, t, static_cast<size_t>(state_.mapping[t])) ? 1 : 0;
      } else if (t < constraints_.preferred_global_indices.size() && !constraints_.preferred_global_indices[t].empty()) {
        ++preferred;
      }
      for (size_t n : graph_.target_adj_idx[t]) {
        if (n <= t) continue;
        const size_t need = topology_required_links(graph_, t, n);
        if (mapped && state_.mapping[n] >= 0) {
          carried += static_cast<long long>(std::min(
              need, topology_global_links(graph_, static_cast<size_t>(state_.mapping[t]), static_cast<size_t>(state_.mapping[n]))));
        } else {
          carried += static_cast<long long>(need);
        }
      }
    }
    return preferred * kPreferredWeight + carried;
  }
  static constexpr long long kPreferredWeight = 1LL << 32;

  // Records a complete mapping; true when the search should stop.
  bool leaf() {
    if (!constraints_can_hold()) return false;
    if (excluded_.count(state_.mapping)) return false;
    if (options_.unique_shapes || !shapes_.empty()) {
      auto key = topology_mapping_shape_key(state_.mapping);
      if (shapes_.count(key)) return false;
      if (options_.unique_shapes) shapes_.insert(std::move(key));
    }
    if (options_.optimise && options_.max_solutions == 1) {
      const long long s = score();
      if (solutions_.empty() || s > best_score_) {
        best_score_ = s;
        best_ = state_.mapping;
        if (solutions_.empty()) calls_at_first_ = state_.dfs_calls;
        solutions_.assign(1, best_);
      }
      return best_score_ >= max_score_;
    }
    solutions_.push_back(state_.mapping);
    return solutions_.size() >= limit_;
  }

  // Returns true when the search is over (enough found, or out of time).
  bool dfs() {
    ++state_.dfs_calls;
    if (out_of_time()) return true;
    if (assigned_ > deepest_count_) {
      deepest_count_ = assigned_;
      deepest_ = state_.mapping;
    }
    if (assigned_ == graph_.n_target) return leaf();
    const bool first_only = !options_.optimise && limit_ == 1 && excluded_.empty() && shapes_.empty();
    uint64_t h = 0;
    if (first_only) {
      h = hash();
      if (state_.failed_states.count(h)) {
        ++state_.memoization_hits;
        return false;
      }
    }
    if (options_.optimise && options_.max_solutions == 1 && !solutions_.empty() && bound() <= best_score_) return false;
    auto [t, candidates] = topology_select(graph_, constraints_, state_.mapping, state_.used, options_.mode);
    for (size_t g : candidates) {
      if (!topology_forward_ok(t, g, graph_, constraints_, state_.mapping, state_.used, options_.mode)) continue;
      assign(t, g);
      const bool ok = constraints_can_hold();
      const bool done = ok && dfs();
      unassign(t);
      if (done) return true;
      ++state_.backtrack_count;
    }
    if (first_only) state_.failed_states.insert(h);
    return false;
  }

  const TopologySatGraphView& graph_;
  const TopologySatConstraintView& constraints_;
  const TopologySearchOptions& options_;
  TopologySearchState& state_;
  std::vector<std::vector<int>>& solutions_;
  std::set<std::vector<int>> excluded_;
  std::set<std::vector<int>> shapes_;
  size_t limit_ = 1;
  size_t assigned_ = 0;
  std::vector<int> deepest_;
  size_t deepest_count_ = 0;
  std::vector<int> best_;
  long long best_score_ = 0;
  long long max_score_ = LLONG_MAX;
  size_t calls_at_first_ = 0;
  double timeout_ = 0;
  std::chrono::steady_clock::time_point start_;
  bool timed_out_ = false;
  bool stop_ = false;
};

}  // namespace

bool topology_search(
    const TopologySatGraphView& graph,
    const TopologySatConstraintView& constraints,
    const TopologySearchOptions& options,
    TopologySearchState& state,
    std::vector<std::vector<int>>& solutions) {
  solutions.clear();
  if (!options.optimise || options.max_solutions == 1) return Search(graph, constraints, options, state, solutions).run();
  if (options.max_solutions == 0 || options.max_solutions > kOptimisedEnumeration) {
    TopologySearchOptions plain = options;  // one search per mapping would cost too much: enumerate in search order
    plain.optimise = false;
    return Search(graph, constraints, plain, state, solutions).run();
  }
  // A few best-first mappings: each optimising run excludes the ones before it.
  TopologySearchOptions one = options;
  one.max_solutions = 1;
  const size_t limit = options.max_solutions;
  TopologySearchState total;
  while (solutions.size() < limit) {
    TopologySearchState step;
    std::vector<std::vector<int>> found;
    if (!Search(graph, constraints, one, step, found).run()) {
      total.error_message = solutions.empty() ? step.error_message : "";
      if (solutions.empty()) total.mapping = step.mapping;
      break;
    }
    total.dfs_calls += step.dfs_calls;
    total.backtrack_count += step.backtrack_count;
    if (options.unique_shapes) {
      one.excluded_shapes.push_back(topology_mapping_shape_key(found.front()));
    } else {
      one.excluded.push_back(found.front());
    }
    solutions.push_back(found.front());
  }
  state = std::move(total);
  if (!solutions.empty()) state.mapping = solutions.front();
  return !solutions.empty();
}

bool topology_sat_search(
    const TopologySatGraphView& graph_data,
    const TopologySatConstraintView& constraint_data,
    ConnectionValidationMode validation_mode,
    bool quiet_mode,
    TopologySearchState& state) {
  TopologySearchOptions options;
  options.mode = validation_mode;
  options.quiet = quiet_mode;
  options.optimise = true;
  std::vector<std::vector<int>> found;
  return topology_search(graph_data, constraint_data, options, state, found);
}

bool topology_sat_search_n(
    const TopologySatGraphView& graph_data,
    const TopologySatConstraintView& constraint_data,
    ConnectionValidationMode validation_mode,
    size_t max_solutions,
    std::vector<std::vector<int>>& all_mappings_out,
    bool quiet_mode,
    bool unique_shapes,
    const std::vector<std::vector<int>>& initial_forbidden_shape_keys,
    TopologySearchState& state) {
  TopologySearchOptions options;
  options.mode = validation_mode;
  options.quiet = quiet_mode;
  options.optimise = true;
  options.max_solutions = max_solutions;
  options.unique_shapes = unique_shapes;
  options.excluded_shapes = initial_forbidden_shape_keys;
  return topology_search(graph_data, constraint_data, options, state, all_mappings_out);
}

// The session keeps copies of the index tables (the views refer to them) and the exclusions.
struct TopologySatSession {
  std::vector<std::vector<size_t>> target_adj, global_adj, restricted, forbidden, preferred;
  std::vector<std::map<size_t, size_t>> target_conn, global_conn;
  std::vector<size_t> target_deg, global_deg, target_to_group;
  std::vector<IndexedCardinalityConstraint> cardinality;
  std::vector<int> global_to_group;
  std::vector<std::set<size_t>> groups;
  size_t n_target = 0, n_global = 0;
  TopologySearchOptions options;
};

void topology_sat_session_destroy(TopologySatSession* p) noexcept { delete p; }

std::unique_ptr<TopologySatSession, TopologySatSessionDeleter> topology_sat_session_create_and_encode(
    const TopologySatGraphView& graph_data,
    const TopologySatConstraintView& constraint_data,
    TopologySatHardEncoding& enc,
    ConnectionValidationMode validation_mode) {
  std::unique_ptr<TopologySatSession, TopologySatSessionDeleter> s(new TopologySatSession{
      graph_data.target_adj_idx,
      graph_data.global_adj_idx,
      constraint_data.restricted_global_indices,
      constraint_data.forbidden_global_indices,
      constraint_data.preferred_global_indices,
      graph_data.target_conn_count,
      graph_data.global_conn_count,
      graph_data.target_deg,
      graph_data.global_deg,
      constraint_data.target_to_group,
      constraint_data.cardinality_constraints,
      constraint_data.global_to_same_rank_group,
      constraint_data.same_rank_groups,
      graph_data.n_target,
      graph_data.n_global,
      {}});
  s->options.mode = validation_mode;
  s->options.optimise = true;
  s->options.quiet = true;
  enc = {};
  enc.allowed_global_idx.assign(graph_data.n_target, {});
  for (size_t t = 0; t < graph_data.n_target; ++t) {
    for (size_t g = 0; g < graph_data.n_global; ++g) {
      if (constraint_data.is_valid_mapping(t, g) && graph_data.global_deg[g] >= graph_data.target_deg[t]) {
        enc.allowed_global_idx[t].push_back(g);
      }
    }
    if (enc.allowed_global_idx[t].empty() && !enc.trivial_unsat) {
      enc.trivial_unsat = true;
      enc.trivial_reason = "target node index " + std::to_string(t) + " has no allowed global node";
    }
  }
  return s;
}

bool topology_sat_session_add_blocking_clause(
    TopologySatSession* session, TopologySatHardEncoding&, const std::vector<int>& raw_mapping, bool unique_shapes) {
  if (session == nullptr) return false;
  if (unique_shapes) {
    session->options.excluded_shapes.push_back(topology_mapping_shape_key(raw_mapping));
  } else {
    session->options.excluded.push_back(raw_mapping);
  }
  return true;
}

bool topology_sat_session_solve_and_decode(
    TopologySatSession* session, const TopologySatHardEncoding& enc, std::vector<int>& raw_out) {
  if (session == nullptr || enc.trivial_unsat) return false;
  const TopologySatGraphView graph(
      session->n_target, session->n_global, session->target_adj, session->global_adj, session->target_conn,
      session->global_conn, session->target_deg, session->global_deg);
  const TopologySatConstraintView constraints(
      session->restricted, session->forbidden, session->preferred, session->cardinality, session->global_to_group,
      session->groups, session->target_to_group);
  TopologySearchState state;
  std::vector<std::vector<int>> found;
  if (!topology_search(graph, constraints, session->options, state, found)) return false;
  raw_out = found.front();
  return true;
}

}  // namespace tt::tt_fabric::detail
