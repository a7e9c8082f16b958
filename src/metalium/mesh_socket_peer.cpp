// MeshSocket's end on one rank of a socket between ranks of one mesh: the
// two owning ranks exchange descriptions of their ends (config, buffer
// addresses) over the distributed context and check that they agree, as
// tt-metal's handshake does, then each writes its end's config blocks; the
// data rides the fabric between the ranks' chips. The descriptor's wire
// form is our own.
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>

#include <tt-logger/tt-logger.hpp>
#include <tt-metalium/experimental/fabric/control_plane.hpp>
#include <tt_metal/impl/context/metal_context.hpp>
#include <tt_stl/assert.hpp>

#include "metalium/mesh_socket_impl.h"

namespace tt::tt_metal::distributed {

using multihost::DistributedContext;
using multihost::Rank;
using multihost::Tag;
using socket_detail::PeerDescriptor;

namespace {

// Words of a descriptor, in a fixed order; optionals as (present, value).
class Words {
 public:
  void put(uint32_t w) { words_.push_back(w); }
  void put(uint64_t w) {
    put(static_cast<uint32_t>(w));
    put(static_cast<uint32_t>(w >> 32));
  }
  template <typename T>
  void put_optional(const std::optional<T>& v) {
    put(uint32_t{v.has_value()});
    put(v ? static_cast<uint32_t>(**v) : 0u);
  }
  void put(const MeshCoreCoord& c) {
    put(static_cast<uint32_t>(c.device_coord.dims()));
    for (const uint32_t x : c.device_coord.coords()) put(x);
    put(static_cast<uint32_t>(c.core_coord.x));
    put(static_cast<uint32_t>(c.core_coord.y));
  }
  std::vector<uint32_t>& words() { return words_; }

 private:
  std::vector<uint32_t> words_;
};

class Reader {
 public:
  explicit Reader(const std::vector<uint32_t>& w) : words_(w) {}
  uint32_t word() {
    TT_FATAL(at_ < words_.size(), "MeshSocket: the peer's socket descriptor is truncated ({} words)", words_.size());
    return words_[at_++];
  }
  uint64_t word64() {
    const uint64_t lo = word();
    return lo | uint64_t{word()} << 32;
  }
  template <typename T>
  std::optional<T> optional() {
    const bool present = word() != 0;
    const uint32_t v = word();
    if (!present) return std::nullopt;
    if constexpr (std::is_same_v<T, SubDeviceId>) {
      return SubDeviceId{static_cast<uint8_t>(v)};
    } else {
      return T{v};
    }
  }
  MeshCoreCoord core() {
    std::vector<uint32_t> coords(word());
    for (uint32_t& x : coords) x = word();
    const uint32_t x = word();
    return MeshCoreCoord(MeshCoordinate(ttsl::Span<const uint32_t>(coords)), CoreCoord(x, word()));
  }

