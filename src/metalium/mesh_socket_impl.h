// What MeshSocket's two sources share: the socket's buffers, its config
// blocks, and the description one end gives the other.
#pragma once

#include <functional>
#include <memory>

#include <tt-metalium/experimental/sockets/mesh_socket.hpp>

namespace tt::tt_metal::distributed::socket_detail {

// What one end tells the other: the config it was made with (checked to be
// the same) and where its buffers are.
struct PeerDescriptor {
  SocketConfig config;
  DeviceAddr config_buffer_address = 0;
  DeviceAddr data_buffer_address = 0;
};

// Refuses what tt-metal refuses of any socket config.
void validate(const SocketConfig& config);

std::shared_ptr<MeshBuffer> create_config_buffer(const std::shared_ptr<MeshDevice>& device, const SocketConfig& config,
                                                 SocketEndpoint endpoint);
std::shared_ptr<MeshBuffer> create_data_buffer(const std::shared_ptr<MeshDevice>& receiver, const SocketConfig& config);

// The fabric node of the other end's chip at a device coordinate of its mesh.
using PeerNodes = std::function<tt::tt_fabric::FabricNodeId(const MeshCoordinate&)>;

// Writes this end's config blocks into its cores' L1. NOC coordinates of
// the peer's cores are this chip's for the same logical core (one arch).
void write_configs(const std::shared_ptr<MeshBuffer>& config_buffer, const PeerDescriptor& local,
                   const PeerDescriptor& peer, SocketEndpoint endpoint, const PeerNodes& peer_nodes);

}  // namespace tt::tt_metal::distributed::socket_detail
