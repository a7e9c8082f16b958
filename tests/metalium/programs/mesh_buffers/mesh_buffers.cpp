// Mesh buffers and workloads on a 2 x 4 mesh of eight chips (ZYX_TT_CLUSTER=
// 8xp150), each checked against a host reference: sharded buffers in both
// orientations and with a replicated dimension land on the devices tt-metal's
// rules name; replicated buffers hold a copy per chip; a workload on part of
// the mesh runs only there; a sub-mesh at an offset opens the chips there.
#include <cstring>
#include <numeric>

#include <tt-metalium/system_mesh.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include "../common/host_checks.hpp"
#include "what_of.h"
#include "../common/increment_program.hpp"

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

constexpr uint32_t kDatum = 4;  // bytes: one uint32 per datum

std::vector<uint32_t> read_shard(MeshDevice& mesh, const std::shared_ptr<MeshBuffer>& buffer, MeshCoordinate coord) {
  std::vector<uint32_t> out;
  ReadShard(mesh.mesh_command_queue(), out, buffer, coord);
  return out;
}

// The shard at (shard_row, shard_col) of a height x width buffer of datums
// numbered row-major, as the host reference cuts it.
std::vector<uint32_t> reference_shard(size_t width, size_t shard_h, size_t shard_w, size_t shard_row, size_t shard_col) {
  std::vector<uint32_t> out;
  for (size_t r = 0; r < shard_h; ++r)
    for (size_t c = 0; c < shard_w; ++c)
      out.push_back(static_cast<uint32_t>((shard_row * shard_h + r) * width + shard_col * shard_w + c));
  return out;
}

std::shared_ptr<MeshBuffer> sharded(MeshDevice& mesh, Shape2D global, Shape2D shard, ShardOrientation orientation) {
  const DeviceAddr bytes = global.height() * global.width() * kDatum;
  const Shape2D physical{shard.height() == 0 ? global.height() : shard.height(),
                         shard.width() == 0 ? global.width() : shard.width()};
  return MeshBuffer::create(
      distributed::ShardedBufferConfig{.global_size = bytes, .global_buffer_shape = global, .shard_shape = shard,
                          .shard_orientation = orientation},
      DeviceLocalBufferConfig{.page_size = physical.width() * kDatum, .buffer_type = BufferType::DRAM}, &mesh);
}

std::vector<uint32_t> iota(size_t n) {
  std::vector<uint32_t> v(n);
  std::iota(v.begin(), v.end(), 0u);
  return v;
}

void sharded_in_both_orientations(MeshDevice& mesh) {
  auto& cq = mesh.mesh_command_queue();
  // 2 x 4 shards of 8 x 16 datums over the 2 x 4 mesh.
  const Shape2D global{16, 64};
  for (ShardOrientation orientation : {ShardOrientation::ROW_MAJOR, ShardOrientation::COL_MAJOR}) {
    auto buffer = sharded(mesh, global, {8, 16}, orientation);
    const std::vector<uint32_t> data = iota(16 * 64);
    EnqueueWriteMeshBuffer(cq, buffer, data, true);
    // Shards go row by row; devices advance along a row (ROW_MAJOR) or a column (COL_MAJOR).
    for (size_t s = 0; s < 8; ++s) {
      const size_t shard_row = s / 4, shard_col = s % 4;
      const MeshCoordinate device = orientation == ShardOrientation::ROW_MAJOR
                                        ? MeshCoordinate(static_cast<uint32_t>(s / 4), static_cast<uint32_t>(s % 4))
                                        : MeshCoordinate(static_cast<uint32_t>(s % 2), static_cast<uint32_t>(s / 2));
      TT_FATAL(read_shard(mesh, buffer, device) == reference_shard(64, 8, 16, shard_row, shard_col),
               "shard ({}, {}) is not on device {}", shard_row, shard_col, device);
    }
    std::vector<uint32_t> back;
    EnqueueReadMeshBuffer(cq, back, buffer, true);
    TT_FATAL(back == data, "a sharded buffer does not round trip");
  }
}

