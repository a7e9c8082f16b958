// Submeshes and views of a 2 x 4 mesh of eight chips (ZYX_TT_CLUSTER=8xp150),
// each checked against a host reference: a submesh is the parent's chips at
// its offset; its buffers round trip and share the chips' allocators with the
// parent's; its workloads change those chips' memory and no other's; bad
// shapes and offsets are refused naming them; the view answers by coordinate;
// a submesh's trace takes space in its chips' trace regions, which the parent
// shares; a distributed host buffer writes and reads a shard per chip; a mesh
// reshapes as tt-metal's does (lines round the 2 x 4's perimeter).
#include <numeric>

#include <fmt/ranges.h>

#include <tt-metalium/distributed_host_buffer.hpp>
#include <tt-metalium/system_mesh.hpp>

#include "../common/host_checks.hpp"
#include "../common/increment_program.hpp"
#include "what_of.h"

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

constexpr uint32_t kPages = 4;  // 64-byte pages of the increment program's buffers
constexpr size_t kTraceRegion = 1000;  // B: one increment program (536 B a chip) fits, two do not

std::vector<uint32_t> iota(size_t n, uint32_t first = 0) {
  std::vector<uint32_t> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

std::vector<uint32_t> read_shard(MeshDevice& mesh, const std::shared_ptr<MeshBuffer>& buffer, MeshCoordinate coord) {
  std::vector<uint32_t> out;
  ReadShard(mesh.mesh_command_queue(), out, buffer, coord);
  return out;
}

std::shared_ptr<MeshBuffer> replicated(MeshDevice& mesh) {
  return MeshBuffer::create(ReplicatedBufferConfig{.size = kPages * 64},
                            DeviceLocalBufferConfig{.page_size = 64, .buffer_type = BufferType::DRAM}, &mesh);
}

MeshCoordinate plus(const MeshCoordinate& a, const MeshCoordinate& b) { return MeshCoordinate(a[0] + b[0], a[1] + b[1]); }

void tiles_and_family(const std::shared_ptr<MeshDevice>& mesh) {
  const auto rows = mesh->create_submeshes(MeshShape(1, 4));
  TT_FATAL(rows.size() == 2, "a 2 x 4 mesh holds two 1 x 4 submeshes, not {}", rows.size());
  for (uint32_t r = 0; r < 2; ++r) {
    TT_FATAL(rows[r]->shape() == MeshShape(1, 4) && rows[r]->num_devices() == 4, "submesh {} is 1 x 4", r);
    for (uint32_t c = 0; c < 4; ++c)
      TT_FATAL(rows[r]->get_device(MeshCoordinate(0, c)) == mesh->get_device(MeshCoordinate(r, c)),
               "submesh {}'s device (0, {}) is the parent's chip ({}, {})", r, c, r, c);
    TT_FATAL(!rows[r]->is_parent_mesh() && rows[r]->get_parent_mesh() == mesh, "submesh {}'s parent", r);
  }
  TT_FATAL(mesh->is_parent_mesh() && mesh->get_parent_mesh() == nullptr, "the mesh is a parent");
  const auto quads = mesh->create_submeshes(MeshShape(2, 2));
  TT_FATAL(quads.size() == 2 && quads[1]->get_device(MeshCoordinate(1, 0)) == mesh->get_device(MeshCoordinate(1, 2)),
           "two 2 x 2 submeshes, the second from column 2");
  TT_FATAL(mesh->get_submeshes().size() == 4, "the mesh lists its 4 live submeshes, not {}",
           mesh->get_submeshes().size());
}

void refuses_what_does_not_fit(const std::shared_ptr<MeshDevice>& mesh) {
  const std::string offset = what_of([&] { mesh->create_submesh(MeshShape(2, 2), MeshCoordinate(1, 3)); });
  TT_FATAL(offset.find("create_submesh: a submesh of shape MeshShape([2, 2]) at offset MeshCoordinate([1, 3]) does "
                       "not fit the parent mesh of shape MeshShape([2, 4])") != std::string::npos,
           "an offset too far: {}", offset);
  const std::string big = what_of([&] { mesh->create_submesh(MeshShape(3, 1)); });
  TT_FATAL(big.find("a submesh of shape MeshShape([3, 1]) at offset MeshCoordinate([0, 0]) does not fit the parent "
                    "mesh of shape MeshShape([2, 4])") != std::string::npos,
           "a shape too big: {}", big);
  const std::string tiles = what_of([&] { mesh->create_submeshes(MeshShape(2, 3)); });
  TT_FATAL(tiles.find("submeshes of shape MeshShape([2, 3]) do not tile the parent mesh of shape MeshShape([2, 4]) "
                      "(dimension 1)") != std::string::npos,
           "shapes that do not tile: {}", tiles);
}

// A sharded buffer on the 2 x 2 submesh at (0, 2) round trips, each shard on
// the parent's chip there; it takes space apart from a parent buffer's.
void buffers_on_a_submesh(const std::shared_ptr<MeshDevice>& mesh) {
  auto parents = replicated(*mesh);
  const MeshCoordinate origin(0, 2);
  auto sub = mesh->create_submesh(MeshShape(2, 2), origin);
  const Shape2D global{16, 32};  // datums (uint32), 2 x 2 shards of 8 x 16
  auto buffer = MeshBuffer::create(
      distributed::ShardedBufferConfig{.global_size = 16 * 32 * 4, .global_buffer_shape = global,
                                       .shard_shape = {8, 16}, .shard_orientation = ShardOrientation::ROW_MAJOR},
      DeviceLocalBufferConfig{.page_size = 16 * 4, .buffer_type = BufferType::DRAM}, sub.get());
  const std::vector<uint32_t> data = iota(16 * 32, 7);
  EnqueueWriteMeshBuffer(sub->mesh_command_queue(), buffer, data, true);
  for (const MeshCoordinate& coord : MeshCoordinateRange(sub->shape())) {
    TT_FATAL(buffer->get_device_buffer(coord)->device() == mesh->get_device(plus(origin, coord)),
             "the submesh's shard {} is on the parent's chip {}", coord, plus(origin, coord));
    std::vector<uint32_t> want;
    for (uint32_t r = 0; r < 8; ++r)
      for (uint32_t c = 0; c < 16; ++c) want.push_back(data[(coord[0] * 8 + r) * 32 + coord[1] * 16 + c]);
    TT_FATAL(read_shard(*sub, buffer, coord) == want, "shard {} of the submesh's buffer", coord);
  }
  TT_FATAL(parents->address() != buffer->address(), "the submesh's buffer takes the parent's space");
  EnqueueWriteMeshBuffer(mesh->mesh_command_queue(), parents, iota(kPages * 16), true);
  std::vector<uint32_t> back;
  EnqueueReadMeshBuffer(sub->mesh_command_queue(), back, buffer, true);
  TT_FATAL(back == data, "a sharded buffer on a submesh does not round trip");
}

// A workload on the 1 x 2 submesh at (1, 1) changes those two chips' memory.
void a_workload_on_a_submesh(const std::shared_ptr<MeshDevice>& mesh) {
  auto buffer = replicated(*mesh);
  const std::vector<uint32_t> data = iota(kPages * 16, 100);
  EnqueueWriteMeshBuffer(mesh->mesh_command_queue(), buffer, data, true);
  const MeshCoordinate origin(1, 1);
  auto sub = mesh->create_submesh(MeshShape(1, 2), origin);
  MeshWorkload workload;
  workload.add_program(MeshCoordinateRange(sub->shape()), metalium_test::increment_program(*buffer, kPages));
  EnqueueMeshWorkload(sub->mesh_command_queue(), workload, false);
  mesh->quiesce_devices();  // waits for the submesh's queue too
  const MeshCoordinateRange ran(origin, MeshCoordinate(1, 2));
  for (const MeshCoordinate& coord : MeshCoordinateRange(mesh->shape())) {
    std::vector<uint32_t> want = data;
    if (ran.contains(coord))
      for (uint32_t& w : want) ++w;
    TT_FATAL(read_shard(*mesh, buffer, coord) == want, "chip {}: the submesh's program {} there", coord,
             ran.contains(coord) ? "did not run" : "ran");
  }
  // Closing the submesh leaves its chips open for the parent.
  TT_FATAL(sub->close() && !sub->is_initialized(), "the submesh closes");
  TT_FATAL(mesh->get_device(1, 1)->is_initialized(), "the parent's chip (1, 1) is still open");
  EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, true);
  TT_FATAL(read_shard(*mesh, buffer, MeshCoordinate(0, 0)) == iota(kPages * 16, 101), "the parent runs on after");
}

