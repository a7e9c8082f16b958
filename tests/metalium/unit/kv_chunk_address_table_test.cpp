// The KV chunk address table: its slot-major layout seen through
// lookup_range, replica groups that dedupe in any order, the checks on
// positions, and a chunk read back from an open chip's DRAM.
#include <gtest/gtest.h>

#include "one_device.h"
#include "what_of.h"

#include <cstdint>
#include <string>
#include <vector>

#include <tt-metalium/experimental/disaggregation/kv_chunk_address_table.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal::experimental::disaggregation;
using tt::tt_fabric::FabricNodeId;
using tt::tt_fabric::MeshId;

// 2 layers x 3 slots, 100 tokens in chunks of 32: 4 chunks, the last partial.
KvChunkAddressTableConfig config() {
  return {.num_layers = 2, .max_sequence_length = 100, .num_slots = 3, .chunk_n_tokens = 32};
}

// Each entry's address names its (layer, chunk, slot), so a span that is off
// by one chunk, layer or slot reads other values.
uint64_t address_of(uint32_t layer, uint32_t chunk, uint32_t slot) { return layer * 1000 + chunk * 10 + slot; }

TEST(KvChunkAddressTable, ARangeIsTheChunksOfOneLayerAndSlotInOrder) {
  KvChunkAddressTable table(config());
  for (uint32_t slot = 0; slot < 3; ++slot)
    for (uint32_t layer = 0; layer < 2; ++layer)
      for (uint32_t chunk = 0; chunk < 4; ++chunk)
        table.set(layer, chunk * 32, slot, KvCacheLocation{.noc_addr = address_of(layer, chunk, slot)});
  // Positions 32 to 99 end inside chunk 3: chunks 1, 2 and 3.
  std::vector<uint64_t> got;
  for (const KvCacheLocation& loc : table.lookup_range(1, 32, 99, 2)) got.push_back(loc.noc_addr);
  EXPECT_EQ(got, (std::vector<uint64_t>{address_of(1, 1, 2), address_of(1, 2, 2), address_of(1, 3, 2)}));
  EXPECT_EQ(table.lookup_range(0, 64, 65, 1).size(), 1u);
  EXPECT_TRUE(table.lookup_range(0, 64, 64, 1).empty());
  EXPECT_EQ(table.lookup(0, 96, 1).noc_addr, address_of(0, 3, 1));
}

TEST(KvChunkAddressTable, EqualReplicaSetsShareOneGroupSorted) {
  KvChunkAddressTable table(config());
  const DeviceGroupIndex a = table.add_device_group({FabricNodeId(MeshId{1}, 3), FabricNodeId(MeshId{0}, 5)});
  const DeviceGroupIndex b = table.add_device_group({FabricNodeId(MeshId{0}, 5), FabricNodeId(MeshId{1}, 3)});
  const DeviceGroupIndex c = table.add_device_group({FabricNodeId(MeshId{0}, 5)});
  EXPECT_EQ(a, b);
  EXPECT_EQ(*c, 1u);
  EXPECT_EQ(table.num_device_groups(), 2u);
  EXPECT_EQ(table.get_device_group(a).fabric_node_ids,
            (std::vector<FabricNodeId>{FabricNodeId(MeshId{0}, 5), FabricNodeId(MeshId{1}, 3)}));
}

TEST(KvChunkAddressTable, PositionsMustBeChunkAlignedAndInRange) {
  KvChunkAddressTable table(config());
  EXPECT_NE(what_of([&] { table.lookup(0, 16, 0); }).find("position 16 is not a multiple of chunk_n_tokens 32"),
            std::string::npos);
  EXPECT_NE(what_of([&] { table.set(0, 128, 0, {}); }).find("position 128 >= max_sequence_length 100"),
            std::string::npos);
  EXPECT_NE(what_of([&] { table.lookup_range(0, 0, 101, 0); }).find("end_pos 101 > max_sequence_length 100"),
            std::string::npos);
  EXPECT_NE(what_of([] { KvChunkAddressTable t({.chunk_n_tokens = 0}); }).find("chunk_n_tokens must be > 0"),
            std::string::npos);
}

TEST(KvChunkAddressTable, HostsAreKnownOnlyOnceSet) {
  KvChunkAddressTable table(config());
  const FabricNodeId node(MeshId{0}, 2);
  EXPECT_FALSE(table.has_host(node));
  EXPECT_NE(what_of([&] { table.get_host(node); }), "no throw");
  table.set_fabric_node_host(node, "host-b");
  EXPECT_EQ(table.get_host(node), "host-b");
}

using KvChunkOnChip = metalium_test::OneDevice;

// The chunk's bytes at (channel << 32 | address) of its group's first chip.
TEST_F(KvChunkOnChip, AChunkReadsBackFromItsPrimaryChipsDram) {
  constexpr int kChannel = 3;
  constexpr uint32_t kAddress = 1u << 20;
  std::vector<uint8_t> bytes(96);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i * 7 + 1);
  ASSERT_TRUE(tt::tt_metal::detail::WriteToDeviceDRAMChannel(device, kChannel, kAddress, bytes));

  KvChunkAddressTable table(config());
  // The primary replica is the least node: chip 0, whatever order they came in.
  const DeviceGroupIndex group = table.add_device_group({FabricNodeId(MeshId{0}, 1), FabricNodeId(MeshId{0}, 0)});
  table.set(1, 64, 2,
            KvCacheLocation{.noc_addr = (uint64_t{kChannel} << 32) | kAddress, .size_bytes = 96,
                            .device_group_index = group});
  EXPECT_EQ(table.read_device_chunk(1, 64, 2), bytes);
}

TEST(KvChunkOnClosedChip, GetActiveDeviceIsNullOnceTheChipCloses) {
  tt::tt_metal::IDevice* device = tt::tt_metal::CreateDevice(0);
  EXPECT_EQ(tt::tt_metal::detail::GetActiveDevice(0), device);
  tt::tt_metal::CloseDevice(device);
  EXPECT_EQ(tt::tt_metal::detail::GetActiveDevice(0), nullptr);
}

}  // namespace
