// The fabric between emulated chips, each case checked against the host's data:
//   line      (ZYX_TT_CLUSTER=1x4, FABRIC_1D) an all-gather along the line:
//             each chip multicasts its block east and west and counts the
//             others' arrivals in an L1 word; every chip's gathered buffer
//             must be the four input blocks in order;
//   mesh      (ZYX_TT_CLUSTER=4xp150, FABRIC_2D) the same over a 2 x 2 mesh
//             by 2-D unicasts, each writing and incrementing in one packet;
//   multicast (4xp150, FABRIC_2D) chip (0, 0) reaches the three others by a
//             spine south branching east and a line east, ten runs over;
//   no_route  (1x4, FABRIC_1D) a unicast four hops east of the line's first
//             chip fails naming chip, core and role (so the kernel), the
//             packet and where its route ends;
//   unsent    (1x4) a chip waiting for an arrival no chip sends is a
//             deadlock across chips naming chip, core, role and the wait;
//   disabled  the fabric's connections need SetFabricConfig first.
// line and mesh also run under mpirun -np 2, the mesh split over the ranks:
// each rank runs and checks its chips, the packets crossing between them.
#include <numeric>
#include <string>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/distributed_context.hpp>
#include <tt-metalium/experimental/fabric/control_plane.hpp>
#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt_metal/impl/context/metal_context.hpp>

#include "what_of.h"

#ifndef OVERRIDE_KERNEL_PREFIX
#define OVERRIDE_KERNEL_PREFIX ""
#endif

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;
using tt::tt_fabric::FabricConfig;
using tt::tt_fabric::FabricNodeId;

namespace {

constexpr uint32_t kBlock = 2048;
const CoreCoord kCore{0, 0};

std::string kernel(const char* name) { return std::string(OVERRIDE_KERNEL_PREFIX "fabric/kernels/") + name; }

std::shared_ptr<MeshBuffer> dram_buffer(MeshDevice& mesh, uint32_t blocks) {
  return MeshBuffer::create(ReplicatedBufferConfig{.size = blocks * kBlock},
                            DeviceLocalBufferConfig{.page_size = kBlock, .buffer_type = BufferType::DRAM}, &mesh);
}

// The mesh's answer, checked against the control plane's for the chip there
// (when this rank holds it: under mpirun the mesh spans ranks).
FabricNodeId node_at(MeshDevice& mesh, const MeshCoordinate& c) {
  const FabricNodeId node = mesh.get_fabric_node_id(c);
  TT_FATAL(node == mesh.get_view().get_fabric_node_id(c), "the mesh and its view name the chip at {} alike", c);
  if (mesh.is_local(c))
    TT_FATAL(node == tt::tt_fabric::get_fabric_node_id_from_physical_chip_id(mesh.get_device(c)->id()),
             "the mesh and the control plane name the chip at {} alike", c);
  return node;
}

// A program on kCore with a one-block CB for the kernel's L1.
struct Setup {
  Program program = CreateProgram();
};
Setup setup() {
  Setup s;
  CreateCircularBuffer(s.program, kCore,
                       CircularBufferConfig(kBlock, {{tt::CBIndex::c_0, tt::DataFormat::Float16_b}})
                           .set_page_size(tt::CBIndex::c_0, kBlock));
  return s;
}

// Arrivals are counted in a word of an L1 buffer on kCore, zeroed by the
// host before the run: a program's own semaphores are set when it starts on
// its chip, which may be after another chip's increment landed (as on
// silicon, where tt-metal's collectives use global semaphores for this).
std::shared_ptr<MeshBuffer> arrival_flags(MeshDevice& mesh) {
  const ShardSpecBuffer spec(CoreRangeSet(CoreRange(kCore)), {1, 4}, ShardOrientation::ROW_MAJOR, {1, 4}, {1, 1});
  auto flags = MeshBuffer::create(
      ReplicatedBufferConfig{.size = 16},
      DeviceLocalBufferConfig{.page_size = 16,
                              .buffer_type = BufferType::L1,
                              .sharding_args = BufferShardingArgs(spec, TensorMemoryLayout::HEIGHT_SHARDED)},
      &mesh);
  EnqueueWriteMeshBuffer(mesh.mesh_command_queue(), flags, std::vector<uint32_t>(4, 0), true);
  return flags;
}

KernelHandle add_kernel(Program& program, const char* name, const MeshBuffer& in, const MeshBuffer& out) {
  std::vector<uint32_t> cta;
  TensorAccessorArgs(in).append_to(cta);
  TensorAccessorArgs(out).append_to(cta);
  return CreateKernel(program, kernel(name), kCore,
                      DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                         .noc = NOC::RISCV_0_default,
                                         .compile_args = cta});
}