void views(const std::shared_ptr<MeshDevice>& mesh) {
  const MeshDeviceView& view = mesh->get_view();
  TT_FATAL(view.shape() == MeshShape(2, 4) && view.num_devices() == 8 && view.num_rows() == 2 && view.num_cols() == 4,
           "the view is 2 x 4");
  TT_FATAL(view.contains(MeshCoordinate(1, 3)) && !view.contains(MeshCoordinate(2, 0)), "contains");
  TT_FATAL(view.get_device(MeshCoordinate(2, 0)) == nullptr, "no device outside the view");
  for (const MeshCoordinate& coord : MeshCoordinateRange(mesh->shape())) {
    TT_FATAL(view.get_device(coord) == mesh->get_device(coord), "the view's device {}", coord);
    TT_FATAL(view.find_device(mesh->get_device(coord)->id()) == coord, "find_device of the chip at {}", coord);
  }
  std::vector<IDevice*> column;
  for (uint32_t r = 0; r < 2; ++r) column.push_back(mesh->get_device(MeshCoordinate(r, 2)));
  TT_FATAL(view.get_devices_on_column(2) == column, "column 2");
  TT_FATAL(view.get_devices(MeshCoordinateRange(MeshCoordinate(0, 2), MeshCoordinate(1, 2))) == column,
           "the range of column 2");
  const std::vector<MeshCoordinate> perimeter{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 3}, {1, 2}, {1, 1}, {1, 0}};
  TT_FATAL(view.get_ring_coordinates() == perimeter, "the 2 x 4 ring goes round the perimeter");
  TT_FATAL(view.get_line_coordinates() == perimeter, "a 2 x 4 line goes round the perimeter, as tt-metal's");
  TT_FATAL(view.get_line_devices().front() == mesh->get_device(0, 0) &&
               view.get_ring_devices().back() == mesh->get_device(1, 0),
           "line and ring devices");
  const std::vector<MeshCoordinate> square{{0, 0}, {0, 1}, {1, 1}, {1, 0}};
  auto sub = mesh->create_submesh(MeshShape(2, 2), MeshCoordinate(0, 1));
  TT_FATAL(sub->get_view().get_line_coordinates() == square, "a 2 x 2 line closes into a ring");
  TT_FATAL(sub->get_view().get_line_devices().back() == mesh->get_device(1, 1), "the submesh's view is its chips");
  // No closed line of 3 exists in a grid: the first open one, snaking right.
  const std::vector<MeshCoordinate> open{{0, 0}, {0, 1}, {0, 2}};
  TT_FATAL(MeshDeviceView::get_line_coordinates(3, Shape2D(3, 3), Shape2D(0, 0)) == open, "an open line");
}

