// A sharded buffer's page mapping (which host page each core's device pages
// hold) against the sharding rule computed here, and writes of the pages on
// a subset of the cores (experimental::core_subset_write).
#include <gtest/gtest.h>

#include "one_device.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/buffer_page_mapping.hpp>
#include <tt-metalium/experimental/core_subset_write/buffer_write.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal;

// A 4 x 6 page tensor block-sharded into 2 x 3 page shards over the 2 x 2
// cores (0,0)..(1,1), row-major: core k = y * 2 + x holds shard k.
constexpr uint32_t kRows = 4, kCols = 6, kShardRows = 2, kShardCols = 3;
constexpr uint32_t kPage = 64;  // bytes; a 1 x 16 page of uint32_t
constexpr uint32_t kPages = kRows * kCols;

std::shared_ptr<Buffer> block_sharded(IDevice* device) {
  ShardSpecBuffer spec(CoreRangeSet(CoreRange({0, 0}, {1, 1})), {kShardRows, kShardCols * 16},
                       ShardOrientation::ROW_MAJOR, {1, 16}, {kRows, kCols});
  return CreateBuffer(ShardedBufferConfig{.device = device,
                                          .size = kPages * kPage,
                                          .page_size = kPage,
                                          .buffer_type = BufferType::L1,
                                          .buffer_layout = TensorMemoryLayout::BLOCK_SHARDED,
                                          .shard_parameters = spec});
}

// The rule, written out: page (r, c) is in shard (r / 2) * 2 + c / 3, at slot (r % 2) * 3 + c % 3.
struct Place {
  uint32_t core_id, device_page;
};
Place expected_place(uint32_t host_page) {
  const uint32_t r = host_page / kCols, c = host_page % kCols;
  return {(r / kShardRows) * (kCols / kShardCols) + c / kShardCols, (r % kShardRows) * kShardCols + c % kShardCols};
}
CoreCoord core_of(uint32_t core_id) { return CoreCoord(core_id % 2, core_id / 2); }

using ShardedPageMapping = metalium_test::OneDevice;

TEST_F(ShardedPageMapping, EveryHostPageIsWhereTheRulePutsIt) {
  auto buffer = block_sharded(device);
  const BufferPageMapping& mapping = *buffer->get_buffer_page_mapping();
  ASSERT_EQ(mapping.all_cores.size(), 4u);
  for (uint32_t id = 0; id < 4; ++id) {
    EXPECT_EQ(mapping.all_cores[id], core_of(id));
    EXPECT_EQ(mapping.core_to_core_id.at(core_of(id)), id);
  }
  std::vector<int> seen(kPages, 0);
  for (const auto page : mapping) {
    ASSERT_LT(page.host_page, kPages);
    ++seen[page.host_page];
    const Place want = expected_place(page.host_page);
    EXPECT_EQ(page.core_id, want.core_id) << "host page " << page.host_page;
    EXPECT_EQ(page.device_page, want.device_page) << "host page " << page.host_page;
  }
  EXPECT_EQ(seen, std::vector<int>(kPages, 1));
  // Core 0 holds host pages 0..2 then 6..8: two runs of consecutive pages.
  ASSERT_EQ(mapping.core_page_mappings[0].size(), 1u);
  const auto& runs = mapping.core_page_mappings[0][0].host_ranges;
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(std::tie(runs[1].device_page_offset, runs[1].host_page_start, runs[1].num_pages),
            std::make_tuple(3u, 6u, 3u));
}

TEST_F(ShardedPageMapping, MatchesTheBytesOnEachCore) {
  auto buffer = block_sharded(device);
  std::vector<uint32_t> input(kPages * kPage / 4);
  for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<uint32_t>(i * 2654435761u);
  detail::WriteToBuffer(buffer, input);
  for (const auto page : *buffer->get_buffer_page_mapping()) {
    std::vector<uint32_t> bytes;
    ASSERT_TRUE(detail::ReadFromDeviceL1(device, core_of(page.core_id),
                                         buffer->address() + page.device_page * buffer->aligned_page_size(), kPage,
                                         bytes));
    const auto first = input.begin() + page.host_page * kPage / 4;
    EXPECT_EQ(bytes, std::vector<uint32_t>(first, first + kPage / 4)) << "host page " << page.host_page;
  }
}

