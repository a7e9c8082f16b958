// MeshGraphDescriptor's connections, generated once the instance tree exists:
// - in each mesh/switch: every device to its N, E, S, W neighbours of its 2D
//   grid (a RING dimension wraps), plus the express links both ways;
// - in each graph: its explicit connections (from every listed node to the
//   others, or only from the first when directional) and its graph_topology
//   shorthand (ALL_TO_ALL: every ordered pair; RING: neighbours in the
//   instances' listed order, both ways).
// A connection is indexed by its parent instance, the parent's type and its
// source node (nodes[0]).
#include <tt-metalium/experimental/fabric/mesh_graph_descriptor.hpp>

#include <tt_stl/fmt.hpp>

#include "metalium/proto/mesh_graph_descriptor.pb.h"

namespace tt::tt_fabric {

void MeshGraphDescriptor::pre_populate_connections_lookups() {
  // Every instance and type answers, with no connections if it has none.
  for (const auto& [id, instance] : instances_) {
    connections_by_type_.try_emplace(instance.type);
    connections_by_instance_id_.try_emplace(id);
    connections_by_source_device_id_.try_emplace(id);
  }
  connections_by_type_.try_emplace("FABRIC");
}

void MeshGraphDescriptor::add_connection_to_fast_lookups(const ConnectionData& connection, const std::string& type) {
  connections_by_instance_id_[connection.parent_instance_id].push_back(connection.connection_id);
  connections_by_type_[type].push_back(connection.connection_id);
  if (!connection.nodes.empty()) {
    connections_by_source_device_id_[connection.nodes[0]].push_back(connection.connection_id);
  }
}

void MeshGraphDescriptor::populate_connections() {
  for (GlobalNodeId id : mesh_instances_) {
    populate_intra_mesh_connections(id);
    populate_intra_mesh_express_connections(id);
  }
  for (GlobalNodeId id : switch_instances_) {
    populate_intra_mesh_connections(id);
    populate_intra_mesh_express_connections(id);
  }
  for (GlobalNodeId id : graph_instances_) populate_inter_mesh_connections(id);
}

namespace {

struct GridParts {
  const proto::TorusTopology* topology;
  const proto::Channels* channels;
  std::vector<std::pair<int32_t, int32_t>> express;  // (src, dst) device indices
};

GridParts grid_parts(const InstanceData& instance) {
  GridParts parts{};
  auto fill = [&](const auto* desc) {
    parts.topology = &desc->device_topology();
    parts.channels = &desc->channels();
    for (const auto& link : desc->express_connections()) parts.express.emplace_back(link.src(), link.dst());
  };
  if (instance.kind == NodeKind::Mesh) {
    fill(std::get<const proto::MeshDescriptor*>(instance.desc));
  } else {
    TT_FATAL(instance.kind == NodeKind::Switch, "Instance {} is neither a mesh nor a switch", instance.name);
    fill(std::get<const proto::SwitchDescriptor*>(instance.desc));
  }
  return parts;
}

}  // namespace

void MeshGraphDescriptor::populate_intra_mesh_connections(GlobalNodeId mesh_id) {
  const auto& instance = instances_.at(mesh_id);
  const GridParts parts = grid_parts(instance);
  const auto& topology = *parts.topology;
  TT_FATAL(topology.dims_size() == 2, "MGD currently only supports 2D meshes/switches");
  const int rows = topology.dims(0);
  const int cols = topology.dims(1);
  const bool rows_wrap = topology.dim_types(0) == proto::TorusTopology::RING;
  const bool cols_wrap = topology.dim_types(1) == proto::TorusTopology::RING;
  const auto& devices = instance.sub_instances_local_id_to_global_id;

  struct Step {
    int dr, dc;
    proto::RoutingDirection direction;
  };
  static constexpr Step kSteps[] = {{-1, 0, proto::N}, {0, 1, proto::E}, {1, 0, proto::S}, {0, -1, proto::W}};
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      for (const Step& step : kSteps) {
        int nr = r + step.dr;
        int nc = c + step.dc;
        if (rows_wrap) nr = (nr + rows) % rows;
        if (cols_wrap) nc = (nc + cols) % cols;
        if (nr < 0 || nr >= rows || nc < 0 || nc >= cols) continue;
        ConnectionData data{.nodes = {devices.at(r * cols + c), devices.at(nr * cols + nc)},
                            .count = static_cast<uint32_t>(parts.channels->count()),
                            .policy = parts.channels->policy(),
                            .parent_instance_id = mesh_id,
                            .routing_direction = step.direction};
        add_connection_to_fast_lookups(data, instance.type);
        connections_.emplace(data.connection_id, std::move(data));
      }
    }
  }
}