// The submesh's trace holds 536 B of each of its chips' 1000 B regions, so a
// trace of the same program on the whole mesh fits only once it is released.
void traces_share_the_chips_regions(const std::shared_ptr<MeshDevice>& mesh) {
  auto buffer = replicated(*mesh);
  EnqueueWriteMeshBuffer(mesh->mesh_command_queue(), buffer, iota(kPages * 16), true);
  auto sub = mesh->create_submesh(MeshShape(1, 1), MeshCoordinate(1, 3));
  auto capture = [&](MeshDevice& on) {
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(on.shape()), metalium_test::increment_program(*buffer, kPages));
    const MeshTraceId id = on.begin_mesh_trace(0);
    EnqueueMeshWorkload(on.mesh_command_queue(), workload, false);
    on.end_mesh_trace(0, id);
    return id;
  };
  const MeshTraceId held = capture(*sub);
  const std::string refused = what_of([&] { capture(*mesh); });
  const int chip = mesh->get_device(1, 3)->id();
  TT_FATAL(refused.find(fmt::format("needs 536 B of device {}'s trace region, which has 464 B free of its 1000 B (536 "
                                    "B held by other traces); raise trace_region_size",
                                    chip)) != std::string::npos,
           "a mesh trace beside the submesh's: {}", refused);
  sub->release_mesh_trace(held);
  const MeshTraceId whole = capture(*mesh);
  mesh->replay_mesh_trace(0, whole, true);
  for (const MeshCoordinate& coord : MeshCoordinateRange(mesh->shape()))
    TT_FATAL(read_shard(*mesh, buffer, coord) == iota(kPages * 16, 1), "the replayed trace on chip {}", coord);
  mesh->release_mesh_trace(whole);
}

