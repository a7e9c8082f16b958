// detail::{Write,Read}{To,From}Device{DRAMChannel,L1}: raw bytes of a DRAM
// channel or a worker core's L1, the same bytes buffers and kernels see.
#include <gtest/gtest.h>

#include "one_device.h"
#include "what_of.h"

#include <numeric>
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal;

using DeviceMemory = metalium_test::OneDevice;

// An interleaved buffer's page 0 lies on DRAM channel 0 at its address, page 1 on channel 1.
TEST_F(DeviceMemory, DramChannelsHoldABuffersPagesInTurn) {
  auto buffer = Buffer::create(device, 2 * 64, 64, BufferType::DRAM);
  std::vector<uint32_t> words(32);
  std::iota(words.begin(), words.end(), 100u);
  detail::WriteToBuffer(*buffer, words);
  std::vector<uint32_t> page;
  ASSERT_TRUE(detail::ReadFromDeviceDRAMChannel(device, 1, buffer->address(), 64, page));
  EXPECT_EQ(page, std::vector<uint32_t>(words.begin() + 16, words.end()));
  std::vector<uint32_t> changed(16, 7u);
  ASSERT_TRUE(detail::WriteToDeviceDRAMChannel(device, 0, buffer->address(), changed));
  std::vector<uint32_t> back;
  detail::ReadFromBuffer(*buffer, back);
  EXPECT_EQ(std::vector<uint32_t>(back.begin(), back.begin() + 16), changed);
}

// A DRAM height-sharded buffer: shard s on the DRAM channel its shard core
// (channel, 0) names, unaligned sizes round trip.
TEST_F(DeviceMemory, DramShardsLieOnTheChannelsTheirCoresName) {
  // 4 pages of 40 bytes, 2 per shard, on channels 2 and 3 (what test_unaligned_read_write_core makes, with two shards).
  const ShardSpecBuffer spec(CoreRangeSet(CoreRange({2, 0}, {3, 0})), {2, 10}, ShardOrientation::ROW_MAJOR, {1, 10},
                             {4, 1});
  auto buffer = CreateBuffer(ShardedBufferConfig{.device = device,
                                                 .size = 4 * 40,
                                                 .page_size = 40,
                                                 .buffer_type = BufferType::DRAM,
                                                 .buffer_layout = TensorMemoryLayout::HEIGHT_SHARDED,
                                                 .shard_parameters = spec});
  std::vector<uint8_t> bytes(4 * 40);
  std::iota(bytes.begin(), bytes.end(), uint8_t{1});
  detail::WriteToBuffer(buffer, bytes);
  std::vector<uint8_t> back;
  detail::ReadFromBuffer(buffer, back);
  EXPECT_EQ(back, bytes);
  // Page 2 starts the second shard: channel 3 at the buffer's address.
  std::vector<uint32_t> word;
  ASSERT_TRUE(detail::ReadFromDeviceDRAMChannel(device, 3, buffer->address(), 4, word));
  EXPECT_EQ(word.at(0), 81u | 82u << 8 | 83u << 16 | 84u << 24);
  // Kernels reach it through TensorAccessorArgs: sharded, DRAM, 4 x 1 pages in
  // 2 x 1 shards, the banks of channels 2 and 3 as the emulator's NOC
  // endpoints (0, channel), packed two to a word.
  const std::vector<uint32_t> args = TensorAccessorArgs(*buffer).get_compile_time_args();
  EXPECT_EQ(args, (std::vector<uint32_t>{1u | 2u, static_cast<uint32_t>(buffer->aligned_page_size()), 2, 2, 4, 1, 2, 1,
                                         2u | 3u << 16}));
}

