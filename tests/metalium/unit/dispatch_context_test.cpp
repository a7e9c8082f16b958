// experimental::DispatchContext: a fast-dispatch session opens only from slow
// dispatch and one at a time, rtoptions follows it, and asynchronous slow
// dispatch is the mesh queue's own and survives a session (tt-metal's
// distributed/test_dispatch_context runs the same sequence on buffers).
#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/dispatch_context.hpp>
#include <tt_metal/impl/context/metal_context.hpp>

#include "scoped_env.h"
#include "what_of.h"

namespace {

using tt::tt_metal::MetalContext;
using tt::tt_metal::experimental::DispatchContext;
using namespace tt::tt_metal::distributed;

class DispatchContextTest : public ::testing::Test {
 protected:
  void TearDown() override { DispatchContext::get().reset(); }
  test_support::ScopedEnv slow{"TT_METAL_SLOW_DISPATCH_MODE", "1"};
  std::shared_ptr<MeshDevice> mesh = MeshDevice::create_unit_mesh(0);
};

TEST_F(DispatchContextTest, ASessionOpensFromSlowDispatchOnceAndRtoptionsFollowIt) {
  auto& context = DispatchContext::get();
  const auto& options = MetalContext::instance().rtoptions();
  EXPECT_FALSE(options.get_fast_dispatch());
  EXPECT_NE(what_of([&] { context.terminate_fast_dispatch(mesh.get()); })
                .find("Can only manually terminate fast dispatch after initializing it"),
            std::string::npos);
  context.initialize_fast_dispatch(mesh.get());
  EXPECT_TRUE(options.get_fast_dispatch());
  EXPECT_NE(what_of([&] { context.initialize_fast_dispatch(mesh.get()); }).find("already manually initialized"),
            std::string::npos);
  context.terminate_fast_dispatch(mesh.get());
  EXPECT_FALSE(options.get_fast_dispatch());
  slow.set(std::nullopt);
  EXPECT_NE(what_of([&] { context.initialize_fast_dispatch(mesh.get()); })
                .find("can only be manually enabled when running the workload with Slow Dispatch mode"),
            std::string::npos);
}

TEST_F(DispatchContextTest, AsynchronousSlowDispatchIsKeptAcrossASessionAndRefusedDuringOne) {
  auto& context = DispatchContext::get();
  EXPECT_FALSE(context.is_asynchronous_slow_dispatch_enabled(mesh.get()));
  context.enable_asynchronous_slow_dispatch(mesh.get());
  EXPECT_TRUE(context.is_asynchronous_slow_dispatch_enabled(mesh.get()));
  context.initialize_fast_dispatch(mesh.get());
  EXPECT_NE(what_of([&] { context.disable_asynchronous_slow_dispatch(mesh.get()); })
                .find("can only be called when Fast Dispatch is disabled"),
            std::string::npos);
  context.terminate_fast_dispatch(mesh.get());
  EXPECT_TRUE(context.is_asynchronous_slow_dispatch_enabled(mesh.get()));
  context.disable_asynchronous_slow_dispatch(mesh.get());
  EXPECT_FALSE(context.is_asynchronous_slow_dispatch_enabled(mesh.get()));
}

// Bytes written in a session and read after it, and the reverse, round trip.
TEST_F(DispatchContextTest, BuffersWrittenInOneModeReadBackInTheOther) {
  auto& context = DispatchContext::get();
  auto buffer = MeshBuffer::create(ReplicatedBufferConfig{.size = 8192},
                                   DeviceLocalBufferConfig{.page_size = 2048, .buffer_type = tt::tt_metal::BufferType::DRAM},
                                   mesh.get());
  std::vector<uint32_t> values(2048);
  std::iota(values.begin(), values.end(), 7u);
  context.initialize_fast_dispatch(mesh.get());
  EnqueueWriteMeshBuffer(mesh->mesh_command_queue(), buffer, values, /*blocking=*/false);
  context.terminate_fast_dispatch(mesh.get());
  std::vector<uint32_t> read;
  ReadShard(mesh->mesh_command_queue(), read, buffer, MeshCoordinate(0, 0));
  EXPECT_EQ(read, values);
  std::iota(values.begin(), values.end(), 1000u);
  EnqueueWriteMeshBuffer(mesh->mesh_command_queue(), buffer, values, /*blocking=*/false);
  context.initialize_fast_dispatch(mesh.get());
  ReadShard(mesh->mesh_command_queue(), read, buffer, MeshCoordinate(0, 0));
  EXPECT_EQ(read, values);
}

}  // namespace
