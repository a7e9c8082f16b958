// MeshSocket on the emulator, each case checked against the host's data:
//   one_chip   sockets between cores of one chip (two senders with a
//              receiver each, and one sender fanning out to two), FIFOs of
//              twice the transfer (no wrap), a quarter of it (wraps) and
//              1000 bytes, not a whole number of pages (its tail is
//              skipped on every wrap), and counters that wrap past 2^32
//              mid-transfer; the bytes must arrive in order and both
//              ends' counters must end where the host works out;
//   two_chips  (ZYX_TT_CLUSTER=p300, FABRIC_1D) a socket from chip 0 to
//              chip 1 and one back, each through a FIFO smaller than the
//              transfer, data and acknowledgements riding the fabric;
//   mesh_2d    (4xp150, FABRIC_2D) sockets along both diagonals of a 2 x 2
//              mesh, whose routes turn; on FABRIC_1D refused, as tt-metal does;
//   submeshes  (p300, FABRIC_1D) the same between two meshes: 1 x 1
//              submeshes of the two chips, each run from its own queue;
//   errors     (p300) what tt-metal refuses, with its messages, a page
//              size the kernel side refuses, and a receiver with no
//              sender, whose wait is a deadlock naming it;
//   ttmetal_kernels CHECKOUT  tt-metal's own socket test kernels (sender.cpp,
//              receiver_worker.cpp) from a checkout, unchanged: the bytes
//              must arrive (skipped, exit 77, without one);
//   ranks      under mpirun -np 2 (p300, FABRIC_1D): a P300's chips on two
//              ranks, each making its end; the ends are exchanged and
//              checked, and the bytes cross from rank 0's chip to rank 1's
//              over the fabric; a FIFO size or a receiver core the ends
//              disagree on is refused as tt-metal's handshake refuses it,
//              and an end on the other rank's device; alone (one rank),
//              both ends on rank 0 are refused.
#include <filesystem>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/distributed_context.hpp>
#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt-metalium/experimental/sockets/mesh_socket.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include "what_of.h"

#ifndef OVERRIDE_KERNEL_PREFIX
#define OVERRIDE_KERNEL_PREFIX ""
#endif

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;
using tt::tt_fabric::FabricConfig;

