// tt-metal's MeshSocket: a FIFO from sender cores to receiver cores, within
// one MeshDevice or between two, whose config blocks the host writes into
// each socket core's L1 for the kernels' socket calls (api/socket_api.h).
// Names, members and their order are tt-metal's; the definitions are ours.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include <tt-metalium/distributed_context.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/sub_device_types.hpp>

namespace tt::tt_metal::distributed {

// A core of one device of a mesh.
struct MeshCoreCoord {
  MeshCoordinate device_coord = MeshCoordinate(0);
  CoreCoord core_coord = CoreCoord(0, 0);

  MeshCoreCoord() = default;
  MeshCoreCoord(const MeshCoordinate& device_coord, const CoreCoord& core_coord)
      : device_coord(device_coord), core_coord(core_coord) {}

  bool operator==(const MeshCoreCoord& other) const {
    return device_coord == other.device_coord && core_coord == other.core_coord;
  }

  static constexpr auto attribute_names = std::forward_as_tuple("device_coord", "core_coord");
  auto attribute_values() const { return std::forward_as_tuple(device_coord, core_coord); }
};

// One sender core feeding one receiver core. A receiver core serves one
// connection of a socket.
struct SocketConnection {
  MeshCoreCoord sender_core;
  MeshCoreCoord receiver_core;

  SocketConnection() = default;
  SocketConnection(const MeshCoreCoord& sender_core, const MeshCoreCoord& receiver_core)
      : sender_core(sender_core), receiver_core(receiver_core) {}

  bool operator==(const SocketConnection& other) const {
    return sender_core == other.sender_core && receiver_core == other.receiver_core;
  }

  static constexpr auto attribute_names = std::forward_as_tuple("sender_core", "receiver_core");
  auto attribute_values() const { return std::forward_as_tuple(sender_core, receiver_core); }
};

// Where the receivers' FIFOs live and how large each is.
struct SocketMemoryConfig {
  BufferType socket_storage_type = BufferType::L1;
  uint32_t fifo_size = 0;
  std::optional<SubDeviceId> sender_sub_device = std::nullopt;
  std::optional<SubDeviceId> receiver_sub_device = std::nullopt;

  SocketMemoryConfig() = default;
  SocketMemoryConfig(BufferType socket_storage_type, uint32_t fifo_size,
                     std::optional<SubDeviceId> sender_sub_device = std::nullopt,
                     std::optional<SubDeviceId> receiver_sub_device = std::nullopt)
      : socket_storage_type(socket_storage_type),
        fifo_size(fifo_size),
        sender_sub_device(sender_sub_device),
        receiver_sub_device(receiver_sub_device) {}

  static constexpr auto attribute_names =
      std::forward_as_tuple("socket_storage_type", "fifo_size", "sender_sub_device", "receiver_sub_device");
  auto attribute_values() const {
    return std::forward_as_tuple(socket_storage_type, fifo_size, sender_sub_device, receiver_sub_device);
  }
};

// The connections, the memory, and who the two ends are: by mesh id, or by
// the ranks (of distributed_context, else the current world) that own them.
struct SocketConfig {
  std::vector<SocketConnection> socket_connection_config;
  SocketMemoryConfig socket_mem_config;
  std::optional<tt::tt_fabric::MeshId> sender_mesh_id = std::nullopt;
  std::optional<tt::tt_fabric::MeshId> receiver_mesh_id = std::nullopt;
  multihost::Rank sender_rank{0};
  multihost::Rank receiver_rank{0};
  std::shared_ptr<multihost::DistributedContext> distributed_context = nullptr;

  SocketConfig() = default;
  SocketConfig(const std::vector<SocketConnection>& socket_connection_config,
               const SocketMemoryConfig& socket_mem_config,
               std::optional<tt::tt_fabric::MeshId> sender_mesh_id = std::nullopt,
               std::optional<tt::tt_fabric::MeshId> receiver_mesh_id = std::nullopt,
               const std::shared_ptr<multihost::DistributedContext>& distributed_context = nullptr)
      : socket_connection_config(socket_connection_config),
        socket_mem_config(socket_mem_config),
        sender_mesh_id(sender_mesh_id),
        receiver_mesh_id(receiver_mesh_id),
        distributed_context(distributed_context) {}
  SocketConfig(const std::vector<SocketConnection>& socket_connection_config,
               const SocketMemoryConfig& socket_mem_config, multihost::Rank sender_rank,
               multihost::Rank receiver_rank,
               const std::shared_ptr<multihost::DistributedContext>& distributed_context = nullptr)
      : socket_connection_config(socket_connection_config),
        socket_mem_config(socket_mem_config),
        sender_rank(sender_rank),
        receiver_rank(receiver_rank),
        distributed_context(distributed_context) {}

