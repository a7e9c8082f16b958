// GraphTracker on the host API: a pushed processor sees each buffer's
// allocation (allocated, at its address) and its free, on this thread only,
// and each program's CBs where the device places them;
// a hook that takes allocations and transfers over keeps them off the device;
// op arguments print through serialize_tracked_arg.
#include <gtest/gtest.h>

#include "one_device.h"

#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <typeinfo>
#include <vector>

#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/graph_tracking.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal;

// What the processor saw: "alloc <address> <allocated>" / "free <address>".
class BufferLog : public IGraphProcessor {
 public:
  std::vector<std::string> events;
  std::vector<std::string> args;
  void track_allocate(const Buffer* b) override {
    events.push_back("alloc " + std::to_string(b->address()) + (b->is_allocated() ? " allocated" : " not allocated"));
  }
  void track_deallocate(Buffer* b) override { events.push_back("free " + std::to_string(b->address())); }
  void track_function_start(std::string_view name, std::span<TrackedArgument> params) override {
    args.emplace_back(name);
    for (const TrackedArgument& p : params) args.push_back(p.to_string_fn(p.value));
  }
};

// Takes over allocations and writes, not reads.
class TakeAllocationsAndWrites : public IGraphHooks {
 public:
  int allocations = 0, frees = 0, writes = 0;
  bool hook_allocate(const Buffer*) override { return ++allocations, true; }
  bool hook_deallocate(Buffer*) override { return ++frees, true; }
  bool hook_program(Program*) override { return false; }
  bool hook_write_to_device(const Buffer*) override { return ++writes, true; }
  bool hook_read_from_device(Buffer*) override { return false; }
  bool hook_read_from_device(const distributed::MeshBuffer*) override { return false; }
  bool hook_write_to_device(const distributed::MeshBuffer*) override { return true; }
};

class GraphTracking : public metalium_test::OneDevice {
 protected:
  void SetUp() override {
    OneDevice::SetUp();
    GraphTracker::instance().clear();
  }
  void TearDown() override {
    GraphTracker::instance().clear();
    OneDevice::TearDown();
  }
};

TEST_F(GraphTracking, AProcessorSeesEachBufferAllocatedAndFreed) {
  auto log = std::make_shared<BufferLog>();
  GraphTracker::instance().push_processor(log);
  EXPECT_TRUE(GraphTracker::instance().is_enabled());
  auto a = Buffer::create(device, 2048, 1024, BufferType::DRAM);
  const std::string at_a = std::to_string(a->address());
  {
    auto b = Buffer::create(device, 64, 64, BufferType::L1);
    const std::string at_b = std::to_string(b->address());
    DeallocateBuffer(*a);
    DeallocateBuffer(*a);  // a second free is no event
    EXPECT_EQ(log->events, (std::vector<std::string>{"alloc " + at_a + " allocated", "alloc " + at_b + " allocated",
                                                     "free " + at_a}));
  }  // b goes with its last reference
  EXPECT_EQ(log->events.size(), 4u);
  EXPECT_EQ(log->events.back().rfind("free ", 0), 0u);
  GraphTracker::instance().pop_processor();
  EXPECT_FALSE(GraphTracker::instance().is_enabled());
  auto c = Buffer::create(device, 64, 64, BufferType::L1);
  EXPECT_EQ(log->events.size(), 4u);
}

TEST_F(GraphTracking, AnotherThreadsBuffersAreNotSeen) {
  auto log = std::make_shared<BufferLog>();
  GraphTracker::instance().push_processor(log);
  std::thread([&] { Buffer::create(device, 64, 64, BufferType::L1); }).join();
  EXPECT_TRUE(log->events.empty());
}