namespace {

constexpr uint32_t kPage = 256;
constexpr uint32_t kPages = 24;
constexpr uint32_t kBytes = kPage * kPages;

std::string kernel(const char* name) { return std::string(OVERRIDE_KERNEL_PREFIX "sockets/kernels/") + name; }

std::shared_ptr<MeshBuffer> dram_buffer(MeshDevice& mesh, uint32_t page) {
  return MeshBuffer::create(ReplicatedBufferConfig{.size = kPages * page},
                            DeviceLocalBufferConfig{.page_size = page, .buffer_type = BufferType::DRAM}, &mesh);
}

// What bytes_sent and bytes_acked end at: the pages, plus the FIFO's unused
// tail each time the write pointer wraps past it.
uint32_t final_count(uint32_t fifo, uint32_t page, uint32_t pages) {
  const uint32_t usable = fifo - fifo % page;
  uint32_t count = 0, at = 0;
  for (uint32_t i = 0; i < pages; ++i) {
    at += page;
    count += page;
    if (at >= usable) {
      at -= usable;
      count += fifo - usable;
    }
  }
  return count;
}

// One end's kernel on a core: the socket kernels' compile-time args.
KernelHandle add_end(Program& program, const char* name, const CoreCoord& core, const MeshSocket& socket, uint32_t page,
                     bool over_fabric, const MeshBuffer& buffer) {
  std::vector<uint32_t> cta = {static_cast<uint32_t>(socket.get_config_buffer()->address()), page, kPages,
                               over_fabric ? 1u : 0u};
  TensorAccessorArgs(buffer).append_to(cta);
  if (socket.get_socket_endpoint_type() == SocketEndpoint::SENDER)
    CreateCircularBuffer(
        program, core,
        CircularBufferConfig(page, {{tt::CBIndex::c_0, tt::DataFormat::UInt32}}).set_page_size(tt::CBIndex::c_0, page));
  return CreateKernel(
      program, kernel(name), core,
      DataMovementConfig{
          .processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default, .compile_args = cta});
}

std::vector<uint32_t> pattern(uint32_t seed, uint32_t page) {
  std::vector<uint32_t> words(kPages * page / 4);
  std::iota(words.begin(), words.end(), seed << 20);
  return words;
}

void run(MeshDevice& mesh, MeshWorkload& workload) {
  EnqueueMeshWorkload(mesh.mesh_command_queue(), workload, false);
  Finish(mesh.mesh_command_queue());
}

void check_words(const std::vector<uint32_t>& got, const std::vector<uint32_t>& want, const std::string& what) {
  TT_FATAL(got.size() == want.size(), "{}: {} words, expected {}", what, got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i)
    TT_FATAL(got[i] == want[i], "{}: word {} (page {}) is {:#x}, expected {:#x}", what, i, i * 4 / kPage, got[i],
             want[i]);
}

// Both ends' counters in their config blocks, after the kernels kept them:
// the sender's bytes_sent (word 0 of its block) and its downstream's
// bytes_acked (after the 32-byte metadata, 16 bytes each), the receiver's
// bytes_sent (word 0) and bytes_acked (word 4). Blocks go in the cores'
// row-major order.
struct Ends {
  uint32_t sender_block, downstream, receiver_block;
};
void check_counters(const MeshSocket& sender, const MeshSocket& receiver, const MeshCoordinate& send_at,
                    const MeshCoordinate& recv_at, Ends e, uint32_t want) {
  std::vector<uint32_t> s, r;
  ReadShard(sender.get_mesh_device()->mesh_command_queue(), s, sender.get_config_buffer(), send_at);
  ReadShard(receiver.get_mesh_device()->mesh_command_queue(), r, receiver.get_config_buffer(), recv_at);
  const uint32_t sb = e.sender_block * sender.get_config_buffer()->page_size() / 4;
  const uint32_t rb = e.receiver_block * receiver.get_config_buffer()->page_size() / 4;
  const uint32_t got[4] = {s.at(sb), s.at(sb + 8 + 4 * e.downstream), r.at(rb), r.at(rb + 4)};
  const char* names[4] = {"sender's bytes_sent", "sender's bytes_acked", "receiver's bytes_sent",
                          "receiver's bytes_acked"};
  for (int i = 0; i < 4; ++i)
    TT_FATAL(got[i] == want, "receiver block {}: {} is {}, expected {}", e.receiver_block, names[i], got[i], want);
}

// Sets every counter of a fresh socket's config blocks (the senders'
// bytes_sent and bytes_acked, the receivers' bytes_sent and bytes_acked)
// to `start`, as if that many bytes had passed already.
void seed_counters(const MeshSocket& sender, const MeshSocket& receiver, const MeshCoordinate& at, uint32_t start) {
  for (const MeshSocket* end : {&sender, &receiver}) {
    std::vector<uint32_t> words;
    ReadShard(end->get_mesh_device()->mesh_command_queue(), words, end->get_config_buffer(), at);
    const uint32_t block = end->get_config_buffer()->page_size() / 4;
    for (uint32_t b = 0; b * block < words.size(); ++b) {
      const bool is_sender = end == &sender;
      words[b * block] = start;  // bytes_sent
      if (is_sender) {
        for (uint32_t d = 0; d < words[b * block + 1]; ++d) words[b * block + 8 + 4 * d] = start;  // bytes_acked
      } else {
        words[b * block + 4] = start;  // bytes_acked
      }
    }
    WriteShard(end->get_mesh_device()->mesh_command_queue(), end->get_config_buffer(), words, at, true);
  }
}

// One socket of `conns` on one chip: a sender kernel per sender core (its
// own input, sent to each of its receivers), a receiver kernel per
// receiver core (its own output, which must be its sender's input); the
// counters start at `start`.
void one_chip_socket(const std::shared_ptr<MeshDevice>& mesh, const std::vector<SocketConnection>& conns, uint32_t fifo,
                     const std::vector<Ends>& ends, uint32_t start = 0) {
  const MeshCoordinate at(0, 0);
  auto [sender, receiver] =
      MeshSocket::create_socket_pair(mesh, mesh, SocketConfig(conns, SocketMemoryConfig(BufferType::L1, fifo)));
  if (start != 0) seed_counters(sender, receiver, at, start);
  TT_FATAL(receiver.get_data_buffer()->page_size() == fifo, "a receiver's FIFO is fifo_size bytes");
  TT_FATAL(sender.get_active_cores().front() == conns.front().sender_core &&
               receiver.get_active_cores().back() == conns.back().receiver_core,
           "active cores are each end's cores, in connection order");
  Program program = CreateProgram();
  std::map<CoreCoord, std::shared_ptr<MeshBuffer>> ins;  // alive until the run
  std::vector<std::shared_ptr<MeshBuffer>> outs;
  std::map<CoreCoord, std::vector<uint32_t>> sent;
  for (const auto& c : conns) {
    const CoreCoord s = c.sender_core.core_coord, r = c.receiver_core.core_coord;
    if (!ins.contains(s)) {
      auto in = dram_buffer(*mesh, kPage);
      sent[s] = pattern(static_cast<uint32_t>(ins.size() + 1), kPage);
      EnqueueWriteMeshBuffer(mesh->mesh_command_queue(), in, sent[s], true);
      SetRuntimeArgs(program, add_end(program, "socket_sender.cpp", s, sender, kPage, false, *in), s,
                     {static_cast<uint32_t>(in->address())});
      ins[s] = in;
    }
    outs.push_back(dram_buffer(*mesh, kPage));
    SetRuntimeArgs(program, add_end(program, "socket_receiver.cpp", r, receiver, kPage, false, *outs.back()), r,
                   {static_cast<uint32_t>(outs.back()->address())});
  }
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(at, at), std::move(program));
  run(*mesh, workload);
  for (uint32_t c = 0; c < conns.size(); ++c) {
    std::vector<uint32_t> got;
    ReadShard(mesh->mesh_command_queue(), got, outs[c], at);
    check_words(got, sent[conns[c].sender_core.core_coord], fmt::format("fifo {} connection {}", fifo, c));
    check_counters(sender, receiver, at, at, ends[c], start + final_count(fifo, kPage, kPages));
  }
}