void MeshGraphDescriptor::populate_intra_mesh_express_connections(GlobalNodeId mesh_id) {
  const auto& instance = instances_.at(mesh_id);
  const GridParts parts = grid_parts(instance);
  const auto& devices = instance.sub_instances_local_id_to_global_id;
  for (const auto& [src, dst] : parts.express) {
    for (const auto& [from, to] : {std::pair{src, dst}, std::pair{dst, src}}) {
      ConnectionData data{.nodes = {devices.at(from), devices.at(to)},
                          .count = static_cast<uint32_t>(parts.channels->count()),
                          .policy = parts.channels->policy(),
                          .parent_instance_id = mesh_id,
                          .routing_direction = proto::C};
      add_connection_to_fast_lookups(data, instance.type);
      connections_.emplace(data.connection_id, std::move(data));
    }
  }
}

GlobalNodeId MeshGraphDescriptor::find_instance_by_ref(GlobalNodeId parent_instance_id,
                                                       const proto::NodeRef& node_ref) {
  const auto& parent = instances_.at(parent_instance_id);
  // A member of the parent by its instance id, named by its descriptor; a
  // device inside it when device_id is given.
  auto member = [&](const char* kind, int32_t local_id, const std::string& descriptor) -> const InstanceData& {
    const auto it = parent.sub_instances_local_id_to_global_id.find(static_cast<LocalNodeId>(local_id));
    TT_FATAL(it != parent.sub_instances_local_id_to_global_id.end(), "{} instance id {} not found in parent instance",
             kind, local_id);
    const auto& found = instances_.at(it->second);
    TT_FATAL(descriptor == found.name, "{} descriptor {} does not match referenced instance {}", kind, descriptor,
             found.name);
    return found;
  };
  auto device_of = [](const InstanceData& grid, const char* kind, int32_t device_id) {
    const auto it = grid.sub_instances_local_id_to_global_id.find(static_cast<LocalNodeId>(device_id));
    TT_FATAL(it != grid.sub_instances_local_id_to_global_id.end(), "Device id {} not found in {} instance", device_id,
             kind);
    return it->second;
  };
  if (node_ref.has_mesh()) {
    const auto& ref = node_ref.mesh();
    const auto& mesh = member("Mesh", ref.mesh_id(), ref.mesh_descriptor());
    return ref.has_device_id() ? device_of(mesh, "mesh", ref.device_id()) : mesh.global_id;
  }
  if (node_ref.has_switch_()) {
    const auto& ref = node_ref.switch_();
    const auto& sw = member("Switch", ref.switch_id(), ref.switch_descriptor());
    return ref.has_device_id() ? device_of(sw, "switch", ref.device_id()) : sw.global_id;
  }
  if (node_ref.has_graph()) {
    const auto& ref = node_ref.graph();
    const auto& graph = member("Graph", ref.graph_id(), ref.graph_descriptor());
    return ref.has_sub_ref() ? find_instance_by_ref(graph.global_id, ref.sub_ref()) : graph.global_id;
  }
  TT_THROW("Invalid NodeRef: neither mesh, switch, nor graph set");
}

void MeshGraphDescriptor::populate_inter_mesh_connections(GlobalNodeId graph_id) {
  populate_inter_mesh_manual_connections(graph_id);
  if (std::get<const proto::GraphDescriptor*>(get_instance(graph_id).desc)->has_graph_topology()) {
    populate_inter_mesh_topology_connections(graph_id);
  }
}