// A kernel reads the L1 bytes the host wrote at a raw address (given as a
// pointer argument), and the host reads back what the kernel wrote there.
TEST_F(DeviceMemory, AKernelSeesTheL1TheHostWrites) {
  const uint32_t address = device->allocator()->get_base_allocator_addr(HalMemType::L1) + 64 * 1024;
  std::vector<uint32_t> in{1, 2, 3, 4};
  ASSERT_TRUE(detail::WriteToDeviceL1(device, CoreCoord{1, 2}, address, in));
  Program program = CreateProgram();
  CreateKernelFromString(program, R"(
      void kernel_main() {
        auto* p = get_arg_val<volatile uint32_t*>(0);  // an L1 address, 4 bytes on silicon
        for (int i = 0; i < 4; ++i) p[i] = p[i] * 10 + 1;
      })",
                         CoreCoord{1, 2}, DataMovementConfig{});
  SetRuntimeArgs(program, 0, CoreCoord{1, 2}, {address});
  detail::LaunchProgram(device, program);
  std::vector<uint32_t> out;
  ASSERT_TRUE(detail::ReadFromDeviceL1(device, CoreCoord{1, 2}, address, 16, out));
  EXPECT_EQ(out, (std::vector<uint32_t>{11, 21, 31, 41}));
  std::vector<uint32_t> other;
  detail::ReadFromDeviceL1(device, CoreCoord{0, 0}, address, 16, other);
  EXPECT_NE(other, out);  // another core's L1
}

// A launch that does not wait (as tt-metal's fabric fixtures make) is done
// when WaitProgramDone returns: the kernel's writes are in L1.
TEST_F(DeviceMemory, WaitProgramDoneFollowsALaunchThatDoesNotWait) {
  const uint32_t address = device->allocator()->get_base_allocator_addr(HalMemType::L1) + 64 * 1024;
  Program program = CreateProgram();
  CreateKernelFromString(program, R"(
      void kernel_main() {
        auto* p = get_arg_val<volatile uint32_t*>(0);
        for (int i = 0; i < 4; ++i) p[i] = 0xd0e + i;
      })",
                         CoreCoord{2, 1}, DataMovementConfig{});
  SetRuntimeArgs(program, 0, CoreCoord{2, 1}, {address});
  detail::LaunchProgram(device, program, /*wait_until_cores_done=*/false);
  detail::WaitProgramDone(device, program);
  std::vector<uint32_t> out;
  ASSERT_TRUE(detail::ReadFromDeviceL1(device, CoreCoord{2, 1}, address, 16, out));
  EXPECT_EQ(out, (std::vector<uint32_t>{0xd0e, 0xd0f, 0xd10, 0xd11}));
}