void one_chip() {
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 1)));
  const MeshCoordinate at(0, 0);
  const auto core = [&](uint32_t x, uint32_t y) { return MeshCoreCoord(at, CoreCoord(x, y)); };
  for (const uint32_t fifo : {2 * kBytes, kBytes / 4, 1000u}) {
    // Two senders, a receiver each.
    one_chip_socket(mesh, {SocketConnection(core(0, 0), core(2, 1)), SocketConnection(core(1, 0), core(3, 1))}, fifo,
                    {{0, 0, 0}, {1, 0, 1}});
    // One sender feeding two receivers: both must take each page before it reuses the FIFO slot.
    one_chip_socket(mesh, {SocketConnection(core(0, 0), core(2, 1)), SocketConnection(core(0, 0), core(3, 1))}, fifo,
                    {{0, 0, 0}, {0, 1, 1}});
  }
  // Counters 4 KiB short of 2^32: they wrap mid-transfer, as after 4 GiB through a socket.
  one_chip_socket(mesh, {SocketConnection(core(0, 0), core(2, 1)), SocketConnection(core(0, 0), core(3, 1))},
                  kBytes / 4, {{0, 0, 0}, {0, 1, 1}}, 0xFFFFF000u);
  mesh->close();
}

void expect_error(const std::function<void()>& f, const std::string& want, const char* what) {
  const std::string error = what_of(f);
  TT_FATAL(error.find(want) != std::string::npos, "{}: expected '{}' in: {}", what, want, error);
}

using Ends2 = std::vector<std::pair<MeshCoreCoord, MeshCoreCoord>>;