 private:
  const std::vector<uint32_t>& words_;
  size_t at_ = 0;
};

std::vector<uint32_t> serialize(const PeerDescriptor& d) {
  Words w;
  const SocketConfig& c = d.config;
  w.put(static_cast<uint32_t>(c.socket_connection_config.size()));
  for (const auto& conn : c.socket_connection_config) {
    w.put(conn.sender_core);
    w.put(conn.receiver_core);
  }
  w.put(static_cast<uint32_t>(c.socket_mem_config.socket_storage_type));
  w.put(c.socket_mem_config.fifo_size);
  w.put_optional(c.socket_mem_config.sender_sub_device);
  w.put_optional(c.socket_mem_config.receiver_sub_device);
  w.put_optional(c.sender_mesh_id);
  w.put_optional(c.receiver_mesh_id);
  w.put(static_cast<uint32_t>(*c.sender_rank));
  w.put(static_cast<uint32_t>(*c.receiver_rank));
  w.put(uint64_t{d.config_buffer_address});
  w.put(uint64_t{d.data_buffer_address});
  return std::move(w.words());
}

PeerDescriptor deserialize(const std::vector<uint32_t>& words) {
  Reader r(words);
  PeerDescriptor d;
  SocketConfig& c = d.config;
  c.socket_connection_config.resize(r.word());
  for (auto& conn : c.socket_connection_config) {
    conn.sender_core = r.core();
    conn.receiver_core = r.core();
  }
  c.socket_mem_config.socket_storage_type = static_cast<BufferType>(r.word());
  c.socket_mem_config.fifo_size = r.word();
  c.socket_mem_config.sender_sub_device = r.optional<SubDeviceId>();
  c.socket_mem_config.receiver_sub_device = r.optional<SubDeviceId>();
  c.sender_mesh_id = r.optional<tt_fabric::MeshId>();
  c.receiver_mesh_id = r.optional<tt_fabric::MeshId>();
  c.sender_rank = Rank{static_cast<int>(r.word())};
  c.receiver_rank = Rank{static_cast<int>(r.word())};
  d.config_buffer_address = r.word64();
  d.data_buffer_address = r.word64();
  return d;
}

// The two ends must describe the same socket.
void check_peer(const SocketConfig& mine, const SocketConfig& theirs) {
  TT_FATAL(mine.socket_connection_config.size() == theirs.socket_connection_config.size(),
           "Mismatch in number of socket connections during handshake.");
  for (size_t i = 0; i < mine.socket_connection_config.size(); ++i) {
    TT_FATAL(mine.socket_connection_config[i].sender_core == theirs.socket_connection_config[i].sender_core,
             "Mismatch in sender core during handshake.");
    TT_FATAL(mine.socket_connection_config[i].receiver_core == theirs.socket_connection_config[i].receiver_core,
             "Mismatch in receiver core during handshake.");
  }
  const SocketMemoryConfig& a = mine.socket_mem_config;
  const SocketMemoryConfig& b = theirs.socket_mem_config;
  TT_FATAL(a.socket_storage_type == b.socket_storage_type, "Mismatch in socket storage type during handshake.");
  TT_FATAL(a.fifo_size == b.fifo_size, "Mismatch in socket FIFO size during handshake.");
  TT_FATAL(a.sender_sub_device == b.sender_sub_device, "Mismatch in sender sub-device during handshake.");
  TT_FATAL(a.receiver_sub_device == b.receiver_sub_device, "Mismatch in receiver sub-device during handshake.");
}

// Each socket between one pair of ranks of a context takes the next tag, on
// both ranks alike, so two sockets' handshakes never mix.
Tag next_exchange_tag(const DistributedContext& context, Rank sender, Rank receiver) {
  static std::mutex mutex;
  static std::map<std::tuple<int, int, int>, int> counters;
  const std::lock_guard lock(mutex);
  return Tag{counters[{*context.id(), *sender, *receiver}]++};
}

// A receive that gives up after tt-metal's 10 s, naming what to check.
void recv_within_timeout(const DistributedContext& context, ttsl::Span<std::byte> into, Rank from, Tag tag) {
  auto request = context.irecv(into, from, tag);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!request->test()) {
    if (std::chrono::steady_clock::now() > deadline) {
      request->cancel();
      TT_THROW(
          "Timed out trying to establish a socket connection. Please ensure that the socket is being created on all "
          "hosts mapped to the requested meshes (rank {} waited 10 s for rank {})",
          *context.rank(), *from);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

void send_descriptor(const DistributedContext& context, const PeerDescriptor& d, Rank to, Tag tag) {
  std::vector<uint32_t> words = serialize(d);
  auto n = static_cast<uint32_t>(words.size());
  context.send(ttsl::Span<std::byte>(reinterpret_cast<std::byte*>(&n), sizeof(n)), to, tag);
  context.send(ttsl::Span<std::byte>(reinterpret_cast<std::byte*>(words.data()), words.size() * 4), to, tag);
}

PeerDescriptor recv_descriptor(const DistributedContext& context, Rank from, Tag tag) {
  uint32_t n = 0;
  recv_within_timeout(context, ttsl::Span<std::byte>(reinterpret_cast<std::byte*>(&n), sizeof(n)), from, tag);
  TT_FATAL(n < (1u << 20), "MeshSocket: rank {} announced a socket descriptor of {} words", *from, n);
  std::vector<uint32_t> words(n);
  recv_within_timeout(context, ttsl::Span<std::byte>(reinterpret_cast<std::byte*>(words.data()), n * 4), from, tag);
  return deserialize(words);
}

}  // namespace

void MeshSocket::process_host_ranks() {
  const auto& context =
      config_.distributed_context ? config_.distributed_context : DistributedContext::get_current_world();
  const int size = *context->size();
  TT_FATAL(*config_.sender_rank >= 0 && *config_.sender_rank < size && *config_.receiver_rank >= 0 &&
               *config_.receiver_rank < size,
           "Invalid socket sender rank {} or receiver rank {} specified.", *config_.sender_rank,
           *config_.receiver_rank);
  rank_translation_table_[config_.sender_rank] = config_.sender_rank;
  rank_translation_table_[config_.receiver_rank] = config_.receiver_rank;
  // Every rank holds part of one mesh, mesh 0: ranks are what tells the
  // ends apart.
  const auto local = MetalContext::instance().get_control_plane().get_local_mesh_id_bindings();
  config_.sender_mesh_id = local.front();
  config_.receiver_mesh_id = local.front();
}

void MeshSocket::process_mesh_ids() {
  const auto local = MetalContext::instance().get_control_plane().get_local_mesh_id_bindings();
  for (const auto& id : {*config_.sender_mesh_id, *config_.receiver_mesh_id}) {
    TT_FATAL(std::find(local.begin(), local.end(), id) != local.end(),
             "MeshSocket: mesh {} is bound to no rank here: meshes of other ranks are not emulated yet (issue 23); "
             "name the socket's ends by sender_rank and receiver_rank",
             *id);
  }
}

MeshSocket::MeshSocket(const std::shared_ptr<MeshDevice>& device, const SocketConfig& config) : config_(config) {
  socket_detail::validate(config_);
  const auto context =
      config_.distributed_context ? config_.distributed_context : DistributedContext::get_current_world();
  TT_FATAL(config_.sender_mesh_id.has_value() == config_.receiver_mesh_id.has_value(),
           "SocketConfig must specify both sender and receiver mesh IDs or neither.");
  rank_scoped_socket_ = !config_.sender_mesh_id.has_value();
  if (rank_scoped_socket_) {
    process_host_ranks();
  } else {
    process_mesh_ids();
  }
  const Rank me = context->rank();
  if (me != config_.sender_rank && me != config_.receiver_rank) {
    log_warning(tt::LogMetal, "Creating a null rank-scoped socket on rank {} (sender={}, receiver={}).", *me,
                *config_.sender_rank, *config_.receiver_rank);
    return;
  }
  TT_FATAL(config_.sender_rank != config_.receiver_rank,
           "MeshSocket: sender and receiver are both rank {}: both ends of a socket in one process are made together "
           "by MeshSocket::create_socket_pair",
           *me);
  socket_endpoint_type_ = me == config_.sender_rank ? SocketEndpoint::SENDER : SocketEndpoint::RECEIVER;
  // Both ranks hold the one mesh (each its own devices): each places both
  // ends' buffers in the same order, so the mesh's allocators stay in step,
  // and keeps its own end's.
  for (const auto& c : config_.socket_connection_config) {
    const MeshCoordinate& mine = socket_endpoint_type_ == SocketEndpoint::SENDER ? c.sender_core.device_coord
                                                                               : c.receiver_core.device_coord;
    TT_FATAL(device->is_local(mine),
             "MeshSocket: rank {} is the socket's {} but device {} is another rank's (the mesh spans ranks: each "
             "end's devices must be its rank's)",
             *me, socket_endpoint_type_ == SocketEndpoint::SENDER ? "sender" : "receiver", mine);
  }
  auto sender_config = socket_detail::create_config_buffer(device, config_, SocketEndpoint::SENDER);
  auto receiver_config = socket_detail::create_config_buffer(device, config_, SocketEndpoint::RECEIVER);
  auto data = socket_detail::create_data_buffer(device, config_);
  if (socket_endpoint_type_ == SocketEndpoint::SENDER) {
    config_buffer_ = sender_config;
    other_end_buffers_ = {receiver_config, data};
  } else {
    config_buffer_ = receiver_config;
    data_buffer_ = data;
    other_end_buffers_ = {sender_config};
  }
  connect_with_peer(context);
}

void MeshSocket::connect_with_peer(const std::shared_ptr<multihost::DistributedContext>& context) {
  const bool sender = socket_endpoint_type_ == SocketEndpoint::SENDER;
  const Rank peer = sender ? config_.receiver_rank : config_.sender_rank;
  const Tag tag = next_exchange_tag(*context, config_.sender_rank, config_.receiver_rank);
  const PeerDescriptor mine{config_, config_buffer_->address(), data_buffer_ ? data_buffer_->address() : 0};
  PeerDescriptor theirs;
  if (sender) {
    send_descriptor(*context, mine, peer, tag);
    theirs = recv_descriptor(*context, peer, tag);
  } else {
    theirs = recv_descriptor(*context, peer, tag);
    send_descriptor(*context, mine, peer, tag);
  }
  check_peer(config_, theirs.config);
  // Both ends are devices of one mesh over the ranks: the peer's fabric
  // nodes are this mesh's.
  MeshDevice* mesh = config_buffer_->device();
  const auto nodes = [mesh](const MeshCoordinate& c) { return mesh->get_fabric_node_id(c); };
  socket_detail::write_configs(config_buffer_, mine, theirs, socket_endpoint_type_, nodes);
  for (const auto& c : config_.socket_connection_config) {
    fabric_node_id_map_[0].emplace(c.sender_core.device_coord, nodes(c.sender_core.device_coord));
    fabric_node_id_map_[1].emplace(c.receiver_core.device_coord, nodes(c.receiver_core.device_coord));
  }
}

}  // namespace tt::tt_metal::distributed
