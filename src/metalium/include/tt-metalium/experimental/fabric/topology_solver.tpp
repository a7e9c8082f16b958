// Template bodies of topology_solver.hpp: graphs and constraints by node,
// their index form, and the thin node-typed layer over the index-level search
// of topology_solver.cpp.
#pragma once

#include <tt-metalium/experimental/fabric/topology_solver.hpp>

#include <fmt/format.h>
#include <tt-logger/tt-logger.hpp>

#include <cstdlib>
#include <functional>
#include <iterator>
#include <sstream>

namespace tt::tt_fabric {

// ---------------------------------------------------------------- AdjacencyGraph

template <typename NodeId>
AdjacencyGraph<NodeId>::AdjacencyGraph(const AdjacencyMap& adjacency_map) : adj_map_(adjacency_map) {
  for (const auto& entry : adj_map_) nodes_cache_.push_back(entry.first);
}

template <typename NodeId>
const std::vector<NodeId>& AdjacencyGraph<NodeId>::get_neighbors(const NodeId& node) const {
  static const std::vector<NodeId> none;
  auto it = adj_map_.find(node);
  return it == adj_map_.end() ? none : it->second;
}

template <typename NodeId>
void AdjacencyGraph<NodeId>::print_adjacency_map(const std::string& graph_name, bool quiet_mode) const {
  std::ostringstream out;
  out << graph_name << " (" << adj_map_.size() << " nodes):\n";
  for (const auto& [node, neighbors] : adj_map_) {
    out << "  " << node << " ->";
    for (const auto& n : neighbors) out << " " << n;
    out << "\n";
  }
  if (quiet_mode) {
    log_debug(tt::LogFabric, "{}", out.str());
  } else {
    log_info(tt::LogFabric, "{}", out.str());
  }
}

// ---------------------------------------------------------------- MappingConstraints

template <typename TargetNode, typename GlobalNode>
MappingConstraints<TargetNode, GlobalNode>::MappingConstraints(
    const std::set<std::pair<TargetNode, GlobalNode>>& required_constraints,
    const std::set<std::pair<TargetNode, GlobalNode>>& preferred_constraints) {
  // Conflicts stay visible here: validate() reports them.
  for (const auto& [target, global] : required_constraints) {
    auto [it, fresh] = valid_mappings_.try_emplace(target, std::set<GlobalNode>{global});
    if (!fresh) {
      std::set<GlobalNode> keep;
      if (it->second.count(global)) keep.insert(global);
      it->second = std::move(keep);
    }
  }
  for (const auto& [target, global] : preferred_constraints) preferred_mappings_[target].insert(global);
}

template <typename TargetNode, typename GlobalNode>
void MappingConstraints<TargetNode, GlobalNode>::save(Saved& saved, const TargetNode& target) const {
  if (saved.count(target)) return;
  auto it = valid_mappings_.find(target);
  saved[target] = it == valid_mappings_.end() ? std::nullopt : std::make_optional(it->second);
}

// Intersects target's allowed set with `allowed` (no set yet: takes it).
template <typename TargetNode, typename GlobalNode>
void MappingConstraints<TargetNode, GlobalNode>::restrict_to(
    const TargetNode& target, const std::set<GlobalNode>& allowed) {
  auto it = valid_mappings_.find(target);
  if (it == valid_mappings_.end()) {
    valid_mappings_.emplace(target, allowed);
    return;
  }
  std::set<GlobalNode> both;
  std::set_intersection(
      it->second.begin(), it->second.end(), allowed.begin(), allowed.end(), std::inserter(both, both.begin()));
  it->second = std::move(both);
}

template <typename TargetNode, typename GlobalNode>
template <typename TraitType>
bool MappingConstraints<TargetNode, GlobalNode>::add_required_trait_constraint(
    const std::map<TargetNode, TraitType>& target_traits, const std::map<GlobalNode, TraitType>& global_traits) {
  std::map<TraitType, std::set<GlobalNode>> by_trait;
  for (const auto& [global, trait] : global_traits) by_trait[trait].insert(global);
  Saved saved;
  for (const auto& [target, trait] : target_traits) {
    save(saved, target);
    auto it = by_trait.find(trait);
    restrict_to(target, it == by_trait.end() ? std::set<GlobalNode>{} : it->second);
  }
  return validate(&saved);
}

template <typename TargetNode, typename GlobalNode>
template <typename TraitType>
void MappingConstraints<TargetNode, GlobalNode>::add_preferred_trait_constraint(
    const std::map<TargetNode, TraitType>& target_traits, const std::map<GlobalNode, TraitType>& global_traits) {
  std::map<TraitType, std::set<GlobalNode>> by_trait;
  for (const auto& [global, trait] : global_traits) by_trait[trait].insert(global);
  for (const auto& [target, trait] : target_traits) {
    auto it = by_trait.find(trait);
    if (it != by_trait.end()) add_preferred_constraint(target, it->second);
  }
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::add_required_constraint(TargetNode target_node, GlobalNode global_node) {
  return add_required_constraint(target_node, std::set<GlobalNode>{global_node});
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::add_required_constraint(
    TargetNode target_node, const std::set<GlobalNode>& global_nodes) {
  Saved saved;
  save(saved, target_node);
  restrict_to(target_node, global_nodes);
  return validate(&saved);
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::add_required_constraint(
    const std::set<TargetNode>& target_nodes, GlobalNode global_node) {
  Saved saved;
  for (const auto& t : target_nodes) {
    save(saved, t);
    restrict_to(t, std::set<GlobalNode>{global_node});
  }
  return validate(&saved);
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::add_required_constraint(
    const std::set<TargetNode>& target_nodes, const std::set<GlobalNode>& global_nodes) {
  Saved saved;
  auto reserved_before = reserved_global_nodes_;
  for (const auto& t : target_nodes) {
    save(saved, t);
    restrict_to(t, global_nodes);
  }
  // These globals are now for these targets only.
  for (const auto& g : global_nodes) reserved_global_nodes_[g].insert(target_nodes.begin(), target_nodes.end());
  if (!validate(&saved)) {
    reserved_global_nodes_ = std::move(reserved_before);
    return false;
  }
  return true;
}

template <typename TargetNode, typename GlobalNode>
void MappingConstraints<TargetNode, GlobalNode>::add_preferred_constraint(TargetNode target_node, GlobalNode global_node) {
  preferred_mappings_[target_node].insert(global_node);
}

template <typename TargetNode, typename GlobalNode>
void MappingConstraints<TargetNode, GlobalNode>::add_preferred_constraint(
    TargetNode target_node, const std::set<GlobalNode>& global_nodes) {
  auto& pref = preferred_mappings_[target_node];
  if (pref.empty()) {
    pref = global_nodes;
    return;
  }
  std::set<GlobalNode> both;
  std::set_intersection(
      pref.begin(), pref.end(), global_nodes.begin(), global_nodes.end(), std::inserter(both, both.begin()));
  pref = std::move(both);
}

template <typename TargetNode, typename GlobalNode>
void MappingConstraints<TargetNode, GlobalNode>::add_preferred_constraint(
    const std::set<TargetNode>& target_nodes, GlobalNode global_node) {
  for (const auto& t : target_nodes) add_preferred_constraint(t, std::set<GlobalNode>{global_node});
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::add_forbidden_constraint(TargetNode target_node, GlobalNode global_node) {
  return add_forbidden_constraint(std::set<TargetNode>{target_node}, std::set<GlobalNode>{global_node});
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::add_forbidden_constraint(
    TargetNode target_node, const std::set<GlobalNode>& global_nodes) {
  if (global_nodes.empty()) return true;
  return add_forbidden_constraint(std::set<TargetNode>{target_node}, global_nodes);
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::add_forbidden_constraint(
    const std::set<TargetNode>& target_nodes, GlobalNode global_node) {
  if (target_nodes.empty()) return true;
  return add_forbidden_constraint(target_nodes, std::set<GlobalNode>{global_node});
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::add_forbidden_constraint(
    const std::set<TargetNode>& target_nodes, const std::set<GlobalNode>& global_nodes) {
  if (target_nodes.empty() || global_nodes.empty()) {
    log_debug(tt::LogFabric, "add_forbidden_constraint: both node lists must be non-empty");
    return false;
  }
  Saved saved;
  auto forbidden_before = forbidden_pairs_;
  for (const auto& t : target_nodes) {
    for (const auto& g : global_nodes) forbidden_pairs_.insert({t, g});
    auto it = valid_mappings_.find(t);
    if (it != valid_mappings_.end()) {
      save(saved, t);
      for (const auto& g : global_nodes) it->second.erase(g);
    }
  }
  if (!validate(&saved)) {
    forbidden_pairs_ = std::move(forbidden_before);
    return false;
  }
  return true;
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::add_cardinality_constraint(
    const CardinalityPairSet& mapping_pairs, size_t min_count) {
  if (mapping_pairs.empty() || min_count == 0 || min_count > mapping_pairs.size()) return false;
  CardinalityPairSet possible;  // the pairs the required constraints still allow
  for (const auto& [t, g] : mapping_pairs) {
    if (is_valid_mapping(t, g)) possible.insert({t, g});
  }
  if (possible.size() < min_count) {
    log_debug(
        tt::LogFabric,
        "cardinality constraint needs {} pair(s), the required constraints allow {}",
        min_count,
        possible.size());
    return false;
  }
  cardinality_constraints_.emplace_back(std::move(possible), min_count);
  if (!validate_cardinality_constraints()) {
    cardinality_constraints_.pop_back();
    return false;
  }
  return true;
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::add_cardinality_constraint(
    const std::set<TargetNode>& target_nodes, const std::set<GlobalNode>& global_nodes, size_t min_count) {
  if (target_nodes.empty() || global_nodes.empty()) return false;
  CardinalityPairSet pairs;
  for (const auto& t : target_nodes) {
    for (const auto& g : global_nodes) pairs.insert({t, g});
  }
  return add_cardinality_constraint(pairs, min_count);
}

template <typename TargetNode, typename GlobalNode>
const std::set<GlobalNode>& MappingConstraints<TargetNode, GlobalNode>::get_valid_mappings(TargetNode target) const {
  static const std::set<GlobalNode> none;
  auto it = valid_mappings_.find(target);
  return it == valid_mappings_.end() ? none : it->second;
}

template <typename TargetNode, typename GlobalNode>
const std::set<GlobalNode>& MappingConstraints<TargetNode, GlobalNode>::get_preferred_mappings(TargetNode target) const {
  static const std::set<GlobalNode> none;
  auto it = preferred_mappings_.find(target);
  return it == preferred_mappings_.end() ? none : it->second;
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::is_valid_mapping(TargetNode target, GlobalNode global) const {
  if (forbidden_pairs_.count({target, global})) return false;
  auto reserved = reserved_global_nodes_.find(global);
  if (reserved != reserved_global_nodes_.end() && !reserved->second.count(target)) return false;
  auto it = valid_mappings_.find(target);
  return it == valid_mappings_.end() || it->second.count(global) > 0;
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::set_same_rank_groups_constraint(
    const std::vector<std::set<TargetNode>>& target_groups, const std::vector<std::set<GlobalNode>>& global_groups) {
  auto targets_before = std::move(same_rank_target_groups_);
  auto globals_before = std::move(same_rank_global_groups_);
  same_rank_target_groups_ = target_groups;
  same_rank_global_groups_ = global_groups;
  if (!validate()) {
    same_rank_target_groups_ = std::move(targets_before);
    same_rank_global_groups_ = std::move(globals_before);
    return false;
  }
  return true;
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::validate(const Saved* saved_state) {
  auto before = valid_mappings_;
  // Drop the globals a forbidden pair or another constraint's reservation excludes.
  for (auto& [target, allowed] : valid_mappings_) {
    for (auto it = allowed.begin(); it != allowed.end();) {
      it = is_valid_mapping(target, *it) ? std::next(it) : allowed.erase(it);
    }
  }
  std::vector<TargetNode> empty;
  for (const auto& [target, allowed] : valid_mappings_) {
    if (allowed.empty()) empty.push_back(target);
  }
  const bool ok = empty.empty() && validate_same_rank_groups_feasible() && validate_cardinality_constraints();
  if (ok) return true;
  if (saved_state == nullptr) {
    valid_mappings_ = std::move(before);
  } else {
    valid_mappings_ = std::move(before);
    for (const auto& [target, was] : *saved_state) {
      if (was) {
        valid_mappings_[target] = *was;
      } else {
        valid_mappings_.erase(target);
      }
    }
  }
  if (!empty.empty()) {
    std::ostringstream out;
    for (const auto& t : empty) out << " " << t;
    if (quiet_mode_) {
      log_debug(tt::LogFabric, "mapping constraints leave no global for target node(s){}", out.str());
    } else {
      log_info(tt::LogFabric, "mapping constraints leave no global for target node(s){}", out.str());
    }
  }
  return false;
}

template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::validate_cardinality_constraints() const {
  for (const auto& [pairs, min_count] : cardinality_constraints_) {
    size_t possible = 0;
    for (const auto& [t, g] : pairs) possible += is_valid_mapping(t, g) ? 1 : 0;
    if (possible < min_count) return false;
  }
  return true;
}

// Each non-empty target group needs its own global group holding an allowed
// global for every member: a bipartite matching, by augmenting paths.
template <typename TargetNode, typename GlobalNode>
bool MappingConstraints<TargetNode, GlobalNode>::validate_same_rank_groups_feasible() const {
  std::vector<const std::set<TargetNode>*> tgroups;
  std::vector<const std::set<GlobalNode>*> ggroups;
  for (const auto& g : same_rank_target_groups_) {
    if (!g.empty()) tgroups.push_back(&g);
  }
  for (const auto& g : same_rank_global_groups_) {
    if (!g.empty()) ggroups.push_back(&g);
  }
  if (tgroups.empty() || ggroups.empty()) return true;
  if (tgroups.size() > ggroups.size()) return false;
  auto fits = [&](size_t ti, size_t gi) {
    for (const auto& t : *tgroups[ti]) {
      bool any = false;
      for (const auto& g : *ggroups[gi]) {
        if (is_valid_mapping(t, g)) {
          any = true;
          break;
        }
      }
      if (!any) return false;
    }
    return true;
  };
  std::vector<int> owner(ggroups.size(), -1);
  std::vector<bool> seen;
  std::function<bool(size_t)> augment = [&](size_t ti) {
    for (size_t gi = 0; gi < ggroups.size(); ++gi) {
      if (seen[gi] || !fits(ti, gi)) continue;
      seen[gi] = true;
      if (owner[gi] < 0 || augment(static_cast<size_t>(owner[gi]))) {
        owner[gi] = static_cast<int>(ti);
        return true;
      }
    }
    return false;
  };
  for (size_t ti = 0; ti < tgroups.size(); ++ti) {
    seen.assign(ggroups.size(), false);
    if (!augment(ti)) return false;
  }
  return true;
}

template <typename TargetNode, typename GlobalNode>
void MappingConstraints<TargetNode, GlobalNode>::print_mapping_constraint_maps(
    const std::string& label, bool quiet_mode) const {
  std::ostringstream out;
  out << label << ":\n";
  for (const auto& [t, gs] : valid_mappings_) {
    out << "  required " << t << " ->";
    for (const auto& g : gs) out << " " << g;
    out << "\n";
  }
  for (const auto& [t, gs] : preferred_mappings_) {
    out << "  preferred " << t << " ->";
    for (const auto& g : gs) out << " " << g;
    out << "\n";
  }
  for (const auto& [t, g] : forbidden_pairs_) out << "  forbidden " << t << " -> " << g << "\n";
  out << "  cardinality constraints: " << cardinality_constraints_.size() << "\n";
  out << "  same-rank groups: " << same_rank_target_groups_.size() << " target, " << same_rank_global_groups_.size()
      << " global\n";
  if (quiet_mode) {
    log_debug(tt::LogFabric, "{}", out.str());
  } else {
    log_info(tt::LogFabric, "{}", out.str());
  }
}

namespace detail {

// ---------------------------------------------------------------- index form

template <typename Node>
void topology_index_graph(
    const AdjacencyGraph<Node>& graph,
    std::vector<Node>& nodes,
    std::map<Node, size_t>& to_idx,
    std::vector<std::vector<size_t>>& adj,
    std::vector<std::map<size_t, size_t>>& conn,
    std::vector<size_t>& deg) {
  nodes = graph.get_nodes();
  for (size_t i = 0; i < nodes.size(); ++i) to_idx.emplace(nodes[i], i);
  adj.assign(nodes.size(), {});
  conn.assign(nodes.size(), {});
  deg.assign(nodes.size(), 0);
  for (size_t i = 0; i < nodes.size(); ++i) {
    for (const auto& n : graph.get_neighbors(nodes[i])) {
      auto it = to_idx.find(n);
      if (it == to_idx.end() || it->second == i) continue;  // unknown node, or a self link
      conn[i][it->second]++;
    }
    for (const auto& [j, count] : conn[i]) adj[i].push_back(j);  // the map keeps them sorted
    deg[i] = adj[i].size();
  }
}

template <typename TargetNode, typename GlobalNode>
GraphIndexData<TargetNode, GlobalNode>::GraphIndexData(
    const AdjacencyGraph<TargetNode>& target_graph, const AdjacencyGraph<GlobalNode>& global_graph) {
  topology_index_graph(target_graph, target_nodes, target_to_idx, target_adj_idx, target_conn_count, target_deg);
  topology_index_graph(global_graph, global_nodes, global_to_idx, global_adj_idx, global_conn_count, global_deg);
  n_target = target_nodes.size();
  n_global = global_nodes.size();
}

template <typename TargetNode, typename GlobalNode>
void GraphIndexData<TargetNode, GlobalNode>::print_node_degrees() const {
  std::ostringstream out;
  for (size_t i = 0; i < n_target; ++i) out << "  target " << target_nodes[i] << ": " << target_deg[i] << "\n";
  for (size_t i = 0; i < n_global; ++i) out << "  global " << global_nodes[i] << ": " << global_deg[i] << "\n";
  log_info(tt::LogFabric, "node degrees:\n{}", out.str());
}

template <typename TargetNode, typename GlobalNode>
void GraphIndexData<TargetNode, GlobalNode>::print_adjacency_maps() const {
  std::ostringstream out;
  for (size_t i = 0; i < n_target; ++i) {
    out << "  target " << target_nodes[i] << " ->";
    for (size_t j : target_adj_idx[i]) out << " " << target_nodes[j] << "x" << target_conn_count[i].at(j);
    out << "\n";
  }
  for (size_t i = 0; i < n_global; ++i) {
    out << "  global " << global_nodes[i] << " ->";
    for (size_t j : global_adj_idx[i]) out << " " << global_nodes[j] << "x" << global_conn_count[i].at(j);
    out << "\n";
  }
  log_info(tt::LogFabric, "adjacency:\n{}", out.str());
}

template <typename TargetNode, typename GlobalNode>
ConstraintIndexData<TargetNode, GlobalNode>::ConstraintIndexData(
    const MappingConstraints<TargetNode, GlobalNode>& constraints,
    const GraphIndexData<TargetNode, GlobalNode>& graph_data) {
  const size_t nt = graph_data.n_target;
  restricted_global_indices.assign(nt, {});
  forbidden_global_indices.assign(nt, {});
  preferred_global_indices.assign(nt, {});
  target_to_group.assign(nt, SIZE_MAX);
  global_to_same_rank_group.assign(graph_data.n_global, -1);
  auto indices = [&](const std::set<GlobalNode>& globals) {
    std::vector<size_t> out;
    for (const auto& g : globals) {
      auto it = graph_data.global_to_idx.find(g);
      if (it != graph_data.global_to_idx.end()) out.push_back(it->second);
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  for (size_t t = 0; t < nt; ++t) {
    const TargetNode& node = graph_data.target_nodes[t];
    auto valid = constraints.get_valid_mappings().find(node);
    if (valid != constraints.get_valid_mappings().end()) {
      restricted_global_indices[t] = indices(valid->second);
      // A target whose allowed globals are all outside the graph can go nowhere.
      if (restricted_global_indices[t].empty() && !valid->second.empty()) restricted_global_indices[t] = {SIZE_MAX};
    }
    preferred_global_indices[t] = indices(constraints.get_preferred_mappings(node));
    // Forbidden: its forbidden pairs, and (unrestricted targets) globals reserved for others.
    const bool restricted = valid != constraints.get_valid_mappings().end();
    for (size_t g = 0; g < graph_data.n_global; ++g) {
      const GlobalNode& global = graph_data.global_nodes[g];
      if (constraints.get_forbidden_pairs().count({node, global}) ||
          (!restricted && !constraints.is_valid_mapping(node, global))) {
        forbidden_global_indices[t].push_back(g);
      }
    }
  }
  for (const auto& [pairs, min_count] : constraints.get_cardinality_constraints()) {
    IndexedCardinalityConstraint indexed;
    indexed.min_count = min_count;
    for (const auto& [t, g] : pairs) {
      auto ti = graph_data.target_to_idx.find(t);
      auto gi = graph_data.global_to_idx.find(g);
      if (ti != graph_data.target_to_idx.end() && gi != graph_data.global_to_idx.end()) {
        indexed.pairs.insert({ti->second, gi->second});
      }
    }
    cardinality_constraints.push_back(std::move(indexed));
  }
  const auto& tgroups = constraints.get_same_rank_target_groups();
  const auto& ggroups = constraints.get_same_rank_global_groups();
  if (!tgroups.empty() && !ggroups.empty()) {
    for (size_t i = 0; i < ggroups.size(); ++i) {
      std::set<size_t> members;
      for (const auto& g : ggroups[i]) {
        auto it = graph_data.global_to_idx.find(g);
        if (it == graph_data.global_to_idx.end()) continue;
        members.insert(it->second);
        global_to_same_rank_group[it->second] = static_cast<int>(i);
      }
      same_rank_groups.push_back(std::move(members));
    }
    for (size_t i = 0; i < tgroups.size(); ++i) {
      for (const auto& t : tgroups[i]) {
        auto it = graph_data.target_to_idx.find(t);
        if (it != graph_data.target_to_idx.end()) target_to_group[it->second] = i;
      }
    }
  }
}

template <typename TargetNode, typename GlobalNode>
bool ConstraintIndexData<TargetNode, GlobalNode>::is_valid_mapping(size_t target_idx, size_t global_idx) const {
  return TopologySatConstraintView(*this).is_valid_mapping(target_idx, global_idx);
}

template <typename TargetNode, typename GlobalNode>
const std::vector<size_t>& ConstraintIndexData<TargetNode, GlobalNode>::get_candidates(size_t target_idx) const {
  static const std::vector<size_t> none;
  return target_idx < restricted_global_indices.size() ? restricted_global_indices[target_idx] : none;
}

template <typename TargetNode, typename GlobalNode>
bool ConstraintIndexData<TargetNode, GlobalNode>::check_cardinality_constraints(const std::vector<int>& mapping) const {
  for (const auto& c : cardinality_constraints) {
    size_t held = 0;
    for (const auto& [t, g] : c.pairs) held += (t < mapping.size() && mapping[t] == static_cast<int>(g)) ? 1 : 0;
    if (held < c.min_count) return false;
  }
  return true;
}

template <typename TargetNode, typename GlobalNode>
bool ConstraintIndexData<TargetNode, GlobalNode>::can_satisfy_cardinality_constraints(
    const std::vector<int>& mapping) const {
  for (const auto& c : cardinality_constraints) {
    size_t possible = 0;
    for (const auto& [t, g] : c.pairs) {
      possible += (t < mapping.size() && (mapping[t] < 0 || mapping[t] == static_cast<int>(g))) ? 1 : 0;
    }
    if (possible < c.min_count) return false;
  }
  return true;
}

template <typename TargetNode, typename GlobalNode>
size_t ConstraintIndexData<TargetNode, GlobalNode>::get_single_required_mapping(size_t target_idx) const {
  const auto& r = get_candidates(target_idx);
  return r.size() == 1 ? r[0] : SIZE_MAX;
}

template <typename TargetNode, typename GlobalNode>
std::tuple<size_t, size_t, size_t> ConstraintIndexData<TargetNode, GlobalNode>::compute_constraint_stats(
    const std::vector<int>& mapping, const GraphIndexData<TargetNode, GlobalNode>& graph_data) const {
  size_t required = 0, preferred = 0, preferred_total = 0;
  for (size_t t = 0; t < mapping.size() && t < graph_data.n_target; ++t) {
    if (mapping[t] < 0) continue;
    const auto g = static_cast<size_t>(mapping[t]);
    const auto& r = restricted_global_indices[t];
    if (!r.empty() && std::binary_search(r.begin(), r.end(), g)) ++required;
    const auto& p = preferred_global_indices[t];
    preferred_total += p.size();
    if (std::binary_search(p.begin(), p.end(), g)) ++preferred;
  }
  return {required, preferred, preferred_total};
}

template <typename TargetNode, typename GlobalNode>
bool ConstraintIndexData<TargetNode, GlobalNode>::check_same_rank_constraint(
    size_t target_idx, size_t global_idx, const std::vector<int>& mapping, const std::vector<bool>&) const {
  return topology_same_rank_ok(target_idx, global_idx, TopologySatConstraintView(*this), mapping);
}

template <typename TargetNode, typename GlobalNode>
void ConstraintIndexData<TargetNode, GlobalNode>::print_resolved_mapping_constraint_maps(
    const GraphIndexData<TargetNode, GlobalNode>& graph_data, const std::string& label, bool quiet_mode) const {
  std::ostringstream out;
  out << label << ":\n";
  for (size_t t = 0; t < restricted_global_indices.size(); ++t) {
    out << "  " << graph_data.target_nodes[t] << ": allowed";
    for (size_t g : restricted_global_indices[t]) {
      if (g < graph_data.n_global) out << " " << graph_data.global_nodes[g];
    }
    out << "; preferred";
    for (size_t g : preferred_global_indices[t]) out << " " << graph_data.global_nodes[g];
    out << "\n";
  }
  if (quiet_mode) {
    log_debug(tt::LogFabric, "{}", out.str());
  } else {
    log_info(tt::LogFabric, "{}", out.str());
  }
}

// ---------------------------------------------------------------- node-typed layer over the search

template <typename TargetNode, typename GlobalNode>
SearchHeuristic::SelectionResult SearchHeuristic::select_and_generate_candidates(
    const GraphIndexData<TargetNode, GlobalNode>& graph_data,
    const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
    const std::vector<int>& mapping,
    const std::vector<bool>& used,
    ConnectionValidationMode validation_mode) {
  auto [t, candidates] = topology_select(
      TopologySatGraphView(graph_data), TopologySatConstraintView(constraint_data), mapping, used, validation_mode);
  return {t, std::move(candidates)};
}

template <typename TargetNode, typename GlobalNode>
bool SearchHeuristic::check_hard_constraints(
    size_t target_idx,
    size_t global_idx,
    const GraphIndexData<TargetNode, GlobalNode>& graph_data,
    const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
    const std::vector<int>& mapping,
    ConnectionValidationMode validation_mode) {
  return topology_hard_ok(
      target_idx,
      global_idx,
      TopologySatGraphView(graph_data),
      TopologySatConstraintView(constraint_data),
      mapping,
      validation_mode);
}

template <typename TargetNode, typename GlobalNode>
std::vector<size_t> SearchHeuristic::generate_ordered_candidates(
    size_t target_idx,
    const GraphIndexData<TargetNode, GlobalNode>& graph_data,
    const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
    const std::vector<int>& mapping,
    const std::vector<bool>& used,
    ConnectionValidationMode validation_mode) {
  return topology_ordered_candidates(
      target_idx,
      TopologySatGraphView(graph_data),
      TopologySatConstraintView(constraint_data),
      mapping,
      used,
      validation_mode);
}

template <typename TargetNode, typename GlobalNode>
bool ConsistencyChecker::check_local_consistency(
    size_t target_idx,
    size_t global_idx,
    const GraphIndexData<TargetNode, GlobalNode>& graph_data,
    const std::vector<int>& mapping,
    ConnectionValidationMode validation_mode) {
  return topology_local_ok(target_idx, global_idx, TopologySatGraphView(graph_data), mapping, validation_mode);
}

template <typename TargetNode, typename GlobalNode>
bool ConsistencyChecker::check_forward_consistency(
    size_t target_idx,
    size_t global_idx,
    const GraphIndexData<TargetNode, GlobalNode>& graph_data,
    const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
    const std::vector<int>& mapping,
    const std::vector<bool>& used,
    ConnectionValidationMode validation_mode) {
  return topology_forward_ok(
      target_idx,
      global_idx,
      TopologySatGraphView(graph_data),
      TopologySatConstraintView(constraint_data),
      mapping,
      used,
      validation_mode);
}

template <typename TargetNode, typename GlobalNode>
size_t ConsistencyChecker::count_reachable_unused(
    size_t start_global_idx, const GraphIndexData<TargetNode, GlobalNode>& graph_data, const std::vector<bool>& used) {
  return topology_reachable_unused(start_global_idx, TopologySatGraphView(graph_data), used);
}

template <typename TargetNode, typename GlobalNode>
bool DFSSearchEngine<TargetNode, GlobalNode>::search(
    const GraphIndexData<TargetNode, GlobalNode>& graph_data,
    const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
    ConnectionValidationMode validation_mode,
    bool quiet_mode) {
  quiet_mode_ = quiet_mode;
  state_ = {};
  TopologySearchOptions options;
  options.mode = validation_mode;
  options.quiet = quiet_mode;
  std::vector<std::vector<int>> found;
  return topology_search(
      TopologySatGraphView(graph_data), TopologySatConstraintView(constraint_data), options, state_, found);
}

template <typename TargetNode, typename GlobalNode>
bool DFSSearchEngine<TargetNode, GlobalNode>::search_n(
    const GraphIndexData<TargetNode, GlobalNode>& graph_data,
    const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
    ConnectionValidationMode validation_mode,
    size_t max_solutions,
    std::vector<std::vector<int>>& all_mappings_out,
    bool quiet_mode,
    bool unique_shapes,
    const std::vector<std::vector<int>>& initial_forbidden_shape_keys) {
  quiet_mode_ = quiet_mode;
  state_ = {};
  TopologySearchOptions options;
  options.mode = validation_mode;
  options.quiet = quiet_mode;
  options.max_solutions = max_solutions;
  options.unique_shapes = unique_shapes;
  options.excluded_shapes = initial_forbidden_shape_keys;
  all_mappings_out.clear();
  return topology_search(
      TopologySatGraphView(graph_data), TopologySatConstraintView(constraint_data), options, state_, all_mappings_out);
}

template <typename TargetNode, typename GlobalNode>
bool SatSearchEngine<TargetNode, GlobalNode>::search(
    const GraphIndexData<TargetNode, GlobalNode>& graph_data,
    const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
    ConnectionValidationMode validation_mode,
    bool quiet_mode) {
  quiet_mode_ = quiet_mode;
  state_ = {};
  return topology_sat_search(
      TopologySatGraphView(graph_data), TopologySatConstraintView(constraint_data), validation_mode, quiet_mode, state_);
}

template <typename TargetNode, typename GlobalNode>
bool SatSearchEngine<TargetNode, GlobalNode>::search_n(
    const GraphIndexData<TargetNode, GlobalNode>& graph_data,
    const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
    ConnectionValidationMode validation_mode,
    size_t max_solutions,
    std::vector<std::vector<int>>& all_mappings_out,
    bool quiet_mode,
    bool unique_shapes,
    const std::vector<std::vector<int>>& initial_forbidden_shape_keys) {
  quiet_mode_ = quiet_mode;
  state_ = {};
  return topology_sat_search_n(
      TopologySatGraphView(graph_data),
      TopologySatConstraintView(constraint_data),
      validation_mode,
      max_solutions,
      all_mappings_out,
      quiet_mode,
      unique_shapes,
      initial_forbidden_shape_keys,
      state_);
}

template <typename TargetNode, typename GlobalNode>
void MappingValidator<TargetNode, GlobalNode>::validate_connection_counts(
    const std::vector<int>& mapping,
    const GraphIndexData<TargetNode, GlobalNode>& graph_data,
    ConnectionValidationMode,
    std::vector<std::string>* warnings,
    bool) {
  const TopologySatGraphView view(graph_data);
  for (size_t t1 = 0; t1 < graph_data.n_target && t1 < mapping.size(); ++t1) {
    for (size_t t2 : graph_data.target_adj_idx[t1]) {
      if (t2 <= t1 || t2 >= mapping.size() || mapping[t1] < 0 || mapping[t2] < 0) continue;
      const size_t need = topology_required_links(view, t1, t2);
      const size_t have =
          topology_global_links(view, static_cast<size_t>(mapping[t1]), static_cast<size_t>(mapping[t2]));
      if (have < need && warnings != nullptr) {
        std::ostringstream msg;
        msg << "edge " << graph_data.target_nodes[t1] << " - " << graph_data.target_nodes[t2] << " needs " << need
            << " link(s), its globals " << graph_data.global_nodes[mapping[t1]] << " - "
            << graph_data.global_nodes[mapping[t2]] << " have " << have;
        warnings->push_back(msg.str());
      }
    }
  }
}

template <typename TargetNode, typename GlobalNode>
bool MappingValidator<TargetNode, GlobalNode>::validate_mapping(
    const std::vector<int>& mapping,
    const GraphIndexData<TargetNode, GlobalNode>& graph_data,
    const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
    ConnectionValidationMode validation_mode,
    std::vector<std::string>* warnings,
    bool quiet_mode) {
  if (mapping.size() != graph_data.n_target) return false;
  std::vector<bool> used(graph_data.n_global, false);
  const TopologySatGraphView view(graph_data);
  const TopologySatConstraintView cview(constraint_data);
  for (size_t t = 0; t < mapping.size(); ++t) {
    if (mapping[t] < 0 || static_cast<size_t>(mapping[t]) >= graph_data.n_global) return false;
    const auto g = static_cast<size_t>(mapping[t]);
    if (used[g] || !cview.is_valid_mapping(t, g)) return false;
    used[g] = true;
    if (!topology_local_ok(t, g, view, mapping, validation_mode)) return false;
    if (!topology_same_rank_ok(t, g, cview, mapping)) return false;
  }
  if (!constraint_data.check_cardinality_constraints(mapping)) return false;
  validate_connection_counts(mapping, graph_data, validation_mode, warnings, quiet_mode);
  return true;
}

template <typename TargetNode, typename GlobalNode>
void MappingValidator<TargetNode, GlobalNode>::print_mapping(
    const std::vector<int>& mapping, const GraphIndexData<TargetNode, GlobalNode>& graph_data) {
  std::ostringstream out;
  for (size_t t = 0; t < mapping.size() && t < graph_data.n_target; ++t) {
    out << "  " << graph_data.target_nodes[t] << " -> ";
    if (mapping[t] < 0) {
      out << "(unmapped)";
    } else {
      out << graph_data.global_nodes[mapping[t]];
    }
    out << "\n";
  }
  log_info(tt::LogFabric, "mapping:\n{}", out.str());
}

template <typename TargetNode, typename GlobalNode>
MappingResult<TargetNode, GlobalNode> MappingValidator<TargetNode, GlobalNode>::build_result(
    const std::vector<int>& mapping,
    const GraphIndexData<TargetNode, GlobalNode>& graph_data,
    const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
    const TopologySearchState& state,
    ConnectionValidationMode validation_mode,
    bool quiet_mode) {
  MappingResult<TargetNode, GlobalNode> result;
  for (size_t t = 0; t < mapping.size() && t < graph_data.n_target; ++t) {
    if (mapping[t] < 0) continue;
    result.target_to_global.emplace(graph_data.target_nodes[t], graph_data.global_nodes[mapping[t]]);
    result.global_to_target.emplace(graph_data.global_nodes[mapping[t]], graph_data.target_nodes[t]);
  }
  result.stats.dfs_calls = state.dfs_calls;
  result.stats.backtrack_count = state.backtrack_count;
  result.stats.memoization_hits = state.memoization_hits;
  const auto [req, pref, pref_total] = constraint_data.compute_constraint_stats(mapping, graph_data);
  result.constraint_stats = {req, pref, pref_total};
  if (state.error_message.empty() &&
      validate_mapping(mapping, graph_data, constraint_data, validation_mode, &result.warnings, quiet_mode)) {
    result.success = true;
  } else {
    result.success = false;
    result.warnings.clear();
    result.error_message = state.error_message.empty() ? "the mapping found does not hold the constraints"
                                                       : state.error_message;
    if (quiet_mode) {
      log_debug(tt::LogFabric, "topology mapping failed: {}", result.error_message);
    } else {
      log_error(tt::LogFabric, "topology mapping failed: {}", result.error_message);
    }
  }
  return result;
}

// Runs the engine `engine` picks on indexed data; mappings out in raw form.
template <typename TargetNode, typename GlobalNode>
bool topology_run_engine(
    const GraphIndexData<TargetNode, GlobalNode>& graph_data,
    const ConstraintIndexData<TargetNode, GlobalNode>& constraint_data,
    ConnectionValidationMode mode,
    bool quiet,
    TopologyMappingSolverEngine engine,
    size_t max_solutions,
    bool unique_shapes,
    TopologySearchState& state,
    std::vector<std::vector<int>>& found) {
  TopologySearchOptions options;
  options.mode = mode;
  options.quiet = quiet;
  options.optimise = topology_mapping_should_use_sat_engine(engine, graph_data.n_target, graph_data.n_global);
  options.max_solutions = max_solutions;
  options.unique_shapes = unique_shapes;
  return topology_search(
      TopologySatGraphView(graph_data), TopologySatConstraintView(constraint_data), options, state, found);
}

}  // namespace detail

// ---------------------------------------------------------------- entry points

template <typename TargetNode, typename GlobalNode>
void print_mapping_result(const MappingResult<TargetNode, GlobalNode>& result) {
  std::ostringstream out;
  out << (result.success ? "mapping found" : "mapping failed: " + result.error_message) << "\n";
  for (const auto& [t, g] : result.target_to_global) out << "  " << t << " -> " << g << "\n";
  for (const auto& w : result.warnings) out << "  warning: " << w << "\n";
  out << "  dfs calls " << result.stats.dfs_calls << ", backtracks " << result.stats.backtrack_count
      << ", preferred " << result.constraint_stats.preferred_satisfied << "/"
      << result.constraint_stats.preferred_total;
  log_info(tt::LogFabric, "{}", out.str());
}

template <typename TargetNode, typename GlobalNode>
MappingResult<TargetNode, GlobalNode> solve_topology_mapping(
    const AdjacencyGraph<TargetNode>& target_graph,
    const AdjacencyGraph<GlobalNode>& global_graph,
    const MappingConstraints<TargetNode, GlobalNode>& constraints,
    ConnectionValidationMode connection_validation_mode,
    bool quiet_mode,
    TopologyMappingSolverEngine solver_engine) {
  const auto start = std::chrono::steady_clock::now();
  detail::GraphIndexData<TargetNode, GlobalNode> graph_data(target_graph, global_graph);
  detail::ConstraintIndexData<TargetNode, GlobalNode> constraint_data(constraints, graph_data);
  detail::TopologySearchState state;
  std::vector<std::vector<int>> found;
  const bool ok = detail::topology_run_engine(
      graph_data, constraint_data, connection_validation_mode, quiet_mode, solver_engine, 1, false, state, found);
  const std::vector<int>& mapping = ok && !found.empty() ? found.front() : state.mapping;
  auto result = detail::MappingValidator<TargetNode, GlobalNode>::build_result(
      mapping, graph_data, constraint_data, state, connection_validation_mode, quiet_mode);
  result.stats.elapsed_time =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
  return result;
}

template <typename TargetNode, typename GlobalNode>
std::vector<MappingResult<TargetNode, GlobalNode>> solve_topology_mapping_n(
    const AdjacencyGraph<TargetNode>& target_graph,
    const AdjacencyGraph<GlobalNode>& global_graph,
    const MappingConstraints<TargetNode, GlobalNode>& constraints,
    size_t max_solutions,
    ConnectionValidationMode connection_validation_mode,
    bool quiet_mode,
    TopologyMappingSolverEngine solver_engine,
    bool unique_shapes) {
  const auto start = std::chrono::steady_clock::now();
  detail::GraphIndexData<TargetNode, GlobalNode> graph_data(target_graph, global_graph);
  detail::ConstraintIndexData<TargetNode, GlobalNode> constraint_data(constraints, graph_data);
  detail::TopologySearchState state;
  std::vector<std::vector<int>> found;
  detail::topology_run_engine(
      graph_data,
      constraint_data,
      connection_validation_mode,
      quiet_mode,
      solver_engine,
      max_solutions,
      unique_shapes,
      state,
      found);
  std::vector<MappingResult<TargetNode, GlobalNode>> results;
  state.error_message.clear();
  for (const auto& mapping : found) {
    auto r = detail::MappingValidator<TargetNode, GlobalNode>::build_result(
        mapping, graph_data, constraint_data, state, connection_validation_mode, quiet_mode);
    if (!r.success) continue;
    r.stats.elapsed_time =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
    results.push_back(std::move(r));
  }
  return results;
}

template <typename TargetNode, typename GlobalNode>
std::vector<MappingResult<TargetNode, GlobalNode>> solve_topology_mapping_all(
    const AdjacencyGraph<TargetNode>& target_graph,
    const AdjacencyGraph<GlobalNode>& global_graph,
    const MappingConstraints<TargetNode, GlobalNode>& constraints,
    ConnectionValidationMode connection_validation_mode,
    bool quiet_mode,
    TopologyMappingSolverEngine solver_engine,
    bool unique_shapes) {
  auto results = solve_topology_mapping_n(
      target_graph, global_graph, constraints, 0, connection_validation_mode, quiet_mode, solver_engine, unique_shapes);
  if (results.size() >= detail::kTopologyEnumerationLimit) {
    log_warning(
        tt::LogFabric,
        "solve_topology_mapping_all: stopped at {} mappings, the enumeration limit; there may be more",
        results.size());
  }
  return results;
}

template <typename TargetNode, typename GlobalNode>
void TopologyMappingEnumerationSession<TargetNode, GlobalNode>::reset() noexcept {
  ready_ = false;
  exclusions_encoded_ = 0;
  sat_solve_calls_ = 0;
  sat_hard_constraint_encode_calls_ = 0;
  snap_target_.clear();
  snap_global_.clear();
  snap_constraints_.reset();
  sat_session_.reset();
  constraint_data_.reset();
  graph_data_.reset();
  sat_enc_ = {};
}

template <typename TargetNode, typename GlobalNode>
MappingResult<TargetNode, GlobalNode> TopologyMappingEnumerationSession<TargetNode, GlobalNode>::next(
    const AdjacencyGraph<TargetNode>& target_graph,
    const AdjacencyGraph<GlobalNode>& global_graph,
    const MappingConstraints<TargetNode, GlobalNode>& constraints,
    const std::vector<std::map<TargetNode, GlobalNode>>& excluded_mappings,
    ConnectionValidationMode connection_validation_mode,
    bool quiet_mode,
    TopologyMappingSolverEngine,
    bool unique_shapes) {
  const auto start = std::chrono::steady_clock::now();
  // Same graphs, constraints, mode and shape rule as before: keep the encoding, add only the new exclusions.
  auto same_constraints = [&](const MappingConstraints<TargetNode, GlobalNode>& a) {
    return a.get_valid_mappings() == constraints.get_valid_mappings() &&
           a.get_preferred_mappings() == constraints.get_preferred_mappings() &&
           a.get_forbidden_pairs() == constraints.get_forbidden_pairs() &&
           a.get_cardinality_constraints() == constraints.get_cardinality_constraints() &&
           a.get_same_rank_target_groups() == constraints.get_same_rank_target_groups() &&
           a.get_same_rank_global_groups() == constraints.get_same_rank_global_groups();
  };
  const bool same = ready_ && snap_target_ == target_graph.get_adjacency_map() &&
                    snap_global_ == global_graph.get_adjacency_map() && same_constraints(*snap_constraints_) &&
                    mode_ == connection_validation_mode && unique_shapes_ == unique_shapes &&
                    exclusions_encoded_ <= excluded_mappings.size();
  if (!same) {
    reset();
    snap_target_ = target_graph.get_adjacency_map();
    snap_global_ = global_graph.get_adjacency_map();
    snap_constraints_ = constraints;
    mode_ = connection_validation_mode;
    unique_shapes_ = unique_shapes;
    graph_data_.emplace(target_graph, global_graph);
    constraint_data_.emplace(constraints, *graph_data_);
    sat_session_ = detail::topology_sat_session_create_and_encode(
        detail::TopologySatGraphView(*graph_data_),
        detail::TopologySatConstraintView(*constraint_data_),
        sat_enc_,
        connection_validation_mode);
    ++sat_hard_constraint_encode_calls_;
    ready_ = true;
  }
  for (; exclusions_encoded_ < excluded_mappings.size(); ++exclusions_encoded_) {
    std::vector<int> raw(graph_data_->n_target, -1);
    for (const auto& [t, g] : excluded_mappings[exclusions_encoded_]) {
      auto ti = graph_data_->target_to_idx.find(t);
      auto gi = graph_data_->global_to_idx.find(g);
      if (ti != graph_data_->target_to_idx.end() && gi != graph_data_->global_to_idx.end()) {
        raw[ti->second] = static_cast<int>(gi->second);
      }
    }
    detail::topology_sat_session_add_blocking_clause(sat_session_.get(), sat_enc_, raw, unique_shapes_);
  }
  std::vector<int> raw;
  ++sat_solve_calls_;
  detail::TopologySearchState state;
  if (!detail::topology_sat_session_solve_and_decode(sat_session_.get(), sat_enc_, raw)) {
    state.error_message = "no further mapping: every mapping left is excluded";
    raw.assign(graph_data_->n_target, -1);
  }
  auto result = detail::MappingValidator<TargetNode, GlobalNode>::build_result(
      raw, *graph_data_, *constraint_data_, state, connection_validation_mode, quiet_mode);
  result.stats.elapsed_time =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
  return result;
}

}  // namespace tt::tt_fabric
