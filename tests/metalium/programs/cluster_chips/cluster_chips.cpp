// The emulated cluster through TT-Metalium: with ZYX_TT_CLUSTER=p300 two chips
// with PCIe in a 1 x 2 system mesh, each opened on its own with its own
// memory; with "descriptor", tt-metal's TT_METAL_MOCK_CLUSTER_DESC_PATH
// describes the chips, harvesting and which chip has PCIe; with "galaxy"
// (ZYX_TT_CLUSTER=galaxy) 32 chips run at once, every worker core of each.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <tt-metalium/cluster.hpp>
#include <tt-metalium/system_mesh.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include "../common/host_checks.hpp"
#include "what_of.h"
#include "../common/stamp_program.hpp"

using namespace tt::tt_metal;

namespace {

constexpr uint32_t kPage = 64;

uint32_t stamp_of(int chip, uint32_t page) { return static_cast<uint32_t>(chip) * 100000 + page; }

// Every worker core of a `grid` writes its page of `out`, stamped for `chip`.
Program stamp_program(CoreCoord grid, const distributed::MeshBuffer& out, int chip) {
  return metalium_test::stamp_program(grid, out, [chip](uint32_t page) { return stamp_of(chip, page); });
}

// A page per worker core of `mesh`'s chips, on each of them.
std::shared_ptr<distributed::MeshBuffer> page_per_core(distributed::MeshDevice& mesh) {
  const CoreCoord grid = mesh.compute_with_storage_grid_size();
  return distributed::MeshBuffer::create(
      distributed::ReplicatedBufferConfig{.size = grid.x * grid.y * kPage},
      distributed::DeviceLocalBufferConfig{.page_size = kPage, .buffer_type = BufferType::DRAM}, &mesh);
}

// Fills a buffer from every worker core of `mesh`'s chip; returns it.
std::shared_ptr<distributed::MeshBuffer> stamp_every_core(distributed::MeshDevice& mesh) {
  auto out = page_per_core(mesh);
  metalium_test::run(mesh, stamp_program(mesh.compute_with_storage_grid_size(), *out, mesh.id()));
  return out;
}

// What device `coord` of the buffer's mesh holds is every page stamped for `chip`.
void expect_stamps(distributed::MeshDevice& mesh, std::shared_ptr<distributed::MeshBuffer> out,
                   distributed::MeshCoordinate coord, int chip) {
  std::vector<uint32_t> got;
  distributed::ReadShard(mesh.mesh_command_queue(), got, out, coord);
  std::vector<uint32_t> want;
  for (uint32_t page = 0; page < got.size() * 4 / kPage; ++page) want.insert(want.end(), kPage / 4, stamp_of(chip, page));
  TT_FATAL(got == want, "chip {}: its buffer does not hold what its own cores wrote", chip);
}
void expect_stamps(distributed::MeshDevice& mesh, std::shared_ptr<distributed::MeshBuffer> out) {
  expect_stamps(mesh, std::move(out), distributed::MeshCoordinate(0, 0), mesh.id());
}

void p300() {
  TT_FATAL(GetNumAvailableDevices() == 2 && GetNumPCIeDevices() == 2, "a P300 has two chips, both with PCIe");
  TT_FATAL(GetClusterType() == ClusterType::P300, "the cluster type is P300");
  TT_FATAL(distributed::SystemMesh::instance().shape() == distributed::MeshShape(1, 2), "a P300's mesh is 1 x 2");
  auto meshes = distributed::MeshDevice::create_unit_meshes({0, 1});
  // Both chips' buffers start at the same address: their DRAMs are their own.
  auto out0 = stamp_every_core(*meshes.at(0));
  auto out1 = stamp_every_core(*meshes.at(1));
  TT_FATAL(out0->address() == out1->address(), "each chip allocates from its own DRAM");
  expect_stamps(*meshes.at(0), out0);
  expect_stamps(*meshes.at(1), out1);

  const std::string missing = what_of([] { CreateDevice(2); });
  TT_FATAL(missing.find("Device 2 does not exist: the emulated cluster p300 has devices 0 to 1") != std::string::npos,
           "opening a third chip: {}", missing);
  auto whole = distributed::MeshDevice::create(distributed::MeshDeviceConfig(distributed::MeshShape(1, 2)));
  TT_FATAL(whole->get_device_ids() == std::vector<int>({0, 1}), "the 1 x 2 system mesh is chips 0 and 1");
  const std::string larger =
      what_of([] { distributed::MeshDevice::create(distributed::MeshDeviceConfig(distributed::MeshShape(2, 2))); });
  TT_FATAL(larger.find("A mesh of shape 2x2 needs 4 devices; the system mesh of shape 1x2 has 2 (the cluster p300; "
                       "ZYX_TT_CLUSTER or TT_METAL_MOCK_CLUSTER_DESC_PATH choose another)") != std::string::npos,
           "a 2 x 2 mesh of a P300: {}", larger);
  auto second = distributed::MeshDevice::create(
      distributed::MeshDeviceConfig(distributed::MeshShape(1, 1), distributed::MeshCoordinate(0, 1)));
  TT_FATAL(second->id() == 1, "offset (0, 1) of the system mesh is chip 1, not {}", second->id());
}

// Chip 1 has three Tensix columns and two DRAM banks harvested and no PCIe:
// the host reaches it through chip 0.
void descriptor() {
  const auto path = std::filesystem::temp_directory_path() / ("zyxtt-cluster-chips-" + std::to_string(getpid()) + ".yaml");
  std::ofstream(path) << "arch: {0: blackhole, 1: blackhole}\n"
                         "chips_with_mmio: [{0: 0}]\n"
                         "ethernet_connections: [[{chip: 0, chan: 4}, {chip: 1, chan: 4}]]\n"
                         "harvesting: {0: {harvest_mask: 3}, 1: {harvest_mask: 7, dram_harvesting_mask: 3}}\n"
                         "boards: [[{board_id: 9}, {board_type: p150}, {chips: [0]}], "
                         "[{board_id: 10}, {board_type: p150}, {chips: [1]}]]\n";
  setenv("TT_METAL_MOCK_CLUSTER_DESC_PATH", path.c_str(), 1);
  unsetenv("ZYX_TT_CLUSTER");
  TT_FATAL(GetNumAvailableDevices() == 2 && GetNumPCIeDevices() == 1, "two chips, one with PCIe");
  TT_FATAL(GetPCIeDeviceID(1) == 0, "chip 1 is reached through chip 0");
  TT_FATAL(GetClusterType() == ClusterType::P150_X2, "two P150s");
  auto chip1 = distributed::MeshDevice::create_unit_mesh(1);
  TT_FATAL(chip1->compute_with_storage_grid_size() == CoreCoord(11, 10), "chip 1's grid is 11 x 10, not {}",
           chip1->compute_with_storage_grid_size().str());
  TT_FATAL(chip1->num_dram_channels() == 6, "chip 1 has 6 DRAM channels, not {}", chip1->num_dram_channels());
  expect_stamps(*chip1, stamp_every_core(*chip1));
  std::filesystem::remove(path);
}

// ZYX_TT_CLUSTER=galaxy: all 32 chips in one 8 x 4 mesh, every worker core of
// every chip writing its page, each chip's program with its own stamp.
void galaxy() {
  auto mesh = distributed::MeshDevice::create(distributed::MeshDeviceConfig(distributed::MeshShape(8, 4)));
  TT_FATAL(mesh->num_devices() == 32 && mesh->compute_with_storage_grid_size() == CoreCoord(13, 10),
           "a Galaxy is 32 chips of 13 x 10 worker cores");
  auto out = page_per_core(*mesh);
  distributed::MeshWorkload workload;
  for (const auto& coord : distributed::MeshCoordinateRange(mesh->shape()))
    workload.add_program(distributed::MeshCoordinateRange(coord),
                         stamp_program(mesh->compute_with_storage_grid_size(), *out, mesh->get_device(coord)->id()));
  distributed::EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, true);
  for (const auto& coord : distributed::MeshCoordinateRange(mesh->shape()))
    expect_stamps(*mesh, out, coord, mesh->get_device(coord)->id());
  mesh->close();
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "descriptor")
    descriptor();
  else if (mode == "galaxy")
    galaxy();
  else
    p300();
  fmt::print("Test Passed\n");
  return 0;
}
