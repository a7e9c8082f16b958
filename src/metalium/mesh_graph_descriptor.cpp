// MeshGraphDescriptor: parses an MGD textproto (protobuf TextFormat against
// our schema, proto/mesh_graph_descriptor.proto), instantiates its tree from
// the top-level instance down to devices, and generates the connections:
// within each mesh/switch its 2D grid (RING dims wrap) and express links,
// within each graph its explicit connections and graph_topology shorthand.
// Checks and error messages follow tt-metal's (its tests match them).
#include <tt-metalium/experimental/fabric/mesh_graph_descriptor.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <google/protobuf/text_format.h>
#include <tt-logger/tt-logger.hpp>
#include <tt_stl/fmt.hpp>

#include "common/error.h"
#include "metalium/mesh_graph_shape.h"
#include "metalium/proto/mesh_graph_descriptor.pb.h"

namespace tt::tt_fabric {
namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("Failed to open file: " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Descriptors may carry fields of other versions.
bool parse_text(const std::string& text_proto, proto::MeshGraphDescriptor& into) {
  google::protobuf::TextFormat::Parser parser;
  parser.AllowUnknownField(true);
  parser.AllowUnknownExtension(true);
  return parser.ParseFromString(text_proto, &into);
}

const proto::TorusTopology& device_topology_of(const InstanceData& instance) {
  if (instance.kind == NodeKind::Mesh) return std::get<const proto::MeshDescriptor*>(instance.desc)->device_topology();
  TT_FATAL(instance.kind == NodeKind::Switch, "Instance {} is neither a mesh nor a switch", instance.name);
  return std::get<const proto::SwitchDescriptor*>(instance.desc)->device_topology();
}

uint32_t product_of_dims(const proto::TorusTopology& topology) {
  uint32_t count = 1;
  for (int dim : topology.dims()) count *= static_cast<uint32_t>(dim);
  return count;
}

// A node of the tree, children and hierarchy still empty.
InstanceData new_instance(int64_t local_id, std::string name, std::string type, NodeKind kind) {
  InstanceData data{};  // its global id is drawn here
  data.local_id = static_cast<LocalNodeId>(local_id);
  data.name = std::move(name);
  data.type = std::move(type);
  data.kind = kind;
  return data;
}

// Adds the devices D0..Dn-1 (row-major) of a mesh or switch instance.
template <typename AddDevice>
void add_grid_devices(InstanceData& grid, const proto::TorusTopology& topology, std::vector<GlobalNodeId>& hierarchy,
                      AddDevice add_device) {
  hierarchy.push_back(grid.global_id);
  const uint32_t devices = product_of_dims(topology);
  for (LocalNodeId i = 0; i < devices; ++i) {
    const GlobalNodeId device = add_device(i, hierarchy);
    grid.sub_instances.insert(device);
    grid.sub_instances_local_id_to_global_id.emplace(i, device);
  }
  hierarchy.pop_back();
}

}  // namespace

MeshGraphDescriptor::MeshGraphDescriptor(const std::string& text_proto, bool backwards_compatible)
    : top_level_id_(static_cast<GlobalNodeId>(-1)) {
  auto parsed = std::make_shared<proto::MeshGraphDescriptor>();
  TT_FATAL(parse_text(text_proto, *parsed), "Failed to parse MeshGraphDescriptor textproto");
  set_defaults(*parsed);
  const auto errors = static_validate(*parsed, backwards_compatible);
  if (!errors.empty()) {
    std::string report = "=== MeshGraphDescriptor Validation Report ===\n\nErrors:\n";
    for (const auto& error : errors) report += "  - " + error + "\n";
    TT_THROW("Failed to validate MeshGraphDescriptor textproto: \n{}", report);
  }
  proto_ = std::move(parsed);
  populate();
}

MeshGraphDescriptor::MeshGraphDescriptor(const std::filesystem::path& text_proto_file_path, bool backwards_compatible)
    : MeshGraphDescriptor(read_text(text_proto_file_path), backwards_compatible) {}

MeshGraphDescriptor::~MeshGraphDescriptor() = default;

// All meshes share one architecture (validated); a descriptor of switches
// only answers from its first switch.
proto::Architecture MeshGraphDescriptor::get_arch() const {
  return proto_->mesh_descriptors_size() > 0 ? proto_->mesh_descriptors(0).arch()
                                             : proto_->switch_descriptors(0).arch();
}

uint32_t MeshGraphDescriptor::get_num_eth_ports_per_direction() const {
  return proto_->mesh_descriptors_size() > 0 ? proto_->mesh_descriptors(0).channels().count()
                                             : proto_->switch_descriptors(0).channels().count();
}

std::vector<std::string> MeshGraphDescriptor::get_all_mesh_names() const {
  std::vector<std::string> names;
  for (GlobalNodeId id : mesh_instances_) names.push_back(get_instance(id).name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

uint32_t MeshGraphDescriptor::get_chip_count(GlobalNodeId mesh_instance_id) const {
  return get_chip_count(get_instance(mesh_instance_id));
}

uint32_t MeshGraphDescriptor::get_chip_count(const InstanceData& mesh_instance) const {
  TT_FATAL(is_mesh(mesh_instance), "get_chip_count() can only be called on mesh instances");
  return product_of_dims(device_topology_of(mesh_instance));
}

uint32_t MeshGraphDescriptor::get_switch_chip_count(GlobalNodeId switch_instance_id) const {
  return get_switch_chip_count(get_instance(switch_instance_id));
}

uint32_t MeshGraphDescriptor::get_switch_chip_count(const InstanceData& switch_instance) const {
  TT_FATAL(is_switch(switch_instance), "get_switch_chip_count() can only be called on switch instances");
  return product_of_dims(device_topology_of(switch_instance));
}

std::unordered_map<std::string, uint32_t> MeshGraphDescriptor::count_instances_by_type(
    const std::vector<std::string>& types) const {
  std::unordered_map<std::string, uint32_t> counts;
  for (const auto& type : types) {
    auto it = instances_by_type_.find(type);
    counts[type] = it == instances_by_type_.end() ? 0 : static_cast<uint32_t>(it->second.size());
  }
  return counts;
}

FabricType MeshGraphDescriptor::infer_fabric_type_from_dim_types(const proto::MeshDescriptor* mesh_desc) {
  const auto& types = mesh_desc->device_topology().dim_types();
  if (types.size() < 2) return FabricType::MESH;
  const bool rows_ring = types[0] == proto::TorusTopology::RING;  // wraps along Y
  const bool cols_ring = types[1] == proto::TorusTopology::RING;  // wraps along X
  if (rows_ring && cols_ring) return FabricType::TORUS_XY;
  if (rows_ring) return FabricType::TORUS_Y;
  if (cols_ring) return FabricType::TORUS_X;
  return FabricType::MESH;
}

// The tree from id down, children in local-id order, at debug level.
void MeshGraphDescriptor::print_node(GlobalNodeId id, int indent_level) {
  const std::string indent(static_cast<size_t>(indent_level) * 2, ' ');
  const auto it = instances_.find(id);
  if (it == instances_.end()) {
    log_debug(tt::LogFabric, "{}Unknown instance id: {}", indent, id);
    return;
  }
  const InstanceData& inst = it->second;
  log_debug(tt::LogFabric, "{}{} {} (global {}, local {}, type {}, {} children)", indent,
            inst.kind == NodeKind::Device ? "device" : inst.kind == NodeKind::Graph ? "graph"
                                                     : inst.kind == NodeKind::Mesh  ? "mesh"
                                                                                    : "switch",
            inst.name, id, inst.local_id, inst.type, inst.sub_instances.size());
  if (inst.kind == NodeKind::Mesh || inst.kind == NodeKind::Switch) {
    return;  // its devices are D0..Dn-1
  }
  std::vector<std::pair<LocalNodeId, GlobalNodeId>> children(inst.sub_instances_local_id_to_global_id.begin(),
                                                             inst.sub_instances_local_id_to_global_id.end());
  std::sort(children.begin(), children.end());
  for (const auto& child : children) print_node(child.second, indent_level + 1);
}

void MeshGraphDescriptor::print_all_nodes() {
  log_debug(tt::LogFabric, "MeshGraphDescriptor: {} instances, {} connections", instances_.size(),
            connections_.size());
  print_node(top_level_id_, 0);
}

void MeshGraphDescriptor::populate() {
  populate_descriptors();
  populate_top_level_instance();
  pre_populate_connections_lookups();
  populate_connections();
  populate_pinnings();
}

void MeshGraphDescriptor::populate_descriptors() {
  for (const auto& mesh : proto_->mesh_descriptors()) mesh_desc_by_name_.emplace(mesh.name(), &mesh);
  for (const auto& graph : proto_->graph_descriptors()) graph_desc_by_name_.emplace(graph.name(), &graph);
  for (const auto& sw : proto_->switch_descriptors()) switch_desc_by_name_.emplace(sw.name(), &sw);
}

void MeshGraphDescriptor::populate_pinnings() {
  for (const auto& pinning : proto_->pinnings()) {
    const auto& node = pinning.logical_fabric_node_id();
    const auto& position = pinning.physical_asic_position();
    pinnings_.emplace_back(
        AsicPosition{tt::tt_metal::TrayID{position.tray_id()}, tt::tt_metal::ASICLocation{position.asic_location()}},
        FabricNodeId(MeshId{node.mesh_id()}, node.chip_id()));
  }
}

void MeshGraphDescriptor::populate_top_level_instance() {
  std::vector<GlobalNodeId> hierarchy;
  top_level_id_ = populate_instance(proto_->top_level_instance(), hierarchy);
}

GlobalNodeId MeshGraphDescriptor::populate_instance(const proto::NodeRef& node_ref,
                                                    std::vector<GlobalNodeId>& hierarchy) {
  GlobalNodeId id;
  if (node_ref.has_mesh()) {
    id = populate_mesh_instance(node_ref.mesh(), hierarchy);
  } else if (node_ref.has_graph()) {
    id = populate_graph_instance(node_ref.graph(), hierarchy);
  } else if (node_ref.has_switch_()) {
    id = populate_switch_instance(node_ref.switch_(), hierarchy);
  } else {
    TT_THROW("Invalid NodeRef: neither mesh, switch, nor graph set");
  }
  // A type names one level of the hierarchy: no ancestor may share it.
  const auto& type = instances_.at(id).type;
  for (GlobalNodeId ancestor : hierarchy) {
    TT_FATAL(instances_.at(ancestor).type != type, "Graph descriptor type {} already exists in hierarchy", type);
  }
  return id;
}

GlobalNodeId MeshGraphDescriptor::populate_mesh_instance(const proto::MeshRef& mesh_ref,
                                                         std::vector<GlobalNodeId>& hierarchy) {
  const auto it = mesh_desc_by_name_.find(mesh_ref.mesh_descriptor());
  TT_FATAL(it != mesh_desc_by_name_.end(), "Mesh descriptor {} not found in instance", mesh_ref.mesh_descriptor());
  auto data = new_instance(mesh_ref.mesh_id(), it->second->name(), "MESH", NodeKind::Mesh);
  data.desc = it->second;
  return populate_grid_instance(std::move(data), hierarchy);
}

GlobalNodeId MeshGraphDescriptor::populate_switch_instance(const proto::SwitchRef& switch_ref,
                                                           std::vector<GlobalNodeId>& hierarchy) {
  const auto it = switch_desc_by_name_.find(switch_ref.switch_descriptor());
  TT_FATAL(it != switch_desc_by_name_.end(), "Switch descriptor {} not found in instance",
           switch_ref.switch_descriptor());
  auto data = new_instance(switch_ref.switch_id(), it->second->name(), "SWITCH", NodeKind::Switch);
  data.desc = it->second;
  return populate_grid_instance(std::move(data), hierarchy);
}

// A mesh or a switch: the node and the devices of its topology.
GlobalNodeId MeshGraphDescriptor::populate_grid_instance(InstanceData data, std::vector<GlobalNodeId>& hierarchy) {
  auto& instance = instances_.emplace(data.global_id, std::move(data)).first->second;
  instance.hierarchy = hierarchy;
  add_grid_devices(instance, device_topology_of(instance), hierarchy,
                   [this](LocalNodeId i, auto& path) { return populate_device_instance(i, path); });
  add_to_fast_lookups(instance);
  return instance.global_id;
}

GlobalNodeId MeshGraphDescriptor::populate_device_instance(LocalNodeId local_id,
                                                           std::vector<GlobalNodeId>& hierarchy) {
  auto data = new_instance(local_id, "D" + std::to_string(local_id), "DEVICE", NodeKind::Device);
  data.hierarchy = hierarchy;
  const GlobalNodeId id = data.global_id;
  add_to_fast_lookups(instances_.emplace(id, std::move(data)).first->second);
  return id;
}

GlobalNodeId MeshGraphDescriptor::populate_graph_instance(const proto::GraphRef& graph_ref,
                                                          std::vector<GlobalNodeId>& hierarchy) {
  const auto it = graph_desc_by_name_.find(graph_ref.graph_descriptor());
  TT_FATAL(it != graph_desc_by_name_.end(), "Graph descriptor {} not found in instance", graph_ref.graph_descriptor());
  const auto* graph_desc = it->second;
  auto data = new_instance(graph_ref.graph_id(), graph_desc->name(), graph_desc->type(), NodeKind::Graph);
  data.desc = graph_desc;
  const GlobalNodeId id = data.global_id;
  auto& instance = instances_.emplace(id, std::move(data)).first->second;  // nodes are stable
  instance.hierarchy = hierarchy;

  hierarchy.push_back(id);
  std::string child_graph_type;  // all graph children share one type
  for (const auto& sub_ref : graph_desc->instances()) {
    const GlobalNodeId child_id = populate_instance(sub_ref, hierarchy);
    const auto& child = instances_.at(child_id);
    if (child.kind == NodeKind::Graph) {
      if (child_graph_type.empty()) child_graph_type = child.type;
      TT_FATAL(child_graph_type == child.type, "Graph instance type {} does not match graph descriptor child type {}",
               child_graph_type, child.type);
    }
    TT_FATAL(!instance.sub_instances_local_id_to_global_id.contains(child.local_id),
             "Graph instance id {} already exists in this graph", child.local_id);
    instance.sub_instances.insert(child_id);
    instance.sub_instances_local_id_to_global_id.emplace(child.local_id, child_id);
  }
  hierarchy.pop_back();
  add_to_fast_lookups(instance);
  return id;
}

void MeshGraphDescriptor::add_to_fast_lookups(const InstanceData& instance) {
  instances_by_type_[instance.type].push_back(instance.global_id);
  instances_by_name_[instance.name].push_back(instance.global_id);
  switch (instance.kind) {
    case NodeKind::Mesh: mesh_instances_.push_back(instance.global_id); break;
    case NodeKind::Graph: graph_instances_.push_back(instance.global_id); break;
    case NodeKind::Device: device_instances_.push_back(instance.global_id); break;
    case NodeKind::Switch: switch_instances_.push_back(instance.global_id); break;
  }
}

}  // namespace tt::tt_fabric

namespace zyxtt::metalium {

std::optional<cluster::MeshShape> mesh_graph_shape(const std::filesystem::path& path) {
  std::string text;
  try {
    text = tt::tt_fabric::read_text(path);
  } catch (const std::exception&) {
    throw Error(Code::kInvalidArgument, fmt::format("mesh graph descriptor {}: cannot be read", path.string()));
  }
  tt::tt_fabric::proto::MeshGraphDescriptor parsed;
  if (!tt::tt_fabric::parse_text(text, parsed))
    throw Error(Code::kInvalidArgument,
                fmt::format("mesh graph descriptor {}: not a mesh graph descriptor textproto (TT_MESH_GRAPH_DESC_PATH)",
                            path.string()));
  if (parsed.mesh_descriptors_size() == 0) return std::nullopt;
  const auto& dims = parsed.mesh_descriptors(0).device_topology().dims();
  if (dims.size() != 2 || dims[0] <= 0 || dims[1] <= 0) return std::nullopt;
  return cluster::MeshShape{static_cast<uint32_t>(dims[0]), static_cast<uint32_t>(dims[1])};
}

}  // namespace zyxtt::metalium
