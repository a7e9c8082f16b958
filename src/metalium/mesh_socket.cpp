// MeshSocket within one process: the config and data buffers, the config
// blocks the host writes for the kernels' socket calls (hostdev/socket.h,
// laid out as tt-metal's host writes them), and the socket pair.
#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <unordered_set>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/fabric/control_plane.hpp>
#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/tt_align.hpp>
#include <tt_metal/impl/context/metal_context.hpp>
#include <tt_stl/assert.hpp>
#include <tt_stl/fmt.hpp>

#include "hostdev/socket.h"
#include "metalium/mesh_socket_impl.h"

namespace tt::tt_metal::distributed {

namespace socket_detail {
namespace {

using tt_fabric::FabricConfig;
using tt_fabric::FabricNodeId;

// A sender core's block: the metadata, then per downstream an acked word,
// then per downstream an encoding, each L1-aligned.
struct SenderSizes {
  uint32_t align = hal::get_l1_alignment();
  uint32_t md = tt::align(static_cast<uint32_t>(sizeof(sender_socket_md)), align);
  uint32_t ack = tt::align(static_cast<uint32_t>(sizeof(uint32_t)), align);
  uint32_t enc = tt::align(static_cast<uint32_t>(sizeof(sender_downstream_encoding)), align);
  uint32_t block(uint32_t downstreams) const { return md + downstreams * (ack + enc); }
};

uint32_t max_downstreams_per_sender(const SocketConfig& config) {
  std::unordered_map<MeshCoreCoord, uint32_t> count;
  uint32_t most = 0;
  for (const auto& c : config.socket_connection_config) most = std::max(most, ++count[c.sender_core]);
  return most;
}

// A connection's index among its sender core's downstreams, in config order.
std::vector<uint32_t> downstream_index(const SocketConfig& config) {
  std::unordered_map<MeshCoreCoord, uint32_t> next;
  std::vector<uint32_t> index;
  for (const auto& c : config.socket_connection_config) index.push_back(next[c.sender_core]++);
  return index;
}

const MeshCoreCoord& end_of(const SocketConnection& c, SocketEndpoint e) {
  return e == SocketEndpoint::SENDER ? c.sender_core : c.receiver_core;
}

// device -> core -> indices of the connections at that end.
std::map<MeshCoordinate, std::map<CoreCoord, std::vector<uint32_t>>> group_by_core(const SocketConfig& config,
                                                                                   SocketEndpoint e) {
  std::map<MeshCoordinate, std::map<CoreCoord, std::vector<uint32_t>>> groups;
  for (uint32_t i = 0; i < config.socket_connection_config.size(); ++i) {
    const MeshCoreCoord& at = end_of(config.socket_connection_config[i], e);
    groups[at.device_coord][at.core_coord].push_back(i);
  }
  return groups;
}

// The peer chip as a socket core's config names it: hops on a 1-D fabric,
// its mesh and chip ids on a 2-D one (as tt-metal encodes it; the kernels
// tell the two apart by ROUTING_MODE).
std::pair<uint32_t, uint32_t> peer_encoding(FabricNodeId sender, FabricNodeId receiver, SocketEndpoint e) {
  const FabricNodeId& peer = e == SocketEndpoint::SENDER ? receiver : sender;
  if (sender == receiver) return {*peer.mesh_id, peer.chip_id};
  const FabricConfig fabric = tt_fabric::GetFabricConfig();
  TT_FATAL(fabric != FabricConfig::DISABLED, "Can only create multi-device sockets with fabric enabled.");
  const bool one_d = fabric == FabricConfig::FABRIC_1D || fabric == FabricConfig::FABRIC_1D_RING;
  TT_FATAL(one_d || tt_fabric::is_2d_fabric_config(fabric), "Unsupported Fabric Config for Sockets specified {}",
           fabric);
  if (!one_d) return {*peer.mesh_id, peer.chip_id};
  TT_FATAL(sender.mesh_id == receiver.mesh_id, "1D Fabric requires sender and receiver to be on the same mesh");
  const MeshShape shape = MetalContext::instance().get_control_plane().get_physical_mesh_shape(sender.mesh_id);
  const uint32_t cols = shape[shape.dims() - 1];
  const int sr = sender.chip_id / cols, sc = sender.chip_id % cols;
  const int rr = receiver.chip_id / cols, rc = receiver.chip_id % cols;
  TT_FATAL(sr == rr || sc == rc,
           "Sender and receiver chips must be in the same row or column when using 1D Line Fabric");
  return {*peer.mesh_id, static_cast<uint32_t>(std::abs(sr - rr) + std::abs(sc - rc))};
}

// Where each socket core's block sits in the config buffer: the shard order.
std::map<CoreCoord, uint32_t> block_index(const MeshBuffer& config_buffer) {
  const auto spec = config_buffer.get_backing_buffer()->shard_spec();
  std::map<CoreCoord, uint32_t> index;
  for (const CoreCoord& core : corerange_to_cores(spec.grid(), std::nullopt, true)) {
    index.emplace(core, static_cast<uint32_t>(index.size()));
  }
  return index;
}

void check_core(const MeshDevice& device, const MeshCoreCoord& at, const char* role) {
  TT_FATAL(
      at.device_coord.dims() == device.shape().dims() && MeshCoordinateRange(device.shape()).contains(at.device_coord),
      "MeshSocket: {} device {} is outside the {} mesh of shape {}", role, at.device_coord, role, device.shape());
  const CoreCoord grid = device.compute_with_storage_grid_size();
  TT_FATAL(at.core_coord.x < grid.x && at.core_coord.y < grid.y,
           "MeshSocket: {} core {} is outside the worker grid ({} x {})", role, at.core_coord.str(), grid.x, grid.y);
}

}  // namespace

void validate(const SocketConfig& config) {
  TT_FATAL(!config.socket_connection_config.empty(), "Socket connection config cannot be empty.");
  TT_FATAL(config.socket_mem_config.fifo_size != 0, "MeshSocket: the socket's fifo_size is 0 bytes");
  std::unordered_set<MeshCoreCoord> receivers;
  for (const auto& c : config.socket_connection_config) {
    TT_FATAL(receivers.insert(c.receiver_core).second, "Cannot reuse receiver cores in a single socket.");
  }
}

std::shared_ptr<MeshBuffer> create_config_buffer(const std::shared_ptr<MeshDevice>& device, const SocketConfig& config,
                                                 SocketEndpoint endpoint) {
  const bool sender = endpoint == SocketEndpoint::SENDER;
  const uint32_t block = sender ? SenderSizes{}.block(max_downstreams_per_sender(config))
                                : static_cast<uint32_t>(sizeof(receiver_socket_md));
  std::set<CoreRange> cores;
  for (const auto& c : config.socket_connection_config) {
    const MeshCoreCoord& at = end_of(c, endpoint);
    check_core(*device, at, sender ? "sender" : "receiver");
    cores.insert(CoreRange(at.core_coord));
  }
  const auto n = static_cast<uint32_t>(cores.size());
  const ShardSpecBuffer spec(CoreRangeSet(cores), {1, 1}, ShardOrientation::ROW_MAJOR, {1, 1}, {n, 1});
  return MeshBuffer::create(
      ReplicatedBufferConfig{.size = DeviceAddr{n} * block},
      DeviceLocalBufferConfig{.page_size = block,
                              .buffer_type = BufferType::L1,
                              .sharding_args = BufferShardingArgs(spec, TensorMemoryLayout::HEIGHT_SHARDED),
                              .bottom_up = std::nullopt,
                              .sub_device_id = sender ? config.socket_mem_config.sender_sub_device
                                                      : config.socket_mem_config.receiver_sub_device},
      device.get());
}

// One FIFO of fifo_size per worker core; the kernels use those of the
// receiver cores (tt-metal also offers one per DRAM bank).
std::shared_ptr<MeshBuffer> create_data_buffer(const std::shared_ptr<MeshDevice>& receiver,
                                               const SocketConfig& config) {
  const SocketMemoryConfig& mem = config.socket_mem_config;
  TT_FATAL(mem.socket_storage_type == BufferType::L1,
           "MeshSocket: FIFOs in DRAM need DRAM-sharded buffers, which are not emulated yet: use BufferType::L1");
  const CoreCoord grid = receiver->compute_with_storage_grid_size();
  const auto n = static_cast<uint32_t>(grid.x * grid.y);
  const ShardSpecBuffer spec(CoreRangeSet(CoreRange({0, 0}, {grid.x - 1, grid.y - 1})), {1, 1},
                             ShardOrientation::ROW_MAJOR, {1, 1}, {n, 1});
  return MeshBuffer::create(
      ReplicatedBufferConfig{.size = DeviceAddr{n} * mem.fifo_size},
      DeviceLocalBufferConfig{.page_size = mem.fifo_size,
                              .buffer_type = BufferType::L1,
                              .sharding_args = BufferShardingArgs(spec, TensorMemoryLayout::HEIGHT_SHARDED),
                              .bottom_up = std::nullopt,
                              .sub_device_id = mem.receiver_sub_device},
      receiver.get());
}

void write_configs(const std::shared_ptr<MeshBuffer>& config_buffer, const PeerDescriptor& local,
                   const PeerDescriptor& peer, SocketEndpoint endpoint, const PeerNodes& peer_nodes) {
  MeshDevice& device = *config_buffer->device();
  const SocketConfig& config = local.config;
  const auto& conns = config.socket_connection_config;
  const bool sender = endpoint == SocketEndpoint::SENDER;
  const auto local_nodes = [&](const MeshCoordinate& c) { return device.get_fabric_node_id(c); };
  const PeerNodes sender_nodes = sender ? PeerNodes(local_nodes) : peer_nodes;
  const PeerNodes receiver_nodes = sender ? peer_nodes : PeerNodes(local_nodes);
  const auto blocks = block_index(*config_buffer);
  const auto downstream = downstream_index(config);
  const SenderSizes sizes;
  const uint32_t block = config_buffer->page_size();
  for (const auto& [device_coord, cores] : group_by_core(config, endpoint)) {
    std::vector<uint32_t> words(config_buffer->size() / 4, 0);
    for (const auto& [core, indices] : cores) {
      const uint32_t base = blocks.at(core) * block;
      if (sender) {
        sender_socket_md md;
        md.num_downstreams = static_cast<uint32_t>(indices.size());
        md.downstream_bytes_sent_addr = static_cast<uint32_t>(peer.config_buffer_address);
        md.downstream_fifo_addr = static_cast<uint32_t>(peer.data_buffer_address);
        md.downstream_fifo_total_size = config.socket_mem_config.fifo_size;
        std::memcpy(&words[base / 4], &md, sizeof(md));
        for (const uint32_t i : indices) {
          const MeshCoreCoord& to = conns[i].receiver_core;
          const CoreCoord noc = device.worker_core_from_logical_core(to.core_coord);
          const auto [mesh, chip] =
              peer_encoding(sender_nodes(device_coord), receiver_nodes(to.device_coord), endpoint);
          const d2d_sender_socket_md enc{mesh, chip, static_cast<uint32_t>(noc.y), static_cast<uint32_t>(noc.x)};
          const uint32_t at = base + sizes.md + md.num_downstreams * sizes.ack + downstream[i] * sizes.enc;
          std::memcpy(&words[at / 4], &enc, sizeof(enc));
        }
      } else {
        const uint32_t i = indices.front();  // a receiver core serves one connection
        const MeshCoreCoord& from = conns[i].sender_core;
        const CoreCoord noc = device.worker_core_from_logical_core(from.core_coord);
        const auto [mesh, chip] =
            peer_encoding(sender_nodes(from.device_coord), receiver_nodes(device_coord), endpoint);
        receiver_socket_md md{};
        md.read_ptr = static_cast<uint32_t>(local.data_buffer_address);
        md.fifo_addr = static_cast<uint32_t>(local.data_buffer_address);
        md.fifo_total_size = config.socket_mem_config.fifo_size;
        md.d2d.upstream_mesh_id = mesh;
        md.d2d.upstream_chip_id = chip;
        md.d2d.upstream_noc_y = static_cast<uint32_t>(noc.y);
        md.d2d.upstream_noc_x = static_cast<uint32_t>(noc.x);
        md.d2d.upstream_bytes_acked_addr =
            static_cast<uint32_t>(peer.config_buffer_address) + sizes.md + sizes.ack * downstream[i];
        std::memcpy(&words[base / 4], &md, sizeof(md));
      }
    }
    WriteShard(device.mesh_command_queue(0), config_buffer, words, device_coord, true);
  }
}

}  // namespace socket_detail

using namespace socket_detail;

SocketConfig MeshSocket::populate_mesh_ids(const std::shared_ptr<MeshDevice>& sender,
                                           const std::shared_ptr<MeshDevice>& receiver,
                                           const SocketConfig& base_config) {
  SocketConfig config = base_config;
  for (const auto& c : config.socket_connection_config) {
    check_core(*sender, c.sender_core, "sender");
    check_core(*receiver, c.receiver_core, "receiver");
    const auto s = sender->get_fabric_node_id(c.sender_core.device_coord).mesh_id;
    const auto r = receiver->get_fabric_node_id(c.receiver_core.device_coord).mesh_id;
    TT_FATAL(!config.sender_mesh_id || *config.sender_mesh_id == s,
             "Expected Mesh IDs for all Sender devices to be identical.");
    TT_FATAL(!config.receiver_mesh_id || *config.receiver_mesh_id == r,
             "Expected Mesh IDs for all Receiver devices to be identical.");
    config.sender_mesh_id = s;
    config.receiver_mesh_id = r;
  }
  return config;
}

std::pair<MeshSocket, MeshSocket> MeshSocket::create_socket_pair(const std::shared_ptr<MeshDevice>& sender,
                                                                 const std::shared_ptr<MeshDevice>& receiver,
                                                                 const SocketConfig& base_config) {
  validate(base_config);
  SocketConfig config = populate_mesh_ids(sender, receiver, base_config);
  MeshSocket send(nullptr, create_config_buffer(sender, config, SocketEndpoint::SENDER), config,
                  SocketEndpoint::SENDER);
  MeshSocket recv(create_data_buffer(receiver, config),
                  create_config_buffer(receiver, config, SocketEndpoint::RECEIVER), config, SocketEndpoint::RECEIVER);
  const PeerDescriptor send_desc{config, send.config_buffer_->address(), 0};
  const PeerDescriptor recv_desc{config, recv.config_buffer_->address(), recv.data_buffer_->address()};
  const auto nodes_of = [](const std::shared_ptr<MeshDevice>& mesh) {
    return [mesh](const MeshCoordinate& c) { return mesh->get_fabric_node_id(c); };
  };
  write_configs(send.config_buffer_, send_desc, recv_desc, SocketEndpoint::SENDER, nodes_of(receiver));
  write_configs(recv.config_buffer_, recv_desc, send_desc, SocketEndpoint::RECEIVER, nodes_of(sender));
  for (const auto& c : config.socket_connection_config) {
    send.fabric_node_id_map_[0].emplace(c.sender_core.device_coord,
                                        sender->get_fabric_node_id(c.sender_core.device_coord));
    send.fabric_node_id_map_[1].emplace(c.receiver_core.device_coord,
                                        receiver->get_fabric_node_id(c.receiver_core.device_coord));
  }
  recv.fabric_node_id_map_ = send.fabric_node_id_map_;
  return {std::move(send), std::move(recv)};
}

std::shared_ptr<MeshBuffer> MeshSocket::get_data_buffer() const {
  TT_FATAL(data_buffer_, "Cannot access the data buffer for a sender socket.");
  return data_buffer_;
}

std::shared_ptr<MeshBuffer> MeshSocket::get_config_buffer() const { return config_buffer_; }

const SocketConfig& MeshSocket::get_config() const { return config_; }

tt::tt_fabric::FabricNodeId MeshSocket::get_fabric_node_id(SocketEndpoint endpoint, const MeshCoordinate& coord) const {
  const auto& nodes = fabric_node_id_map_[static_cast<size_t>(endpoint)];
  const auto it = nodes.find(coord);
  TT_FATAL(it != nodes.end(), "MeshSocket: device {} is not a {} of this socket", coord,
           endpoint == SocketEndpoint::SENDER ? "sender" : "receiver");
  return it->second;
}

std::vector<MeshCoreCoord> MeshSocket::get_active_cores() const {
  std::vector<MeshCoreCoord> cores;
  for (const auto& c : config_.socket_connection_config) cores.push_back(end_of(c, socket_endpoint_type_));
  return cores;
}

}  // namespace tt::tt_metal::distributed
