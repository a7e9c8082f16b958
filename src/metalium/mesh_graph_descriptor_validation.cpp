// MeshGraphDescriptor's static checks of a parsed descriptor, before any
// instance exists: each group of checks collects its errors, and a later
// group runs only when the earlier ones found none (its checks assume them).
// The messages are tt-metal's (its tests match them).
#include <tt-metalium/experimental/fabric/mesh_graph_descriptor.hpp>

#include <algorithm>
#include <map>
#include <unordered_set>

#include <tt_stl/fmt.hpp>

#include "metalium/proto/mesh_graph_descriptor.pb.h"

namespace tt::tt_fabric {
namespace {

uint32_t max_dims_of(proto::Architecture arch) {
  switch (arch) {
    case proto::WORMHOLE_B0: return 2;
    case proto::BLACKHOLE: return 3;
    default: return 0;
  }
}

int64_t device_count(const proto::TorusTopology& topology) {
  int64_t count = 1;
  for (int dim : topology.dims()) count *= dim;
  return count;
}

// Names must be present and unique per descriptor kind.
template <typename Descriptors>
void check_names(const Descriptors& descriptors, const char* kind, const char* label,
                 std::vector<std::string>& errors) {
  std::unordered_set<std::string> seen;
  unsigned index = 0;
  for (const auto& desc : descriptors) {
    ++index;
    if (desc.name().empty()) {
      errors.push_back(fmt::format("{} descriptor {} has no name", kind, index));
    } else if (!seen.insert(desc.name()).second) {
      errors.push_back(fmt::format("{} descriptor name is not unique ({}: {})", kind, label, desc.name()));
    }
  }
}

// Dims positive, dim_types (if any) as many as dims; true if both hold.
bool check_device_topology(const proto::TorusTopology& topology, const char* label, const std::string& name,
                           std::vector<std::string>& errors) {
  for (int dim : topology.dims()) {
    if (dim <= 0) errors.push_back(fmt::format("Device topology dimensions must be positive ({}: {})", label, name));
  }
  if (topology.dim_types_size() > 0 && topology.dim_types_size() != topology.dims_size()) {
    errors.push_back(fmt::format("Device topology dimensions and types must be the same size ({}: {})", label, name));
    return false;
  }
  return true;
}

// Valid architecture with at most its number of dims.
bool check_arch_dims(proto::Architecture arch, int dims, const char* kind, const char* label, const std::string& name,
                     std::vector<std::string>& errors) {
  if (arch == proto::INVALID_ARCHITECTURE) {
    errors.push_back(fmt::format("{} descriptor must have a valid architecture ({}: {})", kind, label, name));
    return false;
  }
  const uint32_t max_dims = max_dims_of(arch);
  if (max_dims == 0) {
    errors.push_back(fmt::format("Invalid architecture ({}: {})", label, name));
    return false;
  }
  if (static_cast<uint32_t>(dims) > max_dims) {
    errors.push_back(fmt::format("Architecture devices allow a maximum of {} dimensions, but {} were provided ({}: {})",
                                 max_dims, dims, label, name));
    return false;
  }
  return true;
}

}  // namespace

// Omitted policies: RELAXED inside meshes, STRICT elsewhere (tt-metal's
// defaults); omitted dim_types: LINE.
void MeshGraphDescriptor::set_defaults(proto::MeshGraphDescriptor& proto) {
  auto default_policy = [](proto::Channels* channels, proto::Policy policy) {
    if (!channels->has_policy()) channels->set_policy(policy);
  };
  auto default_dim_types = [](proto::TorusTopology* topology) {
    while (topology->dim_types_size() < topology->dims_size()) topology->add_dim_types(proto::TorusTopology::LINE);
  };
  for (auto& mesh : *proto.mutable_mesh_descriptors()) {
    if (mesh.has_channels()) default_policy(mesh.mutable_channels(), proto::RELAXED);
    default_dim_types(mesh.mutable_device_topology());
  }
  for (auto& sw : *proto.mutable_switch_descriptors()) {
    if (sw.has_channels()) default_policy(sw.mutable_channels(), proto::STRICT);
    default_dim_types(sw.mutable_device_topology());
  }
  for (auto& graph : *proto.mutable_graph_descriptors()) {
    if (graph.has_graph_topology() && graph.graph_topology().has_channels()) {
      default_policy(graph.mutable_graph_topology()->mutable_channels(), proto::STRICT);
    }
    for (auto& connection : *graph.mutable_connections()) {
      if (connection.has_channels()) default_policy(connection.mutable_channels(), proto::STRICT);
    }
  }
}

std::vector<std::string> MeshGraphDescriptor::static_validate(const proto::MeshGraphDescriptor& proto,
                                                              bool backwards_compatible) {
  std::vector<std::string> errors;
  validate_basic_structure(proto, errors);
  if (!errors.empty()) return errors;

  validate_names(proto, errors);
  validate_channels(proto, errors);
  validate_architecture_consistency(proto, errors);
  if (!errors.empty()) return errors;

  validate_mesh_topology(proto, errors);
  validate_express_connections(proto, errors);
  validate_switch_descriptors(proto, errors);
  validate_graph_descriptors(proto, errors);
  validate_graph_topology_and_connections(proto, errors);
  validate_pinnings(proto, errors);
  if (!errors.empty()) return errors;

  if (backwards_compatible) validate_legacy_requirements(proto, errors);
  return errors;
}

void MeshGraphDescriptor::validate_basic_structure(const proto::MeshGraphDescriptor& proto,
                                                   std::vector<std::string>& errors) {
  if (proto.mesh_descriptors_size() == 0 && proto.switch_descriptors_size() == 0) {
    errors.push_back("There must be at least one mesh descriptor or switch descriptor");
  }
  if (!proto.has_top_level_instance()) errors.push_back("Top level instance is required");
}

void MeshGraphDescriptor::validate_names(const proto::MeshGraphDescriptor& proto, std::vector<std::string>& errors) {
  check_names(proto.mesh_descriptors(), "Mesh", "Mesh", errors);
  check_names(proto.graph_descriptors(), "Graph", "Graph", errors);
  for (const auto& graph : proto.graph_descriptors()) {
    const auto& type = graph.type();
    if (!graph.name().empty() && (type == "DEVICE" || type == "MESH" || type == "SWITCH")) {
      errors.push_back(fmt::format("Graph descriptor type cannot be DEVICE, MESH, or SWITCH (Graph: {})", graph.name()));
    }
  }
  check_names(proto.switch_descriptors(), "Switch", "Switch", errors);
}

void MeshGraphDescriptor::validate_mesh_topology(const proto::MeshGraphDescriptor& proto,
                                                 std::vector<std::string>& errors) {
  for (const auto& mesh : proto.mesh_descriptors()) {
    const auto& device = mesh.device_topology();
    if (!check_device_topology(device, "Mesh", mesh.name(), errors)) continue;
    const auto& host = mesh.host_topology();
    if (device.dims_size() != host.dims_size()) {
      errors.push_back(
          fmt::format("Device and host topology dimensions must be the same size (Mesh: {})", mesh.name()));
      continue;
    }
    for (int i = 0; i < device.dims_size(); ++i) {
      if (host.dims(i) == 0 || device.dims(i) % host.dims(i) != 0) {
        errors.push_back(fmt::format(
            "Device topology dimensions must be divisible by host topology dimensions (Mesh: {})", mesh.name()));
      }
    }
  }
}

void MeshGraphDescriptor::validate_architecture_consistency(const proto::MeshGraphDescriptor& proto,
                                                            std::vector<std::string>& errors) {
  const auto& meshes = proto.mesh_descriptors();
  const auto& switches = proto.switch_descriptors();
  proto::Architecture arch = proto::INVALID_ARCHITECTURE;
  if (!meshes.empty()) {
    arch = meshes[0].arch();
    if (!std::all_of(meshes.begin(), meshes.end(), [&](const auto& m) { return m.arch() == arch; })) {
      errors.push_back("All mesh descriptors must have the same architecture");
      return;
    }
  } else if (!switches.empty()) {
    arch = switches[0].arch();
  }
  if (arch != proto::INVALID_ARCHITECTURE &&
      !std::all_of(switches.begin(), switches.end(), [&](const auto& s) { return s.arch() == arch; })) {
    errors.push_back("All switch descriptors must have the same architecture as meshes");
    return;
  }
  for (const auto& mesh : meshes) {
    check_arch_dims(mesh.arch(), mesh.device_topology().dims_size(), "Mesh", "Mesh", mesh.name(), errors);
  }
}

void MeshGraphDescriptor::validate_switch_descriptors(const proto::MeshGraphDescriptor& proto,
                                                      std::vector<std::string>& errors) {
  for (const auto& sw : proto.switch_descriptors()) {
    const auto& device = sw.device_topology();
    if (!check_device_topology(device, "Switch", sw.name(), errors)) continue;
    if (!check_arch_dims(sw.arch(), device.dims_size(), "Switch", "Switch", sw.name(), errors)) continue;
    const int64_t devices = device_count(device);
    for (const auto& express : sw.express_connections()) {
      if (express.src() < 0 || express.src() >= devices || express.dst() < 0 || express.dst() >= devices) {
        errors.push_back(fmt::format("Express connection destination is out of bounds (Switch: {})", sw.name()));
      }
    }
  }
}

void MeshGraphDescriptor::validate_channels(const proto::MeshGraphDescriptor& proto,
                                            std::vector<std::string>& errors) {
  for (const auto& mesh : proto.mesh_descriptors()) {
    if (mesh.channels().count() <= 0) {
      errors.push_back(fmt::format("Channel count must be positive (Mesh: {})", mesh.name()));
    }
  }
  for (const auto& sw : proto.switch_descriptors()) {
    if (sw.channels().count() <= 0) {
      errors.push_back(fmt::format("Channel count must be positive (Switch: {})", sw.name()));
    }
  }
  for (const auto& graph : proto.graph_descriptors()) {
    if (graph.has_graph_topology() && graph.graph_topology().channels().count() <= 0) {
      errors.push_back(fmt::format("Graph topology channel count must be positive (Graph: {})", graph.name()));
    }
  }
  for (const auto& graph : proto.graph_descriptors()) {
    for (const auto& connection : graph.connections()) {
      if (connection.channels().count() <= 0) {
        errors.push_back(fmt::format("Connection channel count must be positive (Graph: {})", graph.name()));
      }
    }
  }
}

void MeshGraphDescriptor::validate_express_connections(const proto::MeshGraphDescriptor& proto,
                                                       std::vector<std::string>& errors) {
  for (const auto& mesh : proto.mesh_descriptors()) {
    const int64_t devices = device_count(mesh.device_topology());
    for (const auto& express : mesh.express_connections()) {
      if (express.src() < 0 || express.src() >= devices) {
        errors.push_back(fmt::format("Express connection source is out of bounds (Mesh: {})", mesh.name()));
      }
      if (express.dst() < 0 || express.dst() >= devices) {
        errors.push_back(fmt::format("Express connection destination is out of bounds (Mesh: {})", mesh.name()));
      }
    }
  }
}

void MeshGraphDescriptor::validate_graph_descriptors(const proto::MeshGraphDescriptor& proto,
                                                     std::vector<std::string>& errors) {
  for (const auto& graph : proto.graph_descriptors()) {
    if (graph.instances_size() == 0) {
      errors.push_back(fmt::format("Graph descriptor must have at least one instance (Graph: {})", graph.name()));
    }
  }
  for (const auto& graph : proto.graph_descriptors()) {
    if (graph.type().empty()) {
      errors.push_back(fmt::format("Graph descriptor must have a type specified (Graph: {})", graph.name()));
    }
  }
}

void MeshGraphDescriptor::validate_graph_topology_and_connections(const proto::MeshGraphDescriptor& proto,
                                                                  std::vector<std::string>& errors) {
  for (const auto& graph : proto.graph_descriptors()) {
    for (const auto& connection : graph.connections()) {
      if (connection.nodes_size() < 2) {
        errors.push_back(fmt::format("Connection must have at least two nodes (Graph: {})", graph.name()));
      }
    }
  }
}

void MeshGraphDescriptor::validate_pinnings(const proto::MeshGraphDescriptor& proto,
                                            std::vector<std::string>& errors) {
  std::map<std::pair<uint32_t, uint32_t>, int> pinned;
  for (const auto& pinning : proto.pinnings()) {
    const auto& node = pinning.logical_fabric_node_id();
    if (++pinned[{node.mesh_id(), node.chip_id()}] == 2) {
      errors.push_back(fmt::format("Duplicate pinning for fabric node (mesh_id: {}, chip_id: {})", node.mesh_id(),
                                   node.chip_id()));
    }
  }
}

void MeshGraphDescriptor::validate_legacy_requirements(const proto::MeshGraphDescriptor& proto,
                                                       std::vector<std::string>& errors) {
  constexpr const char* kPrefix = "MGD 1.0 Compatibility requirement: ";
  for (const auto& mesh : proto.mesh_descriptors()) {
    if (mesh.device_topology().dims_size() != 2) {
      errors.push_back(fmt::format("{}There can only be 2 dimensions in the device topology (Mesh: {})", kPrefix,
                                   mesh.name()));
    }
    if (mesh.express_connections_size() > 0) {
      errors.push_back(fmt::format("{}Express connections are not supported (Mesh: {})", kPrefix, mesh.name()));
    }
    if (mesh.device_topology().dims_size() != 2 || mesh.host_topology().dims_size() != 2) {
      errors.push_back(fmt::format(
          "{}There can only be 2 dimensions in the device topology and host topology (Mesh: {})", kPrefix,
          mesh.name()));
    }
  }
  if (proto.graph_descriptors_size() > 1) {
    errors.push_back(fmt::format("{}There can only be one FABRIC level graph or less", kPrefix));
  }
  for (const auto& graph : proto.graph_descriptors()) {
    if (graph.type() != "FABRIC") {
      errors.push_back(fmt::format("{}There can only be one FABRIC level graph (Graph: {})", kPrefix, graph.name()));
    }
    for (const auto& connection : graph.connections()) {
      if (connection.nodes_size() != 2) {
        errors.push_back(fmt::format("{}Connections must have exactly 2 nodes (Graph: {})", kPrefix, graph.name()));
      }
    }
    // One policy for all of a graph's connections (an omitted one is STRICT).
    auto policy_of = [](const proto::Connection& c) {
      return c.has_channels() && c.channels().has_policy() ? c.channels().policy() : proto::STRICT;
    };
    const auto& connections = graph.connections();
    if (!connections.empty() && std::any_of(connections.begin(), connections.end(), [&](const auto& c) {
          return policy_of(c) != policy_of(connections[0]);
        })) {
      errors.push_back(fmt::format(
          "{}Cannot mix STRICT and RELAXED policies in the same graph. All connections in a graph must use the same "
          "policy (Graph: {})",
          kPrefix, graph.name()));
    }
  }
}

}  // namespace tt::tt_fabric
