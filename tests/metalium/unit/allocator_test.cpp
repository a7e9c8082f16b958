// A device's Allocator answers from the same model its buffers are placed by:
// the alignments pages are padded to, the banks and where buffers land.
#include <gtest/gtest.h>

#include "what_of.h"

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal;
using distributed::MeshDevice;

class AllocatorTest : public ::testing::Test {
 protected:
  void SetUp() override { mesh = MeshDevice::create_unit_mesh(0); }
  void TearDown() override { mesh->close(); }
  const Allocator& allocator() const { return *mesh->allocator(); }
  std::shared_ptr<MeshDevice> mesh;
};

// What shard_data_rm pads its pages with.
TEST_F(AllocatorTest, AlignmentIsWhatABuffersPagesArePaddedTo) {
  for (BufferType type : {BufferType::DRAM, BufferType::L1, BufferType::L1_SMALL}) {
    auto buffer = Buffer::create(mesh.get(), 4, 1, type);
    EXPECT_EQ(allocator().get_alignment(type), buffer->alignment()) << static_cast<int>(type);
    EXPECT_EQ(allocator().get_alignment(type), buffer->aligned_page_size()) << static_cast<int>(type);
  }
  EXPECT_GT(allocator().get_alignment(BufferType::DRAM), allocator().get_alignment(BufferType::L1));
}

TEST_F(AllocatorTest, BanksAreTheDramChannelsAndTheWorkerCores) {
  EXPECT_EQ(allocator().get_num_banks(BufferType::DRAM), static_cast<uint32_t>(mesh->num_dram_channels()));
  const CoreCoord grid = mesh->compute_with_storage_grid_size();
  EXPECT_EQ(allocator().get_num_banks(BufferType::L1), grid.x * grid.y);
  EXPECT_EQ(allocator().get_bank_offset(BufferType::DRAM, 0), 0);
  EXPECT_EQ(allocator().get_bank_offset(BufferType::L1, allocator().get_num_banks(BufferType::L1) - 1), 0);
  EXPECT_NE(what_of([&] { allocator().get_bank_offset(BufferType::DRAM, allocator().get_num_banks(BufferType::DRAM)); })
                .find("does not exist"),
            std::string::npos);
}

// L1 bank b is the worker core the b-th page of an interleaved L1 buffer lands on,
// and a buffer's allocator is its device's.
TEST_F(AllocatorTest, AnL1BanksCoreHoldsThatBanksPages) {
  const uint32_t banks = allocator().get_num_banks(BufferType::L1);
  const CoreCoord grid = mesh->compute_with_storage_grid_size();
  EXPECT_EQ(allocator().get_logical_core_from_bank_id(0), CoreCoord(0, 0));
  EXPECT_EQ(allocator().get_logical_core_from_bank_id(grid.x + 1), CoreCoord(1, 1));
  EXPECT_EQ(allocator().get_logical_core_from_bank_id(banks - 1), CoreCoord(grid.x - 1, grid.y - 1));
  EXPECT_NE(what_of([&] { allocator().get_logical_core_from_bank_id(banks); }).find("does not exist"),
            std::string::npos);

  IDevice* device = mesh.get();
  auto buffer = Buffer::create(device, uint64_t{banks} * 16, 16, BufferType::L1);
  EXPECT_EQ(buffer->allocator(), mesh->allocator().get());
  std::vector<uint32_t> pages(banks * 4);
  for (uint32_t i = 0; i < pages.size(); ++i) pages[i] = 0x5a000000u + i;
  detail::WriteToBuffer(buffer, pages);
  for (uint32_t bank : {0u, 1u, static_cast<uint32_t>(grid.x) + 2, banks - 1}) {
    std::vector<uint32_t> word;
    detail::ReadFromDeviceL1(device, buffer->allocator()->get_logical_core_from_bank_id(bank),
                             static_cast<uint32_t>(buffer->address()), 16, word);
    ASSERT_EQ(word.size(), 4u);
    EXPECT_EQ(word[0], 0x5a000000u + bank * 4) << "bank " << bank;
  }
}

