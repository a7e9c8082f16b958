// A mesh queue's sub-grid write puts the same bytes (or a region of them) into
// a replicated buffer on each device of a range; a workload remembers the
// queue that last enqueued it.
#include <gtest/gtest.h>

#include "what_of.h"

#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

TEST(MeshQueueWrites, ASubGridWriteFillsTheRangeAndARegionOnlyItsBytes) {
  auto mesh = MeshDevice::create_unit_mesh(0);
  const DeviceLocalBufferConfig dram{.page_size = 1024, .buffer_type = BufferType::DRAM};
  auto buffer = MeshBuffer::create(ReplicatedBufferConfig{.size = 4096}, dram, mesh.get());
  std::vector<uint32_t> first(1024);
  std::iota(first.begin(), first.end(), 7u);
  auto& queue = mesh->mesh_command_queue();
  queue.enqueue_write_shard_to_sub_grid(*buffer, first.data(), MeshCoordinateRange(mesh->shape()), true);

  const std::vector<uint32_t> patch(16, 0xabcdef01u);  // bytes 512..575
  queue.enqueue_write_shard_to_sub_grid(*buffer, patch.data(), MeshCoordinateRange(MeshCoordinate(0, 0)), false,
                                        BufferRegion(512, patch.size() * 4));
  Finish(queue);
  std::vector<uint32_t> back;
  tt::tt_metal::detail::ReadFromBuffer(*buffer->get_device_buffer(MeshCoordinate(0, 0)), back);
  std::vector<uint32_t> want = first;
  std::fill(want.begin() + 128, want.begin() + 144, 0xabcdef01u);
  EXPECT_EQ(back, want);

  EXPECT_NE(what_of([&] {
              queue.enqueue_write_shard_to_sub_grid(*buffer, first.data(), MeshCoordinateRange(mesh->shape()), true,
                                                    BufferRegion(4000, 200));
            }).find("outside the buffer"),
            std::string::npos);
  EXPECT_TRUE(mesh->close());
}

TEST(MeshQueueWrites, AWorkloadRemembersTheQueueThatLastEnqueuedIt) {
  auto mesh = MeshDevice::create_unit_mesh(0);
  MeshWorkload workload;
  EXPECT_EQ(workload.get_last_used_command_queue(), nullptr);
  Program program = CreateProgram();
  CreateKernelFromString(program, "void kernel_main() {}", CoreCoord{0, 0},
                         DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default});
  workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
  EnqueueMeshWorkload(mesh->mesh_command_queue(), workload, true);
  EXPECT_EQ(workload.get_last_used_command_queue(), &mesh->mesh_command_queue());
  EXPECT_TRUE(mesh->close());
}

}  // namespace