// A hooked allocation takes no memory (address 0: a buffer made meanwhile on
// a thread without the hook lands where it would have); hooked writes never
// reach the device, while an unhooked one does.
TEST_F(GraphTracking, AHookKeepsAllocationsAndWritesOffTheDevice) {
  auto real = Buffer::create(device, 64, 64, BufferType::DRAM);
  const std::vector<uint32_t> first(16, 5u);
  detail::WriteToBuffer(*real, first);
  auto probe = Buffer::create(device, 1 << 20, 1024, BufferType::DRAM);
  const uint32_t free_address = probe->address();
  probe.reset();

  auto hook = std::make_shared<TakeAllocationsAndWrites>();
  ASSERT_TRUE(GraphTracker::instance().add_hook(hook));
  EXPECT_FALSE(GraphTracker::instance().add_hook(hook));
  auto hooked = Buffer::create(device, 1 << 20, 1024, BufferType::DRAM);
  EXPECT_EQ(hooked->address(), 0u);
  uint32_t unhooked_address = 0;
  std::thread([&] { unhooked_address = Buffer::create(device, 1 << 20, 1024, BufferType::DRAM)->address(); }).join();
  EXPECT_EQ(unhooked_address, free_address);
  detail::WriteToBuffer(*real, std::vector<uint32_t>(16, 9u));
  hooked.reset();
  EXPECT_EQ(hook->allocations, 1);
  EXPECT_EQ(hook->frees, 1);
  EXPECT_EQ(hook->writes, 1);

  GraphTracker::instance().clear_hook();
  std::vector<uint32_t> back;
  detail::ReadFromBuffer(*real, back);
  EXPECT_EQ(back, first);
}

// Where a program's CBs lie, as the tracker hears when the program first
// runs on a chip: each kernel's write at a CB's write pointer lands at the
// address reported for that CB. Freed once, with the program.
class CbLog : public IGraphProcessor {
 public:
  struct Cb {
    uint64_t address, size;
    bool global;
  };
  std::vector<Cb> cbs;
  int freed = 0;
  void track_allocate_cb(const CoreRangeSet&, uint64_t addr, uint64_t size, bool global, const IDevice*) override {
    cbs.push_back({addr, size, global});
  }
  void track_deallocate_cb(const IDevice*) override { ++freed; }
};

TEST_F(GraphTracking, CbAddressesReportedAreWhereKernelsWrite) {
  auto log = std::make_shared<CbLog>();
  GraphTracker::instance().push_processor(log);
  const CoreCoord core{2, 3};
  auto backing = Buffer::create(device, 2048, 2048, BufferType::L1);
  {
    Program program;
    auto cb = [&](uint8_t index, uint32_t bytes) {
      return CircularBufferConfig(bytes, {{index, tt::DataFormat::Float16_b}}).set_page_size(index, bytes);
    };
    CreateCircularBuffer(program, core, cb(0, 2048));
    CreateCircularBuffer(program, CoreRange({2, 3}, {3, 3}), cb(1, 1000));  // stacked above CB 0 on (2, 3)
    CreateCircularBuffer(program, core, cb(2, 2048).set_globally_allocated_address(*backing));
    CreateKernelFromString(program, R"(
        void kernel_main() {
          for (uint32_t cb = 0; cb < 3; ++cb)
            *reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_write_ptr(cb)) = 0xCB00 + cb;
        })",
                           core, DataMovementConfig{});
    detail::LaunchProgram(device, program);
    detail::LaunchProgram(device, program);  // the same chip again: no new events
    ASSERT_EQ(log->cbs.size(), 3u);
    EXPECT_EQ(log->cbs[2].address, backing->address());
    EXPECT_TRUE(log->cbs[2].global);
    EXPECT_GE(log->cbs[1].address, log->cbs[0].address + 2048);
    for (uint32_t i = 0; i < 3; ++i) {
      std::vector<uint32_t> word;
      ASSERT_TRUE(detail::ReadFromDeviceL1(device, core, static_cast<uint32_t>(log->cbs[i].address), 4, word));
      EXPECT_EQ(word.at(0), 0xCB00 + i) << "CB " << i;
    }
    EXPECT_EQ(log->freed, 0);
  }
  EXPECT_EQ(log->freed, 1);
}

TEST(GraphTrackerArgs, OpArgumentsPrintThroughTheirStreamOperator) {
  auto log = std::make_shared<BufferLog>();
  GraphTracker::instance().clear();
  GraphTracker::instance().push_processor(log);
  const std::string name = "tensor_a";
  struct NoStreamOperator {};
  GraphTracker::instance().track_function_start("ttnn::add", 42, name, NoStreamOperator{});
  GraphTracker::instance().clear();
  ASSERT_EQ(log->args.size(), 4u);
  EXPECT_EQ(std::vector<std::string>(log->args.begin(), log->args.begin() + 3),
            (std::vector<std::string>{"ttnn::add", "42", "tensor_a"}));
  EXPECT_EQ(log->args[3], std::string("<") + typeid(NoStreamOperator).name() + ">");
}

}  // namespace