// The bank a core holds is the one whose pages land there (test_simple_l1_buffer reads a core's L1 through it).
TEST_F(AllocatorTest, ACoresBankIdsNameTheBankWhosePagesItHolds) {
  const CoreCoord grid = mesh->compute_with_storage_grid_size();
  const uint32_t banks = allocator().get_num_banks(BufferType::L1);
  IDevice* device = mesh.get();
  auto l1 = Buffer::create(device, uint64_t{banks} * 16, 16, BufferType::L1);
  std::vector<uint32_t> pages(banks * 4);
  for (uint32_t i = 0; i < pages.size(); ++i) pages[i] = 0x6b000000u + i;
  detail::WriteToBuffer(l1, pages);
  for (const CoreCoord core : {CoreCoord{0, 0}, CoreCoord{3, 2}, CoreCoord{grid.x - 1, grid.y - 1}}) {
    const std::vector<uint32_t>& ids = allocator().get_bank_ids_from_logical_core(BufferType::L1, core);
    ASSERT_EQ(ids.size(), 1u) << core.str();
    std::vector<uint32_t> word;
    detail::ReadFromDeviceL1(device, core, static_cast<uint32_t>(l1->address()), 16, word);
    EXPECT_EQ(word.at(0), 0x6b000000u + ids[0] * 4) << core.str();
  }
  EXPECT_EQ(&allocator().get_bank_ids_from_logical_core(BufferType::L1, {3, 2}),
            &allocator().get_bank_ids_from_logical_core(BufferType::L1, {3, 2}));
  const uint32_t channels = allocator().get_num_banks(BufferType::DRAM);
  auto dram = Buffer::create(device, uint64_t{channels} * 64, 64, BufferType::DRAM);
  std::vector<uint32_t> dram_pages(channels * 16);
  for (uint32_t i = 0; i < dram_pages.size(); ++i) dram_pages[i] = 0x7c000000u + i;
  detail::WriteToBuffer(dram, dram_pages);
  const std::vector<uint32_t>& channel3 = allocator().get_bank_ids_from_logical_core(BufferType::DRAM, {3, 0});
  ASSERT_EQ(channel3, std::vector<uint32_t>{3});
  std::vector<uint32_t> word;
  detail::ReadFromDeviceDRAMChannel(device, 3, static_cast<uint32_t>(dram->address()), 4, word);
  EXPECT_EQ(word.at(0), 0x7c000000u + channel3[0] * 16);
  EXPECT_NE(what_of([&] { allocator().get_bank_ids_from_logical_core(BufferType::L1, {grid.x, 0}); })
                .find("No L1 bank exists for core (x=" + std::to_string(grid.x) + ",y=0)"),
            std::string::npos);
  EXPECT_NE(what_of([&] { allocator().get_bank_ids_from_logical_core(BufferType::DRAM, {0, 1}); })
                .find("No DRAM bank exists"),
            std::string::npos);
}

// A bank runs from the allocator's base to the end of the channel's or core's memory.
TEST_F(AllocatorTest, BanksSpanFromTheBaseToTheMemorysEnd) {
  const DeviceAddr dram_base = allocator().get_base_allocator_addr(HalMemType::DRAM);
  const DeviceAddr l1_base = allocator().get_base_allocator_addr(HalMemType::L1);
  EXPECT_GT(dram_base, 0u);
  EXPECT_GT(l1_base, 0u);
  EXPECT_EQ(dram_base + allocator().get_bank_size(BufferType::DRAM), mesh->dram_size_per_channel());
  EXPECT_EQ(l1_base + allocator().get_bank_size(BufferType::L1), mesh->l1_size_per_core());
  EXPECT_EQ(allocator().get_worker_l1_size(), mesh->l1_size_per_core());

  for (BufferType type : {BufferType::DRAM, BufferType::L1}) {
    const bool dram = type == BufferType::DRAM;
    const DeviceAddr base = dram ? dram_base : l1_base;
    auto buffer = Buffer::create(mesh.get(), 2048, 1024, type);
    EXPECT_GE(buffer->address(), base) << static_cast<int>(type);
    EXPECT_LE(buffer->address() + buffer->aligned_size_per_bank(), base + allocator().get_bank_size(type))
        << static_cast<int>(type);
  }
}