// The channel the host names for a DRAM core's NOC coordinates is the one a
// kernel reaches there: each channel holds its own number, and a kernel
// reads it back through each core's coordinates.
TEST_F(DeviceMemory, ADramCoresChannelIsTheOneItsNocCoordinatesReach) {
  const uint32_t channels = static_cast<uint32_t>(device->num_dram_channels());
  auto buffer = Buffer::create(device, channels * 64, 64, BufferType::DRAM);
  for (uint32_t c = 0; c < channels; ++c) {
    std::vector<uint32_t> words(16, 700 + c);
    ASSERT_TRUE(detail::WriteToDeviceDRAMChannel(device, c, buffer->address(), words));
  }
  const uint32_t l1 = device->allocator()->get_base_allocator_addr(HalMemType::L1);
  Program program = CreateProgram();
  CreateKernelFromString(program, R"(
      void kernel_main() {
        const uint32_t dram = get_arg_val<uint32_t>(0), l1 = get_arg_val<uint32_t>(1), n = get_arg_val<uint32_t>(2);
        for (uint32_t i = 0; i < n; ++i) {
          noc_async_read(get_noc_addr(get_arg_val<uint32_t>(3 + 2 * i), get_arg_val<uint32_t>(4 + 2 * i), dram),
                         l1 + 64 * i, 64);
        }
        noc_async_read_barrier();
      })",
                         CoreCoord{0, 0}, DataMovementConfig{});
  // The DRAM cores in reverse channel order, so that a core's place in the list is not its channel.
  std::vector<uint32_t> args{static_cast<uint32_t>(buffer->address()), l1, channels};
  for (uint32_t c = channels; c-- > 0;) {
    const CoreCoord logical = device->logical_core_from_dram_channel(c);
    // The emulator's DRAM endpoints: bank c at NOC (0, c) (zyxtt/noc_addr.h).
    const CoreCoord noc{0, c};
    EXPECT_EQ(device->dram_channel_from_logical_core(logical), c);
    args.push_back(static_cast<uint32_t>(noc.x));
    args.push_back(static_cast<uint32_t>(noc.y));
  }
  SetRuntimeArgs(program, 0, CoreCoord{0, 0}, args);
  detail::LaunchProgram(device, program);
  std::vector<uint32_t> read;
  ASSERT_TRUE(detail::ReadFromDeviceL1(device, CoreCoord{0, 0}, l1, channels * 64, read));
  for (uint32_t i = 0; i < channels; ++i) {
    const CoreCoord noc{args.at(3 + 2 * i), args.at(4 + 2 * i)};
    EXPECT_EQ(read.at(16 * i), 700 + device->dram_channel_from_virtual_core(noc)) << noc.str();
  }
  // A worker's NOC coordinates are no DRAM core.
  EXPECT_NE(what_of([&] { device->dram_channel_from_virtual_core(device->worker_core_from_logical_core({1, 2})); })
                .find("is not a DRAM core"),
            std::string::npos);
  EXPECT_NE(what_of([&] { device->dram_channel_from_virtual_core({0, channels}); }).find("is not a DRAM core"),
            std::string::npos);
}

// A region is valid inside the buffer, partial when it is not the whole buffer;
// transfers refuse what is not valid.
TEST_F(DeviceMemory, ABuffersRegionsAreValidInsideIt) {
  auto buffer = Buffer::create(device, 256, 64, BufferType::DRAM);
  EXPECT_TRUE(buffer->is_valid_region(BufferRegion(0, 256)));
  EXPECT_TRUE(buffer->is_valid_region(BufferRegion(192, 64)));
  EXPECT_FALSE(buffer->is_valid_region(BufferRegion(192, 65)));
  EXPECT_FALSE(buffer->is_valid_partial_region(BufferRegion(0, 256)));
  EXPECT_TRUE(buffer->is_valid_partial_region(BufferRegion(0, 128)));
  EXPECT_TRUE(buffer->is_valid_partial_region(BufferRegion(64, 192)));
  EXPECT_FALSE(buffer->is_valid_partial_region(BufferRegion(64, 256)));
  std::vector<uint32_t> words(32);
  EXPECT_NE(what_of([&] { EnqueueWriteSubBuffer(device->command_queue(), buffer, words, BufferRegion(192, 128), true); })
                .find("outside the buffer"),
            std::string::npos);
}

TEST_F(DeviceMemory, AddressesPastAChannelOrACoreAreRefused) {
  std::vector<uint32_t> words(4);
  EXPECT_NE(what_of([&] { detail::ReadFromDeviceDRAMChannel(device, 99, 0, 16, words); }).find("DRAM channel 99"),
            std::string::npos);
  EXPECT_NE(what_of([&] { detail::ReadFromDeviceL1(device, CoreCoord{0, 0}, 0xFFFFFFF0u, 32, words); })
                .find("runs past"),
            std::string::npos);
  EXPECT_NE(what_of([&] { detail::WriteToDeviceL1(device, CoreCoord{0, 14}, 0, words, tt::CoreType::ETH); })
                .find("Logical ethernet core (x=0,y=14) does not exist"),
            std::string::npos);
  EXPECT_NE(what_of([&] { detail::WriteToDeviceL1(device, CoreCoord{0, 0}, 0, words, tt::CoreType::DRAM); })
                .find("the emulator has worker (Tensix) and ethernet cores"),
            std::string::npos);
}

}  // namespace