TEST_F(ShardedPageMapping, CorePageIteratorYieldsHostPagesAndRanges) {
  UncompressedBufferPageMapping flat;
  const uint32_t P = UncompressedBufferPageMapping::PADDING;
  flat.all_cores = {CoreCoord(0, 0), CoreCoord(1, 0)};
  flat.core_host_page_indices = {{P, 4, 5, P, 9}, {P, P}};
  const BufferPageMapping mapping(flat);
  ASSERT_EQ(mapping.core_page_mappings[0].size(), 1u);
  EXPECT_TRUE(mapping.core_page_mappings[1].empty());
  const BufferCorePageMapping& run = mapping.core_page_mappings[0][0];
  EXPECT_EQ(run.device_start_page, 1u);
  std::vector<std::optional<uint32_t>> pages(run.begin(), run.end());
  EXPECT_EQ(pages, (std::vector<std::optional<uint32_t>>{4u, 5u, std::nullopt, 9u}));
  auto it = run.begin();
  auto r = it.next_range(run.num_pages);
  EXPECT_EQ(std::tie(r.device_page_offset, r.host_page_start, r.num_pages), std::make_tuple(0u, 4u, 2u));
  r = it.next_range(run.num_pages);
  EXPECT_EQ(std::tie(r.device_page_offset, r.host_page_start, r.num_pages), std::make_tuple(2u, P, 1u));
  r = it.next_range(run.num_pages);
  EXPECT_EQ(std::tie(r.device_page_offset, r.host_page_start, r.num_pages), std::make_tuple(3u, 9u, 1u));
  EXPECT_EQ(it, run.end());
}

TEST_F(ShardedPageMapping, FilterByHostRangeKeepsAndRenumbers) {
  auto buffer = block_sharded(device);
  const BufferPageMapping part = buffer->get_buffer_page_mapping()->filter_by_host_range(6, 12);  // row 1
  std::vector<std::tuple<uint32_t, uint32_t, uint32_t>> got, want;
  for (const auto p : part) got.emplace_back(p.core_id, p.device_page, p.host_page);
  for (uint32_t h = 6; h < 12; ++h) want.emplace_back(expected_place(h).core_id, expected_place(h).device_page, h - 6);
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want);
}

// tt-metal takes a ShardSpecBuffer whose tensor shape does not match the
// buffer's pages: the grid's shards hold the tensor's first pages, one after
// another, and buffer pages past them are on no core (written nowhere, read as 0).
TEST_F(ShardedPageMapping, ShardsHoldWhatFitsWhenTheTensorShapeDisagrees) {
  const uint32_t page = 2048, words = page / 4;
  // 8 pages in 2 x 2 page shards on cores (0,0) and (0,1), the tensor said to be 8 x 2 pages.
  ShardSpecBuffer more(CoreRangeSet(CoreRange({0, 0}, {0, 1})), {64, 64}, ShardOrientation::ROW_MAJOR, {32, 32},
                       {8, 2});
  auto buffer = CreateBuffer(ShardedBufferConfig{.device = device,
                                                 .size = 8 * page,
                                                 .page_size = page,
                                                 .buffer_type = BufferType::L1,
                                                 .buffer_layout = TensorMemoryLayout::HEIGHT_SHARDED,
                                                 .shard_parameters = more});
  std::vector<uint32_t> input(8 * words);
  for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<uint32_t>(i + 1);
  detail::WriteToBuffer(buffer, input);
  std::vector<uint32_t> output;
  detail::ReadFromBuffer(buffer, output);
  EXPECT_EQ(output, input);
  for (uint32_t core = 0; core < 2; ++core) {
    std::vector<uint32_t> shard;
    ASSERT_TRUE(detail::ReadFromDeviceL1(device, CoreCoord(0, core), buffer->address(), 4 * page, shard));
    EXPECT_EQ(shard, std::vector<uint32_t>(input.begin() + core * 4 * words, input.begin() + (core + 1) * 4 * words));
  }

  // 8 pages, one page shards on 4 cores, the tensor said to be 4 x 1 pages: pages 4..7 are on no core.
  ShardSpecBuffer fewer(CoreRangeSet(CoreRange({0, 0}, {3, 0})), {32, 32}, ShardOrientation::ROW_MAJOR, {32, 32},
                        {4, 1});
  auto short_buffer = CreateBuffer(ShardedBufferConfig{.device = device,
                                                       .size = 8 * page,
                                                       .page_size = page,
                                                       .buffer_type = BufferType::L1,
                                                       .buffer_layout = TensorMemoryLayout::HEIGHT_SHARDED,
                                                       .shard_parameters = fewer});
  EXPECT_EQ(short_buffer->aligned_size_per_bank(), page);
  detail::WriteToBuffer(short_buffer, input);
  std::vector<uint32_t> fresh;
  detail::ReadFromBuffer(short_buffer, fresh);
  std::vector<uint32_t> expected(input.begin(), input.begin() + 4 * words);
  expected.resize(8 * words, 0);
  EXPECT_EQ(fresh, expected);
}