void MeshGraphDescriptor::populate_inter_mesh_manual_connections(GlobalNodeId graph_id) {
  const auto& instance = instances_.at(graph_id);
  const auto* graph_desc = std::get<const proto::GraphDescriptor*>(instance.desc);
  for (const auto& connection : graph_desc->connections()) {
    std::vector<GlobalNodeId> nodes;
    std::string first_type;
    for (const auto& node_ref : connection.nodes()) {
      const GlobalNodeId node = find_instance_by_ref(graph_id, node_ref);
      const auto& type = instances_.at(node).type;
      // One level per connection; meshes and switches may meet.
      const bool grid_pair = (first_type == "MESH" || first_type == "SWITCH") && (type == "MESH" || type == "SWITCH");
      TT_FATAL(nodes.empty() || type == first_type || grid_pair,
               "Graph descriptor {} connections must reference instances within same type or compatible types "
               "(MESH/SWITCH)",
               instance.name);
      if (nodes.empty()) first_type = type;
      nodes.push_back(node);
    }
    TT_FATAL(nodes.size() >= 2, "Graph descriptor connections must have at least two nodes");
    // Each node in turn is the source (nodes[0]); directional: the first only.
    const size_t sources = connection.directional() ? 1 : nodes.size();
    for (size_t i = 0; i < sources; ++i) {
      std::vector<GlobalNodeId> ordered = nodes;
      std::swap(ordered[0], ordered[i]);
      ConnectionData data{.nodes = std::move(ordered),
                          .count = static_cast<uint32_t>(connection.channels().count()),
                          .policy = connection.channels().policy(),
                          .parent_instance_id = graph_id,
                          .routing_direction = proto::NONE,
                          .assign_z_direction = connection.assign_z_direction()};
      add_connection_to_fast_lookups(data, instance.type);
      connections_.emplace(data.connection_id, std::move(data));
    }
  }
}

void MeshGraphDescriptor::populate_inter_mesh_topology_connections(GlobalNodeId graph_id) {
  const auto* graph_desc = std::get<const proto::GraphDescriptor*>(instances_.at(graph_id).desc);
  switch (graph_desc->graph_topology().layout_type()) {
    case proto::GraphTopology::ALL_TO_ALL: populate_inter_mesh_topology_connections_all_to_all(graph_id); break;
    case proto::GraphTopology::RING: populate_inter_mesh_topology_connections_ring(graph_id); break;
    default: TT_THROW("Invalid graph topology type: {}", static_cast<int>(graph_desc->graph_topology().layout_type()));
  }
}

namespace {

// The graph's members in the order its descriptor lists them.
std::vector<GlobalNodeId> members_in_listed_order(const InstanceData& graph) {
  const auto* desc = std::get<const proto::GraphDescriptor*>(graph.desc);
  std::vector<GlobalNodeId> members;
  for (const auto& ref : desc->instances()) {
    const int32_t local_id = ref.has_mesh() ? ref.mesh().mesh_id()
                             : ref.has_graph() ? ref.graph().graph_id()
                                               : ref.switch_().switch_id();
    members.push_back(graph.sub_instances_local_id_to_global_id.at(static_cast<LocalNodeId>(local_id)));
  }
  return members;
}

ConnectionData topology_connection(const proto::GraphTopology& topology, GlobalNodeId graph_id, GlobalNodeId src,
                                   GlobalNodeId dst) {
  return ConnectionData{.nodes = {src, dst},
                        .count = static_cast<uint32_t>(topology.channels().count()),
                        .policy = topology.channels().policy(),
                        .parent_instance_id = graph_id,
                        .routing_direction = proto::NONE,
                        .assign_z_direction = topology.assign_z_direction()};
}

}  // namespace

void MeshGraphDescriptor::populate_inter_mesh_topology_connections_all_to_all(GlobalNodeId graph_id) {
  const auto& instance = instances_.at(graph_id);
  const auto& topology = std::get<const proto::GraphDescriptor*>(instance.desc)->graph_topology();
  const auto members = members_in_listed_order(instance);
  for (GlobalNodeId a : members) {
    for (GlobalNodeId b : members) {
      if (a == b) continue;
      ConnectionData data = topology_connection(topology, graph_id, a, b);
      add_connection_to_fast_lookups(data, instance.type);
      connections_.emplace(data.connection_id, std::move(data));
    }
  }
}

void MeshGraphDescriptor::populate_inter_mesh_topology_connections_ring(GlobalNodeId graph_id) {
  const auto& instance = instances_.at(graph_id);
  const auto& topology = std::get<const proto::GraphDescriptor*>(instance.desc)->graph_topology();
  const auto members = members_in_listed_order(instance);
  for (size_t i = 0; i < members.size(); ++i) {
    const GlobalNodeId a = members[i];
    const GlobalNodeId b = members[(i + 1) % members.size()];
    for (const auto& [src, dst] : {std::pair{a, b}, std::pair{b, a}}) {
      ConnectionData data = topology_connection(topology, graph_id, src, dst);
      add_connection_to_fast_lookups(data, instance.type);
      connections_.emplace(data.connection_id, std::move(data));
    }
  }
}

}  // namespace tt::tt_fabric