  static constexpr auto attribute_names = std::forward_as_tuple(
      "socket_connection_config", "socket_mem_config", "sender_mesh_id", "receiver_mesh_id", "sender_rank",
      "receiver_rank");
  auto attribute_values() const {
    return std::forward_as_tuple(socket_connection_config, socket_mem_config, sender_mesh_id, receiver_mesh_id,
                                 sender_rank, receiver_rank);
  }
};

enum class SocketEndpoint : uint8_t { SENDER, RECEIVER };

// One end of a socket: its config buffer (one block per socket core) and,
// on the receiving end, the data buffer that holds every receiver's FIFO.
class MeshSocket {
 public:
  // The end this rank owns of a socket between ranks: the two ranks
  // exchange their ends' descriptions over the distributed context.
  MeshSocket(const std::shared_ptr<MeshDevice>& device, const SocketConfig& config);
  // Both ends, in this process.
  static std::pair<MeshSocket, MeshSocket> create_socket_pair(const std::shared_ptr<MeshDevice>& sender,
                                                              const std::shared_ptr<MeshDevice>& receiver,
                                                              const SocketConfig& base_config);
  // The receiving end's FIFOs; a sender has none.
  std::shared_ptr<MeshBuffer> get_data_buffer() const;
  std::shared_ptr<MeshBuffer> get_config_buffer() const;
  const SocketConfig& get_config() const;
  SocketEndpoint get_socket_endpoint_type() const { return socket_endpoint_type_; }
  // Whether the ends were named by ranks rather than mesh ids.
  bool is_rank_scoped_socket() const { return rank_scoped_socket_; }

  tt::tt_fabric::FabricNodeId get_fabric_node_id(SocketEndpoint endpoint, const MeshCoordinate& coord) const;

  std::vector<MeshCoreCoord> get_active_cores() const;

  MeshDevice* get_mesh_device() const { return config_buffer_->device(); }
  static constexpr auto attribute_names = std::forward_as_tuple("config", "socket_endpoint_type", "fabric_node_id_map");
  auto attribute_values() const { return std::forward_as_tuple(config_, socket_endpoint_type_, fabric_node_id_map_); }

 private:
  MeshSocket(std::shared_ptr<MeshBuffer> data_buffer, std::shared_ptr<MeshBuffer> config_buffer,
             const SocketConfig& config, SocketEndpoint socket_endpoint_type)
      : data_buffer_(std::move(data_buffer)),
        config_buffer_(std::move(config_buffer)),
        config_(config),
        socket_endpoint_type_(socket_endpoint_type) {}
  void process_host_ranks();
  void process_mesh_ids();
  static SocketConfig populate_mesh_ids(const std::shared_ptr<MeshDevice>& sender,
                                        const std::shared_ptr<MeshDevice>& receiver, const SocketConfig& base_config);
  void connect_with_peer(const std::shared_ptr<multihost::DistributedContext>& context);

  std::shared_ptr<MeshBuffer> data_buffer_;
  std::shared_ptr<MeshBuffer> config_buffer_;
  SocketConfig config_;
  SocketEndpoint socket_endpoint_type_;
  bool rank_scoped_socket_ = false;
  std::unordered_map<multihost::Rank, multihost::Rank> rank_translation_table_;
  // Indexed by SocketEndpoint.
  std::array<std::unordered_map<MeshCoordinate, tt::tt_fabric::FabricNodeId>, 2> fabric_node_id_map_;
  // A socket between ranks of one mesh: the other end's buffers, placed here
  // too, so that every rank's allocators stay in step.
  std::vector<std::shared_ptr<MeshBuffer>> other_end_buffers_;
};

}  // namespace tt::tt_metal::distributed

namespace std {
template <>
struct hash<tt::tt_metal::distributed::MeshCoreCoord> {
  size_t operator()(const tt::tt_metal::distributed::MeshCoreCoord& coord) const noexcept;
};
template <>
struct hash<tt::tt_metal::distributed::SocketConnection> {
  size_t operator()(const tt::tt_metal::distributed::SocketConnection& conn) const noexcept;
};
template <>
struct hash<tt::tt_metal::distributed::SocketConfig> {
  size_t operator()(const tt::tt_metal::distributed::SocketConfig& config) const noexcept;
};
template <>
struct hash<tt::tt_metal::distributed::MeshSocket> {
  size_t operator()(const tt::tt_metal::distributed::MeshSocket& socket) const noexcept;
};
}  // namespace std