// A distributed host buffer of the 1 x 4 submesh at (1, 0): its shards go to
// their chips (ReadShard sees them) and come back; a read of some shards
// fills those alone.
void distributed_host_buffers(const std::shared_ptr<MeshDevice>& mesh) {
  auto sub = mesh->create_submesh(MeshShape(1, 4), MeshCoordinate(1, 0));
  auto buffer = replicated(*sub);
  auto host = DistributedHostBuffer::create(sub->get_view());
  TT_FATAL(host.shape() == MeshShape(1, 4) && host.shard_coords().empty(), "an empty 1 x 4 host buffer");
  for (uint32_t c = 0; c < 4; ++c)
    host.emplace_shard(MeshCoordinate(0, c), [c] { return HostBuffer(iota(kPages * 16, 1000 * c)); });
  TT_FATAL(host.shard_coords().size() == 4, "four shards");
  sub->mesh_command_queue().enqueue_write(buffer, host, false);
  for (uint32_t c = 0; c < 4; ++c)
    TT_FATAL(read_shard(*sub, buffer, MeshCoordinate(0, c)) == iota(kPages * 16, 1000 * c), "shard (0, {}) on its chip",
             c);
  auto back = DistributedHostBuffer::create(MeshShape(1, 4));
  back.emplace_shards({MeshCoordinate(0, 0), MeshCoordinate(0, 1), MeshCoordinate(0, 2), MeshCoordinate(0, 3)},
                      [](const MeshCoordinate&) { return HostBuffer(std::vector<uint32_t>(kPages * 16, 0)); },
                      DistributedHostBuffer::ProcessShardExecutionPolicy::PARALLEL);
  sub->mesh_command_queue().enqueue_read(buffer, back,
                                         std::unordered_set<MeshCoordinate>{MeshCoordinate(0, 1), MeshCoordinate(0, 3)},
                                         true);
  for (uint32_t c = 0; c < 4; ++c) {
    const std::vector<uint32_t> want = c % 2 == 1 ? iota(kPages * 16, 1000 * c) : std::vector<uint32_t>(kPages * 16, 0);
    const auto got = back.get_shard(MeshCoordinate(0, c))->view_as<uint32_t>();
    TT_FATAL(std::vector<uint32_t>(got.begin(), got.end()) == want, "shard (0, {}) read back", c);
  }
  size_t words = 0;
  back.apply([&](const HostBuffer& shard) { words += shard.view_as<uint32_t>().size(); });
  TT_FATAL(words == 4 * kPages * 16, "apply visits every shard");
  const std::string outside = what_of([&] { host.get_shard(MeshCoordinate(1, 0)); });
  TT_FATAL(outside.find("Shard MeshCoordinate([1, 0]) is outside the distributed host buffer of shape "
                        "MeshShape([1, 4])") != std::string::npos,
           "a shard outside: {}", outside);
}


// Reshapes, checked against the 2 x 4 mesh's own ids g (row-major): a line
// walks its perimeter (g0 g1 g2 g3 g7 g6 g5 g4, tt-metal's order on a T3K), a
// 4 x 2 is the 2 x 4 turned, a grid needs a connected block of the mesh's own
// chips; a refused reshape leaves the mesh as it was.
std::string ids_of(const MeshDevice& mesh) { return fmt::format("{}", fmt::join(mesh.get_device_ids(), ", ")); }