// A socket per pair of ends, each between two chips of one mesh, all run at
// once over the fabric; each must deliver its sender's bytes.
void between_chips(FabricConfig fabric, const MeshShape& shape, const Ends2& ends) {
  tt::tt_fabric::SetFabricConfig(fabric);
  auto mesh = MeshDevice::create(MeshDeviceConfig(shape));
  constexpr uint32_t page = 512, fifo = 3 * page;
  std::vector<MeshSocket> sockets;
  std::vector<std::shared_ptr<MeshBuffer>> ins, outs;  // alive until the run
  std::vector<std::vector<uint32_t>> wants;
  std::map<MeshCoordinate, Program> programs;
  for (uint32_t k = 0; k < ends.size(); ++k) {
    const auto& [from, to] = ends[k];
    auto [sender, receiver] = MeshSocket::create_socket_pair(
        mesh, mesh, SocketConfig({SocketConnection(from, to)}, SocketMemoryConfig(BufferType::L1, fifo)));
    TT_FATAL(sender.get_fabric_node_id(SocketEndpoint::RECEIVER, to.device_coord) ==
                 mesh->get_fabric_node_id(to.device_coord),
             "a socket names its ends' fabric nodes");
    auto in = dram_buffer(*mesh, page);
    auto out = dram_buffer(*mesh, page);
    wants.push_back(pattern(k + 7, page));
    WriteShard(mesh->mesh_command_queue(), in, wants.back(), from.device_coord, true);
    const auto node = [&](const MeshCoordinate& c) { return mesh->get_fabric_node_id(c); };
    Program& sp = programs[from.device_coord];
    std::vector<uint32_t> send_args = {static_cast<uint32_t>(in->address())};
    tt::tt_fabric::append_fabric_connection_rt_args(node(from.device_coord), node(to.device_coord), 0, sp,
                                                    from.core_coord, send_args);
    SetRuntimeArgs(sp, add_end(sp, "socket_sender.cpp", from.core_coord, sender, page, true, *in), from.core_coord,
                   send_args);
    Program& rp = programs[to.device_coord];
    std::vector<uint32_t> recv_args = {static_cast<uint32_t>(out->address())};
    tt::tt_fabric::append_fabric_connection_rt_args(node(to.device_coord), node(from.device_coord), 0, rp,
                                                    to.core_coord, recv_args);
    SetRuntimeArgs(rp, add_end(rp, "socket_receiver.cpp", to.core_coord, receiver, page, true, *out), to.core_coord,
                   recv_args);
    sockets.push_back(std::move(sender));
    sockets.push_back(std::move(receiver));
    ins.push_back(in);
    outs.push_back(out);
  }
  MeshWorkload workload;
  for (auto& [at, program] : programs) workload.add_program(MeshCoordinateRange(at, at), std::move(program));
  run(*mesh, workload);
  for (uint32_t k = 0; k < ends.size(); ++k) {
    std::vector<uint32_t> got;
    ReadShard(mesh->mesh_command_queue(), got, outs[k], ends[k].second.device_coord);
    check_words(
        got, wants[k],
        fmt::format("socket {} (device {} to device {})", k, ends[k].first.device_coord, ends[k].second.device_coord));
    check_counters(sockets[2 * k], sockets[2 * k + 1], ends[k].first.device_coord, ends[k].second.device_coord,
                   {0, 0, 0}, final_count(fifo, page, kPages));
  }
  mesh->close();
  tt::tt_fabric::SetFabricConfig(FabricConfig::DISABLED);
}

// A P300's two chips, a socket each way over a 1-D fabric (hops encode the peer).
void two_chips() {
  const MeshCoordinate a(0, 0), b(0, 1);
  between_chips(FabricConfig::FABRIC_1D, MeshShape(1, 2),
                {{MeshCoreCoord(a, CoreCoord(0, 0)), MeshCoreCoord(b, CoreCoord(1, 1))},
                 {MeshCoreCoord(b, CoreCoord(2, 2)), MeshCoreCoord(a, CoreCoord(3, 3))}});
}