// A bank's figures follow its buffers: a buffer takes its pages per bank,
// each padded to the alignment, and gives them back when it is freed.
TEST_F(AllocatorTest, StatisticsFollowTheBuffersOfABank) {
  for (BufferType type : {BufferType::DRAM, BufferType::L1}) {
    SCOPED_TRACE(static_cast<int>(type));
    const Statistics before = allocator().get_statistics(type);
    EXPECT_EQ(before.total_allocatable_size_bytes, allocator().get_bank_size(type));
    EXPECT_EQ(before.total_allocated_bytes + before.total_free_bytes, before.total_allocatable_size_bytes);
    EXPECT_GT(before.largest_free_block_bytes, 0u);
    EXPECT_LE(before.largest_free_block_bytes, before.total_free_bytes);
    const uint32_t banks = allocator().get_num_banks(type);
    const uint32_t alignment = allocator().get_alignment(type);
    const uint64_t page = uint64_t{alignment} * 3 + 1;  // padded to 4 alignments
    const uint64_t per_bank = 3 * 4 * uint64_t{alignment};  // 2 * banks + 1 pages: 3 on bank 0
    {
      auto buffer = Buffer::create(mesh.get(), (2 * uint64_t{banks} + 1) * page, page, type);
      const Statistics during = allocator().get_statistics(type);
      EXPECT_EQ(during.total_allocatable_size_bytes, before.total_allocatable_size_bytes);
      EXPECT_EQ(during.total_allocated_bytes, before.total_allocated_bytes + per_bank);
      EXPECT_EQ(during.total_free_bytes, before.total_free_bytes - per_bank);
      EXPECT_LE(during.largest_free_block_bytes, during.total_free_bytes);
    }
    const Statistics after = allocator().get_statistics(type);
    EXPECT_EQ(after.total_allocated_bytes, before.total_allocated_bytes);
    EXPECT_EQ(after.largest_free_block_bytes, before.largest_free_block_bytes);
  }
}

// A hole between two buffers is free but not part of the largest block.
TEST_F(AllocatorTest, TheLargestFreeBlockIsOneRange) {
  const uint32_t banks = allocator().get_num_banks(BufferType::DRAM);
  const uint64_t bytes = uint64_t{banks} << 20;  // 1 MiB a bank
  auto low = Buffer::create(mesh.get(), bytes, 1024, BufferType::DRAM);
  auto hole = Buffer::create(mesh.get(), bytes, 1024, BufferType::DRAM);
  auto high = Buffer::create(mesh.get(), bytes, 1024, BufferType::DRAM);
  const Statistics full = allocator().get_statistics(BufferType::DRAM);
  hole.reset();
  const Statistics holed = allocator().get_statistics(BufferType::DRAM);
  EXPECT_EQ(holed.total_free_bytes, full.total_free_bytes + (1u << 20));
  EXPECT_EQ(holed.largest_free_block_bytes, full.largest_free_block_bytes);
  high.reset();  // the hole joins the free range above it
  EXPECT_EQ(allocator().get_statistics(BufferType::DRAM).largest_free_block_bytes,
            full.largest_free_block_bytes + (2u << 20));
}

