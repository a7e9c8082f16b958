// Ethernet between emulated chips. With ZYX_TT_CLUSTER=4xp150 (a 2 x 2 mesh,
// each chip linked to its neighbours):
//   ring      a tile goes around the ring 0 -> 1 -> 3 -> 2 -> 0 over ethernet
//             kernels, each chip's receiving core adding one to every word
//             and leaving a copy in its DRAM; every copy is checked against
//             the host's sums;
//   unlinked  a send on a channel with no link fails naming chip and channel;
//   deadlock  a receiver waiting for bytes no chip sends is reported as a
//             deadlock across chips, naming chip, core and call.
#include <map>
#include <numeric>
#include <string>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt_metal/impl/kernels/kernel.hpp>

#include "what_of.h"

#ifndef OVERRIDE_KERNEL_PREFIX
#define OVERRIDE_KERNEL_PREFIX ""
#endif

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

constexpr uint32_t kTileBytes = 4096;

std::string kernel(const char* name) { return std::string(OVERRIDE_KERNEL_PREFIX "eth_ring/kernels/") + name; }

// Each chip's place in the mesh.
std::map<int, MeshCoordinate> coords_of(MeshDevice& mesh) {
  std::map<int, MeshCoordinate> out;
  for (const MeshCoordinate& c : MeshCoordinateRange(mesh.shape())) out.emplace(mesh.get_device(c)->id(), c);
  return out;
}

std::shared_ptr<MeshBuffer> tile_buffer(MeshDevice& mesh) {
  return MeshBuffer::create(ReplicatedBufferConfig{.size = kTileBytes},
                            DeviceLocalBufferConfig{.page_size = kTileBytes, .buffer_type = BufferType::DRAM}, &mesh);
}

std::vector<uint32_t> accessor_args(const MeshBuffer& buffer) {
  std::vector<uint32_t> cta;
  TensorAccessorArgs(buffer).append_to(cta);
  return cta;
}

void ring() {
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(2, 2)));
  const std::map<int, MeshCoordinate> at = coords_of(*mesh);
  const std::vector<int> order = {0, 1, 3, 2};
  auto src = tile_buffer(*mesh);
  auto copies = tile_buffer(*mesh);
  std::vector<uint32_t> tile(kTileBytes / 4);
  std::iota(tile.begin(), tile.end(), 1000u);
  EnqueueWriteMeshBuffer(mesh->mesh_command_queue(), src, tile, true);
  const uint32_t l1 = hal::get_erisc_l1_unreserved_base();

  std::map<int, Program> programs;
  for (int chip : order) programs.emplace(chip, CreateProgram());
  for (size_t hop = 0; hop < order.size(); ++hop) {
    const int from = order[hop], to = order[(hop + 1) % order.size()];
    IDevice* sender_chip = mesh->get_device(at.at(from));
    const std::vector<CoreCoord> sockets = sender_chip->get_ethernet_sockets(to);
    TT_FATAL(!sockets.empty(), "chip {} has no link to chip {}", from, to);
    const CoreCoord out = sockets.front();
    const auto [peer_chip, in] = sender_chip->get_connected_ethernet_core(out);
    TT_FATAL(peer_chip == to, "chip {}'s socket towards {} leads to chip {}", from, to, peer_chip);
    TT_FATAL(sender_chip->is_active_ethernet_core(out), "a socket is an active ethernet core");

    const KernelHandle send = CreateKernel(programs.at(from), kernel("ring_send.cpp"), out,
                                           EthernetConfig{.noc = NOC::NOC_0, .compile_args = accessor_args(*src)});
    SetRuntimeArgs(programs.at(from), send, out, {kTileBytes, l1, from == order.front() ? 1u : 0u, src->address()});

    // The receiving end on `to` forwards to `to`'s own sending core, unless the tile is home.
    const bool home = to == order.front();
    const int next = order[(hop + 2) % order.size()];
    const CoreCoord onward = home ? CoreCoord{0, 0} : mesh->get_device(at.at(to))->get_ethernet_sockets(next).front();
    const CoreCoord onward_noc = mesh->get_device(at.at(to))->ethernet_core_from_logical_core(onward);
    const KernelHandle receive = CreateKernel(programs.at(to), kernel("ring_receive.cpp"), in,
                                              EthernetConfig{.noc = NOC::NOC_0, .compile_args = accessor_args(*copies)});
    SetRuntimeArgs(programs.at(to), receive, in,
                   {kTileBytes, l1, copies->address(), home ? 0u : 1u, static_cast<uint32_t>(onward_noc.x),
                    static_cast<uint32_t>(onward_noc.y)});
  }
  MeshWorkload workload;
  for (int chip : order) workload.add_program(MeshCoordinateRange(at.at(chip), at.at(chip)), std::move(programs.at(chip)));
  EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, false);
  Finish(mesh->mesh_command_queue());

  for (size_t hop = 1; hop <= order.size(); ++hop) {
    const int chip = order[hop % order.size()];
    std::vector<uint32_t> got;
    ReadShard(mesh->mesh_command_queue(), got, copies, at.at(chip));
    std::vector<uint32_t> want(tile);
    for (uint32_t& w : want) w += static_cast<uint32_t>(hop);
    TT_FATAL(got == want, "chip {} (hop {}) holds {} at word 0, expected {}", chip, hop, got.at(0), want.at(0));
  }
}

void unlinked() {
  auto mesh = MeshDevice::create_unit_mesh(0);
  const std::unordered_set<CoreCoord> idle = mesh->get_inactive_ethernet_cores();
  TT_FATAL(!idle.empty() && mesh->get_active_ethernet_cores().size() + idle.size() == 14,
           "a chip of a 2 x 2 mesh has idle ethernet channels");
  const CoreCoord core = *std::min_element(idle.begin(), idle.end());
  Program program = CreateProgram();
  const KernelHandle k = CreateKernel(program, kernel("send_unlinked.cpp"), core, EthernetConfig{});
  SetRuntimeArgs(program, k, core, {hal::get_erisc_l1_unreserved_base()});
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
  const std::string error = what_of([&] {
    EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, true);
    Finish(mesh->mesh_command_queue());
  });
  const std::string want = "ethernet core (channel " + std::to_string(core.y) + ") ERISC0: eth_send_packet: ethernet channel " +
                           std::to_string(core.y) + " of chip 0 has no link to another chip";
  TT_FATAL(error.find(want) != std::string::npos, "a send without a link: {}", error);
}

void deadlock() {
  auto mesh = MeshDevice::create_unit_mesh(0);
  const CoreCoord core = *mesh->get_active_ethernet_cores().begin();
  Program program = CreateProgram();
  const KernelHandle k = CreateKernel(program, kernel("wait_forever.cpp"), core, EthernetConfig{});
  SetRuntimeArgs(program, k, core, {64});
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
  const std::string error = what_of([&] {
    EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, true);
    Finish(mesh->mesh_command_queue());
  });
  const std::string want = "deadlock across chips: no kernel on chip 0 can make progress";
  const std::string waiter = "chip 0 ethernet core (channel " + std::to_string(core.y) + ") ERISC0 waits in eth_wait_for_bytes";
  TT_FATAL(error.find(want) != std::string::npos && error.find(waiter) != std::string::npos,
           "a receiver nobody sends to: {}", error);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "ring";
  if (what == "ring") ring();
  else if (what == "unlinked") unlinked();
  else if (what == "deadlock") deadlock();
  else TT_THROW("unknown case {} (ring, unlinked, deadlock)", what);
  return 0;
}