// The diagonals of a 2 x 2 mesh over a 2-D fabric (mesh and chip ids encode
// the peer; routes turn); a 1-D fabric cannot join them, as tt-metal says.
void mesh_2d() {
  const MeshCoordinate a(0, 0), b(0, 1), c(1, 0), d(1, 1);
  const Ends2 diagonals = {{MeshCoreCoord(a, CoreCoord(0, 0)), MeshCoreCoord(d, CoreCoord(1, 1))},
                           {MeshCoreCoord(c, CoreCoord(2, 2)), MeshCoreCoord(b, CoreCoord(3, 3))}};
  between_chips(FabricConfig::FABRIC_2D, MeshShape(2, 2), diagonals);
  tt::tt_fabric::SetFabricConfig(FabricConfig::FABRIC_1D);
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(2, 2)));
  expect_error(
      [&] {
        MeshSocket::create_socket_pair(mesh, mesh,
                                       SocketConfig({SocketConnection(diagonals[0].first, diagonals[0].second)},
                                                    SocketMemoryConfig(BufferType::L1, 1024)));
      },
      "Sender and receiver chips must be in the same row or column when using 1D Line Fabric", "a diagonal on 1-D");
  mesh->close();
  tt::tt_fabric::SetFabricConfig(FabricConfig::DISABLED);
}

// Between two meshes: 1 x 1 submeshes of a P300's chips, each with its own
// queue; the socket's ends are the two meshes' (0, 0).
void submeshes() {
  tt::tt_fabric::SetFabricConfig(FabricConfig::FABRIC_1D);
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 2)));
  auto from = mesh->create_submesh(MeshShape(1, 1), MeshCoordinate(0, 0));
  auto to = mesh->create_submesh(MeshShape(1, 1), MeshCoordinate(0, 1));
  constexpr uint32_t page = 1024, fifo = 2 * page + 512;  // a 512-byte tail
  const MeshCoordinate at(0, 0);
  const MeshCoreCoord s(at, CoreCoord(4, 4)), r(at, CoreCoord(5, 5));
  auto [sender, receiver] = MeshSocket::create_socket_pair(
      from, to, SocketConfig({SocketConnection(s, r)}, SocketMemoryConfig(BufferType::L1, fifo)));
  TT_FATAL(sender.get_mesh_device() == from.get() && receiver.get_mesh_device() == to.get(),
           "each end lives on its own mesh");
  TT_FATAL(
      receiver.get_fabric_node_id(SocketEndpoint::SENDER, at) == mesh->get_fabric_node_id(MeshCoordinate(0, 0)) &&
          receiver.get_fabric_node_id(SocketEndpoint::RECEIVER, at) == mesh->get_fabric_node_id(MeshCoordinate(0, 1)),
      "the ends' fabric nodes are the two chips'");
  auto in = dram_buffer(*from, page);
  auto out = dram_buffer(*to, page);
  auto want = pattern(9, page);
  WriteShard(from->mesh_command_queue(), in, want, at, true);
  Program send = CreateProgram(), recv = CreateProgram();
  std::vector<uint32_t> send_args = {static_cast<uint32_t>(in->address())};
  tt::tt_fabric::append_fabric_connection_rt_args(from->get_fabric_node_id(at), to->get_fabric_node_id(at), 0, send,
                                                  s.core_coord, send_args);
  SetRuntimeArgs(send, add_end(send, "socket_sender.cpp", s.core_coord, sender, page, true, *in), s.core_coord,
                 send_args);
  std::vector<uint32_t> recv_args = {static_cast<uint32_t>(out->address())};
  tt::tt_fabric::append_fabric_connection_rt_args(to->get_fabric_node_id(at), from->get_fabric_node_id(at), 0, recv,
                                                  r.core_coord, recv_args);
  SetRuntimeArgs(recv, add_end(recv, "socket_receiver.cpp", r.core_coord, receiver, page, true, *out), r.core_coord,
                 recv_args);
  MeshWorkload send_work, recv_work;
  send_work.add_program(MeshCoordinateRange(at, at), std::move(send));
  recv_work.add_program(MeshCoordinateRange(at, at), std::move(recv));
  EnqueueMeshWorkload(from->mesh_command_queue(), send_work, false);
  EnqueueMeshWorkload(to->mesh_command_queue(), recv_work, false);
  Finish(from->mesh_command_queue());
  Finish(to->mesh_command_queue());
  std::vector<uint32_t> got;
  ReadShard(to->mesh_command_queue(), got, out, at);
  check_words(got, want, "submesh to submesh");
  check_counters(sender, receiver, at, at, {0, 0, 0}, final_count(fifo, page, kPages));
  mesh->close();
  tt::tt_fabric::SetFabricConfig(FabricConfig::DISABLED);
}

