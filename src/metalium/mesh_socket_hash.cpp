// std::hash of the socket types, over the fields tt-metal hashes: a
// connection's cores, a config's connections, memory and ranks (and its
// context's rank and size), a socket's config and end.
#include <tt-metalium/experimental/sockets/mesh_socket.hpp>

namespace {
// Boost's hash_combine step.
void combine(size_t& seed, size_t h) { seed ^= h + 0x9e3779b97f4a7c15ull + (seed << 6) + (seed >> 2); }
}  // namespace

namespace std {

size_t hash<tt::tt_metal::distributed::MeshCoreCoord>::operator()(
    const tt::tt_metal::distributed::MeshCoreCoord& coord) const noexcept {
  size_t seed = hash<tt::tt_metal::distributed::MeshCoordinate>{}(coord.device_coord);
  combine(seed, coord.core_coord.x);
  combine(seed, coord.core_coord.y);
  return seed;
}

size_t hash<tt::tt_metal::distributed::SocketConnection>::operator()(
    const tt::tt_metal::distributed::SocketConnection& conn) const noexcept {
  size_t seed = hash<tt::tt_metal::distributed::MeshCoreCoord>{}(conn.sender_core);
  combine(seed, hash<tt::tt_metal::distributed::MeshCoreCoord>{}(conn.receiver_core));
  return seed;
}

size_t hash<tt::tt_metal::distributed::SocketConfig>::operator()(
    const tt::tt_metal::distributed::SocketConfig& config) const noexcept {
  size_t seed = 0;
  for (const auto& c : config.socket_connection_config)
    combine(seed, hash<tt::tt_metal::distributed::SocketConnection>{}(c));
  const auto& mem = config.socket_mem_config;
  combine(seed, static_cast<size_t>(mem.socket_storage_type));
  combine(seed, mem.fifo_size);
  combine(seed, mem.sender_sub_device ? **mem.sender_sub_device + 1u : 0u);
  combine(seed, mem.receiver_sub_device ? **mem.receiver_sub_device + 1u : 0u);
  combine(seed, static_cast<size_t>(*config.sender_rank));
  combine(seed, static_cast<size_t>(*config.receiver_rank));
  if (config.distributed_context) {
    combine(seed, static_cast<size_t>(*config.distributed_context->rank()));
    combine(seed, static_cast<size_t>(*config.distributed_context->size()));
  }
  return seed;
}

size_t hash<tt::tt_metal::distributed::MeshSocket>::operator()(
    const tt::tt_metal::distributed::MeshSocket& socket) const noexcept {
  size_t seed = hash<tt::tt_metal::distributed::SocketConfig>{}(socket.get_config());
  combine(seed, static_cast<size_t>(socket.get_socket_endpoint_type()));
  return seed;
}

}  // namespace std