// Each chip's input block: words no other chip has.
std::vector<std::vector<uint32_t>> write_inputs(MeshDevice& mesh, const std::shared_ptr<MeshBuffer>& in) {
  std::vector<std::vector<uint32_t>> blocks;
  for (const MeshCoordinate& c : MeshCoordinateRange(mesh.shape())) {
    std::vector<uint32_t> block(kBlock / 4);
    std::iota(block.begin(), block.end(), 0x10000u * (blocks.size() + 1));
    WriteShard(mesh.mesh_command_queue(), in, block, c, true);
    blocks.push_back(std::move(block));
  }
  return blocks;
}

void check_gathered(MeshDevice& mesh, const std::shared_ptr<MeshBuffer>& out,
                    const std::vector<std::vector<uint32_t>>& blocks) {
  std::vector<uint32_t> want;
  for (const auto& b : blocks) want.insert(want.end(), b.begin(), b.end());
  for (const MeshCoordinate& c : MeshCoordinateRange(mesh.shape())) {
    if (!mesh.is_local(c)) continue;  // its rank checks it
    std::vector<uint32_t> got;
    ReadShard(mesh.mesh_command_queue(), got, out, c);
    TT_FATAL(got.size() == want.size(), "chip {}: {} words gathered, {} expected", mesh.get_device(c)->id(), got.size(),
             want.size());
    for (size_t w = 0; w < want.size(); ++w)
      TT_FATAL(got[w] == want[w], "chip {} word {} (block {}): {:#x}, expected {:#x}", mesh.get_device(c)->id(), w,
               w / (kBlock / 4), got[w], want[w]);
  }
}

void run(MeshDevice& mesh, MeshWorkload& workload) {
  // Over several ranks, every rank's arrival flags are zeroed before any
  // chip sends.
  multihost::DistributedContext::get_current_world()->barrier();
  EnqueueMeshWorkload(mesh.mesh_command_queue(), workload, false);
  Finish(mesh.mesh_command_queue());
}

void line() {
  tt::tt_fabric::SetFabricConfig(FabricConfig::FABRIC_1D);
  TT_FATAL(tt::tt_fabric::get_fabric_topology() == tt::tt_fabric::Topology::Linear, "FABRIC_1D is a linear topology");
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 4)));
  const uint32_t n = mesh->num_devices();
  auto in = dram_buffer(*mesh, 1);
  auto out = dram_buffer(*mesh, n);
  const auto blocks = write_inputs(*mesh, in);
  auto flags = arrival_flags(*mesh);
  MeshWorkload workload;
  for (uint32_t col = 0; col < n; ++col) {
    const MeshCoordinate at(0, col);
    Setup s = setup();
    const KernelHandle k = add_kernel(s.program, "gather_line.cpp", *in, *out);
    std::vector<uint32_t> args = {in->address(), out->address(), col, n, kBlock, flags->address()};
    for (const int step : {1, -1}) {  // forward (east), then backward (west)
      const int next = static_cast<int>(col) + step;
      args.push_back(next >= 0 && next < static_cast<int>(n) ? 1 : 0);
      if (args.back() != 0)
        tt::tt_fabric::append_fabric_connection_rt_args(node_at(*mesh, at), node_at(*mesh, MeshCoordinate(0, next)), 0,
                                                        s.program, kCore, args);
    }
    SetRuntimeArgs(s.program, k, kCore, args);
    workload.add_program(MeshCoordinateRange(at, at), std::move(s.program));
  }
  run(*mesh, workload);
  check_gathered(*mesh, out, blocks);
  mesh->close();
  tt::tt_fabric::SetFabricConfig(FabricConfig::DISABLED);
}