void errors() {
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 2)));
  const MeshCoordinate a(0, 0), b(0, 1);
  const MeshCoreCoord s(a, CoreCoord(0, 0)), r(a, CoreCoord(1, 0)), far(b, CoreCoord(1, 0));
  const SocketMemoryConfig mem(BufferType::L1, 1024);
  const auto pair = [&](std::vector<SocketConnection> conns,
                        SocketMemoryConfig m = SocketMemoryConfig(BufferType::L1, 1024)) {
    return [=] { MeshSocket::create_socket_pair(mesh, mesh, SocketConfig(conns, m)); };
  };
  // As tt-metal: a core may be both a sender and a receiver.
  expect_error(pair({SocketConnection(s, MeshCoreCoord(a, s.core_coord))}), "no throw",
               "sender and receiver on one core");
  expect_error(pair({}), "Socket connection config cannot be empty.", "no connections");
  expect_error(pair({SocketConnection(s, r), SocketConnection(MeshCoreCoord(a, CoreCoord(2, 0)), r)}),
               "Cannot reuse receiver cores in a single socket.", "a receiver core twice");
  expect_error(pair({SocketConnection(s, r)}, SocketMemoryConfig(BufferType::L1, 0)), "fifo_size is 0",
               "an empty FIFO");
  expect_error(pair({SocketConnection(s, far)}), "Can only create multi-device sockets with fabric enabled.",
               "between chips without the fabric");
  expect_error(pair({SocketConnection(s, MeshCoreCoord(a, CoreCoord(0, 99)))}), "outside the worker grid",
               "a core off the grid");
  expect_error(pair({SocketConnection(s, MeshCoreCoord(MeshCoordinate(0, 5), CoreCoord(0, 0)))}),
               "is outside the receiver mesh", "a device off the mesh");
  expect_error(pair({SocketConnection(s, r)}, SocketMemoryConfig(BufferType::DRAM, 1024)),
               "FIFOs in DRAM need DRAM-sharded buffers", "FIFOs in DRAM");
  auto [sender, receiver] = MeshSocket::create_socket_pair(mesh, mesh, SocketConfig({SocketConnection(s, r)}, mem));
  expect_error([&] { (void)sender.get_data_buffer(); }, "Cannot access the data buffer for a sender socket.",
               "a sender's data buffer");
  // A page the sender's kernel refuses: not a multiple of the L1 alignment.
  Program program = CreateProgram();
  auto in = dram_buffer(*mesh, 100);
  const KernelHandle k = add_end(program, "socket_sender.cpp", s.core_coord, sender, 100, false, *in);
  SetRuntimeArgs(program, k, s.core_coord, {static_cast<uint32_t>(in->address())});
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(a, a), std::move(program));
  expect_error([&] { run(*mesh, workload); },
               "set_sender_socket_page_size: the page size must be a non-zero multiple of L1_ALIGNMENT (16)",
               "a 100-byte page");
  // A receiver whose sender never runs: its wait blocks (no spinning), and
  // with nothing else to run that is a deadlock naming the call.
  Program lone = CreateProgram();
  auto out = dram_buffer(*mesh, kPage);
  const KernelHandle rk = add_end(lone, "socket_receiver.cpp", r.core_coord, receiver, kPage, false, *out);
  SetRuntimeArgs(lone, rk, r.core_coord, {static_cast<uint32_t>(out->address())});
  MeshWorkload lone_work;
  lone_work.add_program(MeshCoordinateRange(a, a), std::move(lone));
  expect_error([&] { run(*mesh, lone_work); }, "waits in socket_wait_for_pages", "a receiver with no sender");
  mesh->close();
  // A fabric tt-metal's sockets do not ride.
  tt::tt_fabric::SetFabricConfig(FabricConfig::FABRIC_1D_NEIGHBOR_EXCHANGE);
  mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 2)));
  expect_error(pair({SocketConnection(s, far)}), "Unsupported Fabric Config for Sockets specified",
               "between chips on a neighbour-exchange fabric");
  mesh->close();
  tt::tt_fabric::SetFabricConfig(FabricConfig::DISABLED);
}