using CoreSubsetWrite = metalium_test::OneDevice;

void write_subset(Buffer& buffer, const std::vector<uint32_t>& words, const CoreRangeSet& cores) {
  experimental::core_subset_write::WriteToBuffer(
      buffer, tt::stl::Span<const uint8_t>(reinterpret_cast<const uint8_t*>(words.data()), words.size() * 4), cores);
}

TEST_F(CoreSubsetWrite, WritesOnlyThePagesOfTheFilteredCores) {
  auto buffer = block_sharded(device);
  const size_t words = kPages * kPage / 4;
  detail::WriteToBuffer(buffer, std::vector<uint32_t>(words, 0x11111111));
  std::vector<uint32_t> fresh(words);
  for (size_t i = 0; i < words; ++i) fresh[i] = static_cast<uint32_t>(0x40000000 + i);
  const CoreRangeSet filter(std::vector{CoreRange({1, 0}, {1, 0}), CoreRange({0, 1}, {0, 1})});  // cores 1 and 2
  write_subset(*buffer, fresh, filter);
  std::vector<uint32_t> expected(words, 0x11111111);
  for (uint32_t h = 0; h < kPages; ++h) {
    const uint32_t id = expected_place(h).core_id;
    if (id == 1 || id == 2)
      std::copy(fresh.begin() + h * kPage / 4, fresh.begin() + (h + 1) * kPage / 4, expected.begin() + h * kPage / 4);
  }
  std::vector<uint32_t> output;
  detail::ReadFromBuffer(buffer, output);
  EXPECT_EQ(output, expected);
}

TEST_F(CoreSubsetWrite, EmptyFilterWritesNothingAndInterleavedTakesNoOther) {
  auto buffer = block_sharded(device);
  const size_t words = kPages * kPage / 4;
  detail::WriteToBuffer(buffer, std::vector<uint32_t>(words, 5));
  write_subset(*buffer, std::vector<uint32_t>(words, 6), CoreRangeSet());
  std::vector<uint32_t> output;
  detail::ReadFromBuffer(buffer, output);
  EXPECT_EQ(output, std::vector<uint32_t>(words, 5));

  auto interleaved = CreateBuffer(InterleavedBufferConfig{
      .device = device, .size = kPage * 4, .page_size = kPage, .buffer_type = BufferType::L1});
  EXPECT_ANY_THROW(write_subset(*interleaved, std::vector<uint32_t>(kPage, 1), CoreRangeSet(CoreRange({0, 0}, {0, 0}))));
  EXPECT_NO_THROW(write_subset(*interleaved, std::vector<uint32_t>(kPage, 1), CoreRangeSet()));
}

}  // namespace