// The allocator lists the buffers allocated now; deallocate_buffers frees
// them all, and each then says so.
TEST_F(AllocatorTest, ListsTheBuffersAllocatedNowAndDeallocatesThemAll) {
  Allocator& a = *mesh->allocator();
  const std::unordered_set<Buffer*> before = a.get_allocated_buffers();
  const Statistics dram_before = a.get_statistics(BufferType::DRAM);
  const Statistics l1_before = a.get_statistics(BufferType::L1);
  auto dram = Buffer::create(mesh.get(), 64 * 1024, 2048, BufferType::DRAM);
  auto l1 = Buffer::create(mesh.get(), 8 * 1024, 1024, BufferType::L1);
  auto gone = Buffer::create(mesh.get(), 4096, 1024, BufferType::DRAM);
  auto with = [&](std::initializer_list<Buffer*> extra) {
    std::unordered_set<Buffer*> set = before;
    set.insert(extra.begin(), extra.end());
    return set;
  };
  EXPECT_EQ(a.get_allocated_buffers(), with({dram.get(), l1.get(), gone.get()}));
  DeallocateBuffer(*gone);
  EXPECT_EQ(a.get_allocated_buffers(), with({dram.get(), l1.get()}));
  gone.reset();
  {
    auto scoped = Buffer::create(mesh.get(), 4096, 1024, BufferType::L1);
    EXPECT_EQ(a.get_allocated_buffers().count(scoped.get()), 1u);
  }
  EXPECT_EQ(a.get_allocated_buffers(), with({dram.get(), l1.get()}));

  a.deallocate_buffers();
  EXPECT_TRUE(a.get_allocated_buffers().empty());
  EXPECT_FALSE(dram->is_allocated());
  EXPECT_FALSE(l1->is_allocated());
  EXPECT_LE(a.get_statistics(BufferType::DRAM).total_allocated_bytes, dram_before.total_allocated_bytes);
  EXPECT_LE(a.get_statistics(BufferType::L1).total_allocated_bytes, l1_before.total_allocated_bytes);
  EXPECT_NE(what_of([&] { (void)dram->address(); }).find("not allocated"), std::string::npos);

  // A buffer may outlive its device: it leaves the list all the same.
  auto survivor = Buffer::create(mesh.get(), 4096, 1024, BufferType::DRAM);
  EXPECT_EQ(a.get_allocated_buffers().count(survivor.get()), 1u);
  mesh->close();
  survivor.reset();
}

TEST_F(AllocatorTest, MemoriesTheEmulatorDoesNotAllocateInAreRefused) {
  EXPECT_NE(what_of([&] { allocator().get_alignment(BufferType::TRACE); }).find("TRACE buffers are not emulated"),
            std::string::npos);
  EXPECT_NE(what_of([&] { allocator().get_num_banks(BufferType::SYSTEM_MEMORY); }).find("DRAM and L1 banks"),
            std::string::npos);
  EXPECT_NE(what_of([&] { allocator().get_bank_size(BufferType::L1_SMALL); }).find("L1_SMALL"), std::string::npos);
  EXPECT_NE(what_of([&] { allocator().get_statistics(BufferType::L1_SMALL); }).find("L1_SMALL"), std::string::npos);
  EXPECT_NE(what_of([&] { allocator().get_base_allocator_addr(HalMemType::HOST); }).find("DRAM and L1 only"),
            std::string::npos);
}

TEST_F(AllocatorTest, AClosedDevicesAllocatorSaysSo) {
  const Allocator& a = allocator();
  mesh->close();
  EXPECT_NE(what_of([&] { a.get_alignment(BufferType::DRAM); }).find("closed"), std::string::npos);
  EXPECT_NE(what_of([&] { a.get_statistics(BufferType::DRAM); }).find("closed"), std::string::npos);
}

// The single-device API's devices have the same allocator.
TEST(Allocator, IsOnEveryIDevice) {
  IDevice* device = CreateDevice(0);
  const auto& allocator = device->allocator();
  ASSERT_NE(allocator, nullptr);
  EXPECT_EQ(allocator->get_alignment(BufferType::DRAM), Buffer::create(device, 64, 64, BufferType::DRAM)->alignment());
  EXPECT_TRUE(CloseDevice(device));
}

}  // namespace