void ranks(int argc, char** argv) {
  using multihost::DistributedContext;
  using multihost::Rank;
  DistributedContext::create(argc, argv);
  const auto& world = DistributedContext::get_current_world();
  const int me = *world->rank();
  if (*world->size() == 1) {
    auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 1)));
    const MeshCoreCoord s(MeshCoordinate(0, 0), CoreCoord(0, 0)), r(MeshCoordinate(0, 0), CoreCoord(1, 0));
    expect_error(
        [&] {
          (void)MeshSocket(mesh, SocketConfig({SocketConnection(s, r)}, SocketMemoryConfig(BufferType::L1, 1024),
                                              Rank{0}, Rank{0}));
        },
        "sender and receiver are both rank 0", "both ends on one rank");
    mesh->close();
    return;
  }
  // A P300's two chips, one per rank: the socket's data and acknowledgements
  // ride the fabric between the ranks.
  TT_FATAL(*world->size() == 2, "run under mpirun -np 2 (or alone)");
  tt::tt_fabric::SetFabricConfig(FabricConfig::FABRIC_1D);
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 2)));
  const MeshCoordinate a(0, 0), b(0, 1);
  const MeshCoreCoord from(a, CoreCoord(0, 0)), to(b, CoreCoord(1, 1));
  constexpr uint32_t page = 512, fifo = 3 * page;
  MeshSocket socket(mesh, SocketConfig({SocketConnection(from, to)}, SocketMemoryConfig(BufferType::L1, fifo), Rank{0},
                                       Rank{1}));
  TT_FATAL(socket.get_socket_endpoint_type() == (me == 0 ? SocketEndpoint::SENDER : SocketEndpoint::RECEIVER),
           "rank {} makes the {} end", me, me == 0 ? "sender" : "receiver");
  TT_FATAL(socket.get_fabric_node_id(SocketEndpoint::RECEIVER, b) == mesh->get_fabric_node_id(b),
           "the socket names the other rank's chip");
  auto in = dram_buffer(*mesh, page);
  auto out = dram_buffer(*mesh, page);
  auto want = pattern(5, page);
  const auto node = [&](const MeshCoordinate& c) { return mesh->get_fabric_node_id(c); };
  Program program = CreateProgram();
  if (me == 0) {
    WriteShard(mesh->mesh_command_queue(), in, want, a, true);
    std::vector<uint32_t> args = {static_cast<uint32_t>(in->address())};
    tt::tt_fabric::append_fabric_connection_rt_args(node(a), node(b), 0, program, from.core_coord, args);
    SetRuntimeArgs(program, add_end(program, "socket_sender.cpp", from.core_coord, socket, page, true, *in),
                   from.core_coord, args);
  } else {
    std::vector<uint32_t> args = {static_cast<uint32_t>(out->address())};
    tt::tt_fabric::append_fabric_connection_rt_args(node(b), node(a), 0, program, to.core_coord, args);
    SetRuntimeArgs(program, add_end(program, "socket_receiver.cpp", to.core_coord, socket, page, true, *out),
                   to.core_coord, args);
  }
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(me == 0 ? a : b, me == 0 ? a : b), std::move(program));
  run(*mesh, workload);
  if (me == 1) {
    std::vector<uint32_t> got;
    ReadShard(mesh->mesh_command_queue(), got, out, b);
    check_words(got, want, "the socket from rank 0's chip to rank 1's");
  }
  world->barrier();

  // Ends that disagree are refused on both ranks, as tt-metal's handshake
  // refuses them: another FIFO size, another receiver core.
  const uint32_t other_fifo = me == 0 ? 1024 : 2048;
  expect_error(
      [&] {
        (void)MeshSocket(mesh, SocketConfig({SocketConnection(from, to)},
                                            SocketMemoryConfig(BufferType::L1, other_fifo), Rank{0}, Rank{1}));
      },
      "Mismatch in socket FIFO size during handshake.", "ends that disagree");
  const MeshCoreCoord other_to(b, CoreCoord(me == 0 ? 1 : 2, 0));
  expect_error(
      [&] {
        (void)MeshSocket(mesh, SocketConfig({SocketConnection(from, other_to)}, SocketMemoryConfig(BufferType::L1, 1024),
                                            Rank{0}, Rank{1}));
      },
      "Mismatch in receiver core during handshake.", "ends that name different receivers");
  // A sender on the other rank's device is refused before any exchange.
  expect_error(
      [&] {
        (void)MeshSocket(mesh, SocketConfig({SocketConnection(MeshCoreCoord(b, CoreCoord(0, 0)),
                                                              MeshCoreCoord(a, CoreCoord(1, 1)))},
                                            SocketMemoryConfig(BufferType::L1, 1024), Rank{0}, Rank{1}));
      },
      "is another rank's", "ends on the wrong ranks");
  world->barrier();
  mesh->close();
  tt::tt_fabric::SetFabricConfig(FabricConfig::DISABLED);
}

