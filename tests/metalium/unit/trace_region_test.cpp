// A trace occupies the chip's trace region (trace_region_size at open) from
// end_mesh_trace until it is released; one that does not fit is refused
// naming its size, the region's and the parameter to raise. A run of the
// increment program (one core: 2 runtime args, one CB index) takes
// 512 + 2 * 4 + 16 = 536 B.
#include <gtest/gtest.h>

#include <numeric>

#include "../programs/common/increment_program.hpp"
#include "what_of.h"

namespace {

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

constexpr uint32_t kPages = 2;

struct Traced {
  std::shared_ptr<MeshDevice> mesh;
  std::shared_ptr<MeshBuffer> buffer;

  explicit Traced(size_t trace_region_size)
      : mesh(MeshDevice::create_unit_mesh(0, DEFAULT_L1_SMALL_SIZE, trace_region_size)),
        buffer(MeshBuffer::create(ReplicatedBufferConfig{.size = kPages * 64},
                                  DeviceLocalBufferConfig{.page_size = 64, .buffer_type = BufferType::DRAM},
                                  mesh.get())) {
    std::vector<uint32_t> zeros(kPages * 16, 0);
    EnqueueWriteMeshBuffer(mesh->mesh_command_queue(), buffer, zeros, true);
  }
  ~Traced() { mesh->close(); }

  // A trace of `runs` enqueues of the increment program.
  MeshTraceId capture(int runs) {
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), metalium_test::increment_program(*buffer, kPages));
    const MeshTraceId id = mesh->begin_mesh_trace(0);
    for (int i = 0; i < runs; ++i) EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, false);
    mesh->end_mesh_trace(0, id);
    return id;
  }
  uint32_t first_word() {
    std::vector<uint32_t> out;
    EnqueueReadMeshBuffer(mesh->mesh_command_queue(), out, buffer, true);
    return out.at(0);
  }
};

TEST(TraceRegion, ATraceLargerThanTheRegionIsRefusedNamingSizesAndTheParameter) {
  Traced t(1000);
  const std::string what = what_of([&] { t.capture(2); });
  EXPECT_NE(what.find("Trace 0 needs 1072 B of device 0's trace region, which has 1000 B free of its 1000 B (0 B held "
                      "by other traces); raise trace_region_size (MeshDevice::create, CreateDevice) or release traces"),
            std::string::npos)
      << what;
  // The refused trace is gone; one that fits is kept and replays.
  EXPECT_NE(what_of([&] { t.mesh->replay_mesh_trace(0, MeshTraceId(0), true); }).find("does not exist"),
            std::string::npos);
  const MeshTraceId fits = t.capture(1);
  t.mesh->replay_mesh_trace(0, fits, true);
  EXPECT_EQ(t.first_word(), 1u);
}

TEST(TraceRegion, AReleasedTraceGivesItsSpaceBack) {
  Traced t(1100);
  const MeshTraceId two = t.capture(2);  // 1072 B of 1100
  const std::string what = what_of([&] { t.capture(1); });
  EXPECT_NE(what.find("needs 536 B of device 0's trace region, which has 28 B free of its 1100 B (1072 B held by "
                      "other traces)"),
            std::string::npos)
      << what;
  t.mesh->release_mesh_trace(two);
  const MeshTraceId one = t.capture(1);
  t.mesh->replay_mesh_trace(0, one, true);
  t.mesh->replay_mesh_trace(0, one, true);
  EXPECT_EQ(t.first_word(), 2u);
}

}  // namespace