void mesh_gather() {
  tt::tt_fabric::SetFabricConfig(FabricConfig::FABRIC_2D);
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(2, 2)));
  auto& control = MetalContext::instance().get_control_plane();
  const uint32_t n = mesh->num_devices();
  auto in = dram_buffer(*mesh, 1);
  auto out = dram_buffer(*mesh, n);
  const auto blocks = write_inputs(*mesh, in);
  auto flags = arrival_flags(*mesh);
  const MeshCoordinateRange all(mesh->shape());  // iterators of one range: tt-metal's compare their range too
  const std::vector<MeshCoordinate> coords(all.begin(), all.end());
  MeshWorkload workload;
  for (uint32_t me = 0; me < n; ++me) {
    const FabricNodeId src = node_at(*mesh, coords[me]);
    if (mesh->is_local(coords[me]))
      TT_FATAL(control.get_physical_chip_id_from_fabric_node_id(src) == mesh->get_device(coords[me])->id(),
               "the control plane maps node and chip both ways");
    TT_FATAL(src.chip_id == coords[me][0] * 2 + coords[me][1] && *src.mesh_id == 0,
             "a fabric node's chip id is its row-major place on the mesh");
    Setup s = setup();
    const KernelHandle k = add_kernel(s.program, "gather_mesh.cpp", *in, *out);
    std::vector<uint32_t> args = {in->address(), out->address(), me, n, kBlock, flags->address()};
    for (uint32_t other = 0; other < n; ++other) {
      if (other == me) continue;
      const FabricNodeId dst = node_at(*mesh, coords[other]);
      TT_FATAL(!control.get_forwarding_eth_chans_to_chip(src, dst).empty(), "a 2 x 2 mesh routes every pair");
      args.push_back(dst.chip_id);
      tt::tt_fabric::append_fabric_connection_rt_args(src, dst, 0, s.program, kCore, args);
    }
    SetRuntimeArgs(s.program, k, kCore, args);
    workload.add_program(MeshCoordinateRange(coords[me], coords[me]), std::move(s.program));
  }
  run(*mesh, workload);
  check_gathered(*mesh, out, blocks);
  mesh->close();
  tt::tt_fabric::SetFabricConfig(FabricConfig::DISABLED);
}

void multicast() {
  tt::tt_fabric::SetFabricConfig(FabricConfig::FABRIC_2D);
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(2, 2)));
  auto in = dram_buffer(*mesh, 1);
  auto out = dram_buffer(*mesh, 1);
  const auto blocks = write_inputs(*mesh, in);
  auto flags = arrival_flags(*mesh);
  const MeshCoordinate origin(0, 0);
  MeshWorkload workload;
  for (const MeshCoordinate& c : MeshCoordinateRange(mesh->shape())) {
    Setup s = setup();
    if (c == origin) {
      const KernelHandle k = add_kernel(s.program, "broadcast_mesh.cpp", *in, *out);
      std::vector<uint32_t> args = {in->address(), out->address(), 0, 4, kBlock, flags->address(), 1, 1};
      tt::tt_fabric::append_fabric_connection_rt_args(node_at(*mesh, origin), node_at(*mesh, MeshCoordinate(1, 0)), 0,
                                                      s.program, kCore, args);
      tt::tt_fabric::append_fabric_connection_rt_args(node_at(*mesh, origin), node_at(*mesh, MeshCoordinate(0, 1)), 0,
                                                      s.program, kCore, args);
      SetRuntimeArgs(s.program, k, kCore, args);
    } else {
      const KernelHandle k = CreateKernel(s.program, kernel("receive_block.cpp"), kCore, DataMovementConfig{});
      SetRuntimeArgs(s.program, k, kCore, {flags->address()});
    }
    workload.add_program(MeshCoordinateRange(c, c), std::move(s.program));
  }
  // Each run takes two packet headers: more runs than a processor's pool
  // holds show that the pool starts afresh with every run.
  for (int again = 0; again < 10; ++again) {
    EnqueueWriteMeshBuffer(mesh->mesh_command_queue(), out, std::vector<uint32_t>(kBlock / 4, 0), true);
    EnqueueWriteMeshBuffer(mesh->mesh_command_queue(), flags, std::vector<uint32_t>(4, 0), true);
    run(*mesh, workload);
    for (const MeshCoordinate& c : MeshCoordinateRange(mesh->shape())) {
      if (c == origin) continue;
      std::vector<uint32_t> got;
      ReadShard(mesh->mesh_command_queue(), got, out, c);
      TT_FATAL(got == blocks.front(), "run {}: chip {} holds {:#x} at word 0, expected chip (0, 0)'s block ({:#x})",
               again, mesh->get_device(c)->id(), got.at(0), blocks.front().at(0));
    }
  }
  mesh->close();
  tt::tt_fabric::SetFabricConfig(FabricConfig::DISABLED);
}