// tt-metal's own socket test kernels, unchanged, from a checkout:
// sender.cpp reads pages from an L1 buffer on its core and receiver_worker.cpp
// writes them into one on its own, through a FIFO an eighth of the data.
// Exits 77 (skipped) without a checkout.
int ttmetal_kernels(const std::string& checkout) {
  const std::string dir = checkout + "/tests/tt_metal/tt_metal/test_kernels/misc/socket/";
  if (checkout.empty() || !std::filesystem::exists(dir + "sender.cpp")) {
    fmt::print("skipped: no tt-metal checkout with {}sender.cpp (configure with -DZYXTT_TTMETAL_CHECKOUT=...)\n", dir);
    return 77;
  }
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 1)));
  const MeshCoordinate at(0, 0);
  const CoreCoord s(0, 0), r(0, 1);
  constexpr uint32_t page = 64, data = 8192, fifo = data / 8;
  auto [sender, receiver] = MeshSocket::create_socket_pair(
      mesh, mesh,
      SocketConfig({SocketConnection(MeshCoreCoord(at, s), MeshCoreCoord(at, r))},
                   SocketMemoryConfig(BufferType::L1, fifo)));
  const auto l1_buffer = [&](const CoreCoord& core) {
    const ShardSpecBuffer spec(CoreRangeSet(CoreRange(core)), {1, 1}, ShardOrientation::ROW_MAJOR, {1, 1}, {1, 1});
    return MeshBuffer::create(
        ReplicatedBufferConfig{.size = data},
        DeviceLocalBufferConfig{.page_size = data,
                                .buffer_type = BufferType::L1,
                                .sharding_args = BufferShardingArgs(spec, TensorMemoryLayout::HEIGHT_SHARDED)},
        mesh.get());
  };
  auto in = l1_buffer(s), out = l1_buffer(r);
  std::vector<uint32_t> want(data / 4);
  std::iota(want.begin(), want.end(), 0xC0DE0000u);
  WriteShard(mesh->mesh_command_queue(), in, want, at, true);
  const auto config = [](const MeshSocket& end) { return static_cast<uint32_t>(end.get_config_buffer()->address()); };
  const auto dm = [](std::vector<uint32_t> args) {
    return DataMovementConfig{
        .processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default, .compile_args = std::move(args)};
  };
  Program program = CreateProgram();
  CreateKernel(program, dir + "sender.cpp", s, dm({config(sender), static_cast<uint32_t>(in->address()), page, data}));
  CreateKernel(program, dir + "receiver_worker.cpp", r,
               dm({config(receiver), static_cast<uint32_t>(out->address()), page, data, 1}));
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(at, at), std::move(program));
  run(*mesh, workload);
  std::vector<uint32_t> got;
  ReadShard(mesh->mesh_command_queue(), got, out, at);
  check_words(got, want, "tt-metal's sender.cpp to receiver_worker.cpp");
  mesh->close();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "one_chip";
  if (which == "one_chip") {
    one_chip();
  } else if (which == "two_chips") {
    two_chips();
  } else if (which == "mesh_2d") {
    mesh_2d();
  } else if (which == "submeshes") {
    submeshes();
  } else if (which == "errors") {
    errors();
  } else if (which == "ttmetal_kernels") {
    if (const int status = ttmetal_kernels(argc > 2 ? argv[2] : ""); status != 0) return status;
  } else if (which == "ranks") {
    ranks(argc, argv);
  } else {
    fmt::print(stderr, "unknown case {}\n", which);
    return 2;
  }
  fmt::print("sockets {}: passed\n", which);
  return 0;
}