void reshapes() {
  std::vector<int> g;
  {
    auto grid = MeshDevice::create(MeshDeviceConfig(MeshShape(2, 4)));
    g = grid->get_device_ids();
    TT_FATAL(grid->close(), "close");
  }
  const std::vector<int> perimeter = {g[0], g[1], g[2], g[3], g[7], g[6], g[5], g[4]};
  auto line = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 8)));
  TT_FATAL(line->get_device_ids() == perimeter, "a 1 x 8 opens round the perimeter: [{}]",
           ids_of(*line));
  line->reshape(MeshShape(2, 4));
  TT_FATAL(line->shape() == MeshShape(2, 4) && line->get_device_ids() == g, "1 x 8 -> 2 x 4: [{}]",
           ids_of(*line));
  TT_FATAL(line->get_device(MeshCoordinate(1, 0))->id() == g[4], "the view follows the reshape");
  line->reshape(MeshShape(4, 2));
  const std::vector<int> turned = {g[0], g[4], g[1], g[5], g[2], g[6], g[3], g[7]};
  TT_FATAL(line->get_device_ids() == turned, "2 x 4 -> 4 x 2 turns it: [{}]", ids_of(*line));
  line->reshape(MeshShape(8, 1));  // the 4 x 2's perimeter: the other way round
  TT_FATAL(line->get_device_ids() == (std::vector<int>{g[0], g[4], g[5], g[6], g[7], g[3], g[2], g[1]}),
           "4 x 2 -> 8 x 1: [{}]", ids_of(*line));
  line->reshape(MeshShape(2, 4));
  line->reshape(MeshShape(1, 8));
  TT_FATAL(line->get_device_ids() == perimeter, "back to 1 x 8: [{}]", ids_of(*line));
  const std::string count = what_of([&] { line->reshape(MeshShape(3, 3)); });
  TT_FATAL(count.find("has 8 devices; the shape MeshShape([3, 3]) needs 9") != std::string::npos, "3 x 3: {}", count);
  TT_FATAL(line->shape() == MeshShape(1, 8) && line->get_device_ids() == perimeter, "a refused reshape changes nothing");
  // A buffer of the reshaped mesh round trips per coordinate.
  line->reshape(MeshShape(2, 4));
  auto buffer = replicated(*line);
  for (const MeshCoordinate& c : MeshCoordinateRange(line->shape())) {
    auto values = iota(kPages * 16, 100 * static_cast<uint32_t>(c.to_linear_index(line->shape())));
    WriteShard(line->mesh_command_queue(), buffer, values, c);
    TT_FATAL(read_shard(*line, buffer, c) == values, "shard {} round trips after the reshape", c);
  }
  TT_FATAL(line->close(), "close");

  auto quad = MeshDevice::create(MeshDeviceConfig(MeshShape(2, 2), MeshCoordinate(0, 1)));
  const std::vector<int> q = quad->get_device_ids();
  TT_FATAL(q == (std::vector<int>{g[1], g[2], g[5], g[6]}), "the 2 x 2 at (0, 1)");
  quad->reshape(MeshShape(1, 4));
  TT_FATAL(quad->get_device_ids() == (std::vector<int>{q[0], q[1], q[3], q[2]}), "2 x 2 -> 1 x 4 walks round: [{}]",
           ids_of(*quad));
  quad->reshape(MeshShape(2, 2));
  TT_FATAL(quad->get_device_ids() == q, "and back");
  TT_FATAL(quad->close(), "close");

  auto row = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 4)));
  TT_FATAL(row->get_device_ids() == (std::vector<int>{g[0], g[1], g[2], g[3]}), "a 1 x 4 is the top row");
  const std::string apart = what_of([&] { row->reshape(MeshShape(2, 2)); });
  TT_FATAL(apart.find("cannot be reshaped to MeshShape([2, 2]): its chips do not form a connected MeshShape([2, 2]) "
                      "grid (device " + std::to_string(g[4]) + " would be needed)") != std::string::npos,
           "a row is no 2 x 2: {}", apart);
  TT_FATAL(row->close(), "close");

  const SystemMesh& system = SystemMesh::instance();
  TT_FATAL(system.get_mapped_devices(MeshShape(8)).device_ids.size() == 8, "a 1-D line of 8 maps");
  TT_FATAL(!what_of([&] { (void)system.get_mapped_devices(MeshShape(2, 5)); }).empty(), "2 x 5 is too big");
  TT_FATAL(!what_of([&] { (void)system.get_mapped_devices(MeshShape(2, 3), MeshCoordinate(1, 1)); }).empty(),
           "2 x 3 at (1, 1) does not fit, nor turned");
  TT_FATAL(!what_of([&] { (void)system.get_mapped_devices(MeshShape(8), MeshCoordinate(1)); }).empty(),
           "an offset of another dimension");
}

}  // namespace

int main() {
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(2, 4)), DEFAULT_L1_SMALL_SIZE, kTraceRegion);
  tiles_and_family(mesh);
  refuses_what_does_not_fit(mesh);
  buffers_on_a_submesh(mesh);
  a_workload_on_a_submesh(mesh);
  views(mesh);
  traces_share_the_chips_regions(mesh);
  distributed_host_buffers(mesh);
  auto kept = mesh->create_submesh(MeshShape(1, 1));
  TT_FATAL(mesh->close(), "close");
  TT_FATAL(!kept->is_initialized(), "closing the parent closes its submeshes");
  reshapes();
  fmt::print("Test Passed\n");
  return 0;
}