void no_route() {
  tt::tt_fabric::SetFabricConfig(FabricConfig::FABRIC_1D);
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 4)));
  const MeshCoordinate first(0, 0);
  Setup s = setup();
  const KernelHandle k = CreateKernel(s.program, kernel("send_too_far.cpp"), kCore, DataMovementConfig{});
  std::vector<uint32_t> args = {4, 1};
  tt::tt_fabric::append_fabric_connection_rt_args(node_at(*mesh, first), node_at(*mesh, MeshCoordinate(0, 1)), 0,
                                                  s.program, kCore, args);
  args.push_back(0);
  SetRuntimeArgs(s.program, k, kCore, args);
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(first, first), std::move(s.program));
  const std::string error = what_of([&] { run(*mesh, workload); });
  const int chip = mesh->get_device(first)->id();
  const int last = mesh->get_device(MeshCoordinate(0, 3))->id();
  for (const std::string& want : std::vector<std::string>{"core (x=0, y=0) reader", "fabric unicast write (64 bytes) from chip " + std::to_string(chip) + " (kernel send_too_far.cpp) over channel",
        "to 1 chip from hop 4 east: no route: chip " + std::to_string(last) + " has no link east"})
    TT_FATAL(error.find(want) != std::string::npos, "a unicast past the line's end: expected '{}' in: {}", want, error);
  mesh->close();
  tt::tt_fabric::SetFabricConfig(FabricConfig::DISABLED);
}

// A chip waiting for a fabric arrival no chip sends is a deadlock across
// chips, reported naming chip, core, role and the wait.
void unsent() {
  tt::tt_fabric::SetFabricConfig(FabricConfig::FABRIC_1D);
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 4)));
  auto flags = arrival_flags(*mesh);
  const MeshCoordinate waiter(0, 2);
  Setup s = setup();
  const KernelHandle k = CreateKernel(s.program, kernel("receive_block.cpp"), kCore, DataMovementConfig{});
  SetRuntimeArgs(s.program, k, kCore, {flags->address()});
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(waiter, waiter), std::move(s.program));
  const std::string error = what_of([&] { run(*mesh, workload); });
  const std::string chip = std::to_string(mesh->get_device(waiter)->id());
  for (const std::string& want : std::vector<std::string>{
           "deadlock across chips: no kernel on chip " + chip + " can make progress",
           "chip " + chip + " core (x=0, y=0) reader waits in noc_semaphore_wait", "receive_block.cpp:"})
    TT_FATAL(error.find(want) != std::string::npos, "an arrival nobody sends: expected '{}' in: {}", want, error);
  mesh->close();
  tt::tt_fabric::SetFabricConfig(FabricConfig::DISABLED);
}

void disabled() {
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 4)));
  Program program = CreateProgram();
  std::vector<uint32_t> args;
  const std::string error = what_of([&] {
    tt::tt_fabric::append_fabric_connection_rt_args(node_at(*mesh, MeshCoordinate(0, 0)),
                                                    node_at(*mesh, MeshCoordinate(0, 1)), 0, program, kCore, args);
  });
  TT_FATAL(error.find("the fabric is not up; call tt::tt_fabric::SetFabricConfig") != std::string::npos,
           "a connection without the fabric: {}", error);
  mesh->close();
}

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "line";
  if (what == "line") line();
  else if (what == "mesh") mesh_gather();
  else if (what == "multicast") multicast();
  else if (what == "no_route") no_route();
  else if (what == "unsent") unsent();
  else if (what == "disabled") disabled();
  else TT_THROW("unknown case {} (line, mesh, multicast, no_route, unsent, disabled)", what);
  return 0;
}