void sharded_with_a_replicated_dimension(MeshDevice& mesh) {
  auto& cq = mesh.mesh_command_queue();
  // Shards of 4 full rows: one per mesh column, the same on both of its devices.
  auto buffer = sharded(mesh, {16, 8}, {4, 0}, ShardOrientation::ROW_MAJOR);
  EnqueueWriteMeshBuffer(cq, buffer, iota(16 * 8), true);
  for (uint32_t col = 0; col < 4; ++col)
    for (uint32_t row = 0; row < 2; ++row)
      TT_FATAL(read_shard(mesh, buffer, MeshCoordinate(row, col)) == reference_shard(8, 4, 8, col, 0),
               "device ({}, {}) does not hold row-shard {}", row, col, col);
  std::vector<uint32_t> back;
  const std::string refused = what_of([&] { EnqueueReadMeshBuffer(cq, back, buffer, true); });
  TT_FATAL(refused.find("Cannot read a MeshBuffer that is replicated along a dimension") != std::string::npos,
           "reading a replicated dimension back: {}", refused);
}

void replicated_and_a_workload_on_one_row(MeshDevice& mesh) {
  auto& cq = mesh.mesh_command_queue();
  constexpr uint32_t kPages = 4;
  auto buffer = MeshBuffer::create(ReplicatedBufferConfig{.size = kPages * 64},
                                   DeviceLocalBufferConfig{.page_size = 64, .buffer_type = BufferType::DRAM}, &mesh);
  const std::vector<uint32_t> data = iota(kPages * 16);
  EnqueueWriteMeshBuffer(cq, buffer, data, true);
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(MeshCoordinate(1, 0), MeshCoordinate(1, 3)),
                       metalium_test::increment_program(*buffer, kPages));
  EnqueueMeshWorkload(cq, workload, true);
  for (uint32_t row = 0; row < 2; ++row)
    for (uint32_t col = 0; col < 4; ++col) {
      std::vector<uint32_t> want = data;
      if (row == 1)
        for (uint32_t& w : want) ++w;
      TT_FATAL(read_shard(mesh, buffer, MeshCoordinate(row, col)) == want, "device ({}, {}): the program {} there",
               row, col, row == 1 ? "did not run" : "ran");
    }
  std::vector<uint32_t> back;
  const std::string refused = what_of([&] { EnqueueReadMeshBuffer(cq, back, buffer, true); });
  TT_FATAL(refused.find("read each device's copy with ReadShard") != std::string::npos,
           "reading a replicated buffer of several devices: {}", refused);
}

void sub_mesh_and_lock_step(MeshDevice& mesh) {
  auto part = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 2), MeshCoordinate(1, 2)));
  const auto& cluster_mesh = SystemMesh::instance().shape();
  TT_FATAL(cluster_mesh == MeshShape(2, 4), "8xp150's system mesh is 2 x 4");
  // A line walks the 2 x 4's perimeter from its offset, as tt-metal maps it:
  // from (1, 2) on to (1, 1).
  TT_FATAL(part->get_device_ids() == std::vector<int>({mesh.get_device(1, 2)->id(), mesh.get_device(1, 1)->id()}),
           "the 1 x 2 mesh at (1, 2) holds the system mesh's chips (1, 2) and (1, 1)");
  // A buffer on chip (1, 1) alone takes the address the next mesh buffer's first chip picks.
  auto alone = MeshBuffer::create(ReplicatedBufferConfig{.size = 4096},
                                  DeviceLocalBufferConfig{.page_size = 4096, .buffer_type = BufferType::L1},
                                  MeshDevice::create_unit_mesh(mesh.get_device(1, 1)->id()).get());
  const std::string clash = what_of([&] {
    MeshBuffer::create(ReplicatedBufferConfig{.size = 4096},
                       DeviceLocalBufferConfig{.page_size = 4096, .buffer_type = BufferType::L1}, part.get());
  });
  TT_FATAL(clash.find("its chips allocate in lock step") != std::string::npos, "a lock-step clash: {}", clash);
}

}  // namespace

int main() {
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(2, 4)));
  TT_FATAL(mesh->num_devices() == 8 && mesh->num_rows() == 2 && mesh->num_cols() == 4, "a 2 x 4 mesh");
  sharded_in_both_orientations(*mesh);
  sharded_with_a_replicated_dimension(*mesh);
  replicated_and_a_workload_on_one_row(*mesh);
  sub_mesh_and_lock_step(*mesh);
  fmt::print("Test Passed\n");
  return 0;
}
