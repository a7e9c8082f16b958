// Per-core buffers (experimental::per_core_allocation): every core of the
// shard grid holds its shard at an address of its own, and the host's writes
// and reads land there.
#include <gtest/gtest.h>

#include "one_device.h"

#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <set>
#include <vector>

#include <tt-metalium/allocator.hpp>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/experimental/per_core_allocation/buffer.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal;
namespace per_core = experimental::per_core_allocation;

constexpr uint32_t kCores = 4;
constexpr uint32_t kPagesPerCore = 2;
constexpr DeviceAddr kPage = 1024;

// Height-sharded over cores (0,0)..(3,0), two 32 x 32 pages of 1 KiB per core.
BufferShardingArgs height_sharded(bool per_core_allocation, uint32_t pages_per_core = kPagesPerCore) {
  ShardSpecBuffer spec(CoreRangeSet(CoreRange({0, 0}, {kCores - 1, 0})), {32 * pages_per_core, 32},
                       ShardOrientation::ROW_MAJOR, {32, 32}, {kCores * pages_per_core, 1});
  BufferShardingArgs args(spec, TensorMemoryLayout::HEIGHT_SHARDED);
  per_core::set_per_core_allocation(args, per_core_allocation);
  return args;
}

std::shared_ptr<Buffer> per_core_buffer(IDevice* device, uint32_t pages_per_core = kPagesPerCore) {
  return Buffer::create(device, kPage * kCores * pages_per_core, kPage, BufferType::L1,
                        height_sharded(true, pages_per_core));
}

class PerCoreBuffer : public metalium_test::OneDevice {
 protected:
  void SetUp() override {
    setenv("TT_METAL_ALLOCATOR_MODE_HYBRID", "1", 1);
    OneDevice::SetUp();
  }
  void TearDown() override {
    OneDevice::TearDown();
    unsetenv("TT_METAL_ALLOCATOR_MODE_HYBRID");
  }
};

std::vector<uint32_t> counting(size_t words, uint32_t from) {
  std::vector<uint32_t> v(words);
  std::iota(v.begin(), v.end(), from);
  return v;
}

TEST_F(PerCoreBuffer, ArgsCarryTheRequest) {
  BufferShardingArgs args = height_sharded(false);
  EXPECT_FALSE(per_core::is_per_core_allocation(args));
  EXPECT_TRUE(per_core::is_per_core_allocation(per_core::set_per_core_allocation(args, true)));
}

TEST_F(PerCoreBuffer, EveryCoreHasItsOwnAddress) {
  auto buffer = per_core_buffer(device);
  ASSERT_TRUE(per_core::is_per_core_allocation(*buffer));
  const auto& addresses = per_core::get_per_core_addresses(*buffer);
  ASSERT_EQ(addresses.size(), kCores);
  std::set<DeviceAddr> distinct;
  for (uint32_t x = 0; x < kCores; ++x) {
    const DeviceAddr a = per_core::get_per_core_address(*buffer, CoreCoord(x, 0));
    EXPECT_GE(a, device->allocator()->get_base_allocator_addr(HalMemType::L1));
    EXPECT_LE(a + kPage * kPagesPerCore, device->l1_size_per_core());
    distinct.insert(a);
  }
  EXPECT_EQ(distinct.size(), kCores);
  // address() is the first core's, as tt-metal's.
  EXPECT_EQ(buffer->address(), per_core::get_per_core_address(*buffer, CoreCoord(0, 0)));
  EXPECT_ANY_THROW(per_core::get_per_core_address(*buffer, CoreCoord(0, 1)));
}

// Host page p of a height-sharded buffer is on core p / 2, slot p % 2, at that core's address.
TEST_F(PerCoreBuffer, HostPagesLandAtEachCoresAddress) {
  auto buffer = per_core_buffer(device);
  const size_t words_per_page = kPage / sizeof(uint32_t);
  const std::vector<uint32_t> input = counting(kCores * kPagesPerCore * words_per_page, 0x1000);
  detail::WriteToBuffer(buffer, input);
  for (uint32_t x = 0; x < kCores; ++x) {
    std::vector<uint32_t> shard;
    ASSERT_TRUE(detail::ReadFromDeviceL1(device, CoreCoord(x, 0),
                                         static_cast<uint32_t>(per_core::get_per_core_address(*buffer, {x, 0})),
                                         kPage * kPagesPerCore, shard));
    const auto first = input.begin() + x * kPagesPerCore * words_per_page;
    EXPECT_EQ(shard, std::vector<uint32_t>(first, first + kPagesPerCore * words_per_page)) << "core " << x;
  }
  std::vector<uint32_t> output;
  detail::ReadFromBuffer(buffer, output);
  EXPECT_EQ(output, input);
}

// A lock-step buffer on the same cores takes other bytes: writing it leaves the per-core shards.
TEST_F(PerCoreBuffer, LockstepBufferOnTheSameCoresTakesOtherBytes) {
  auto mine = per_core_buffer(device);
  auto shared = Buffer::create(device, kPage * kCores * kPagesPerCore, kPage, BufferType::L1, height_sharded(false));
  EXPECT_FALSE(per_core::is_per_core_allocation(*shared));
  for (const auto& [core, address] : per_core::get_per_core_addresses(*mine)) {
    const bool apart = shared->address() + shared->aligned_size_per_bank() <= address ||
                       address + kPage * kPagesPerCore <= shared->address();
    EXPECT_TRUE(apart) << "core (" << core.x << ", " << core.y << ")";
  }
  const size_t words = kCores * kPagesPerCore * kPage / sizeof(uint32_t);
  const std::vector<uint32_t> input = counting(words, 7);
  detail::WriteToBuffer(mine, input);
  detail::WriteToBuffer(shared, std::vector<uint32_t>(words, 0xdeadbeef));
  std::vector<uint32_t> output;
  detail::ReadFromBuffer(mine, output);
  EXPECT_EQ(output, input);
}

// Each buffer takes a quarter of L1 on the emulator (a sixteenth per shard,
// every shard's range in every bank): eight would not fit if freeing left any behind.
TEST_F(PerCoreBuffer, DeallocationGivesTheSpaceBack) {
  const uint32_t pages = static_cast<uint32_t>(device->l1_size_per_core() / 16 / kPage);
  for (int round = 0; round < 8; ++round) {
    auto buffer = per_core_buffer(device, pages);
    EXPECT_TRUE(buffer->is_allocated());
    if (round % 2 == 0) DeallocateBuffer(*buffer);
  }
}

// On the emulator four shards of a third of L1 do not fit (each takes its
// range in every bank); the shards placed before the one that failed are
// freed, so L1 is whole again.
TEST_F(PerCoreBuffer, AFailedPlacementLeavesNothingBehind) {
  const uint32_t third = static_cast<uint32_t>(device->l1_size_per_core() / 3 / kPage);
  EXPECT_ANY_THROW(per_core_buffer(device, third));
  const DeviceAddr free_l1 = device->l1_size_per_core() - device->allocator()->get_base_allocator_addr(HalMemType::L1);
  const uint32_t most = static_cast<uint32_t>(free_l1 * 3 / 4 / kPage);
  EXPECT_NO_THROW(Buffer::create(device, kPage * kCores * most, kPage, BufferType::L1, height_sharded(false, most)));
}

TEST_F(PerCoreBuffer, CopyPerCoreAddressesReportsTheSource) {
  auto a = per_core_buffer(device);
  auto b = per_core_buffer(device);
  per_core::copy_per_core_addresses(*b, *a);
  EXPECT_EQ(per_core::get_per_core_addresses(*b), per_core::get_per_core_addresses(*a));
  auto plain = Buffer::create(device, kPage * kCores * kPagesPerCore, kPage, BufferType::L1, height_sharded(false));
  EXPECT_ANY_THROW(per_core::copy_per_core_addresses(*plain, *a));
}

using PerCoreBufferWithoutHybridMode = metalium_test::OneDevice;

TEST_F(PerCoreBufferWithoutHybridMode, IsRefused) {
  unsetenv("TT_METAL_ALLOCATOR_MODE_HYBRID");
  try {
    per_core_buffer(device);
    FAIL() << "a per-core buffer without the hybrid allocator";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("TT_METAL_ALLOCATOR_MODE_HYBRID"), std::string::npos) << e.what();
  }
}

}  // namespace
