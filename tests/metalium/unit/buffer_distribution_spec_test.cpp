// N-d sharding (BufferDistributionSpec): shapes in pages, the cores shards go
// to, the page mapping, and buffers placed by it, each against a placement
// computed here.
#include <gtest/gtest.h>

#include "one_device.h"

#include <cstdint>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/buffer_distribution_spec.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/shape.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace {

using namespace tt::tt_metal;

std::vector<uint32_t> dims(const Shape& s) { return {s.cbegin(), s.cend()}; }

TEST(BufferDistributionSpec, SqueezeMergesOnlyWhatKeepsThePlacement) {
  auto squeezed = [](Shape tensor, Shape shard) {
    auto [t, s] = detail::squeeze_shape_ranks(tensor, shard);
    return std::make_pair(dims(t), dims(s));
  };
  using P = std::pair<std::vector<uint32_t>, std::vector<uint32_t>>;
  // Whole inner dimensions merge, and the first partial one joins them.
  EXPECT_EQ(squeezed(Shape({2, 3, 4, 5}), Shape({1, 3, 4, 5})), (P{{120}, {60}}));
  // Two partial dimensions stay apart.
  EXPECT_EQ(squeezed(Shape({4, 6}), Shape({2, 3})), (P{{4, 6}, {2, 3}}));
  // A shard of 1 over a dimension whose inner one it divides merges.
  EXPECT_EQ(squeezed(Shape({4, 2, 6}), Shape({2, 1, 3})), (P{{4, 12}, {2, 3}}));
  // ... but not when the inner one does not divide.
  EXPECT_EQ(squeezed(Shape({4, 2, 7}), Shape({2, 1, 3})), (P{{4, 2, 7}, {2, 1, 3}}));
  // Tensor dimensions beyond the shard's rank fold into the outermost.
  EXPECT_EQ(squeezed(Shape({3, 4, 5}), Shape({4, 5})), (P{{60}, {20}}));
}

// 3 x 5 pages in 2 x 2 shards over two cores: the shard grid is 2 x 3, shard s
// on core s % 2 as its (s / 2)-th shard, partial shards padded.
TEST(BufferDistributionSpec, PageMappingPutsEachPageInItsShardOnItsCore) {
  const std::vector<CoreCoord> cores = {CoreCoord(0, 0), CoreCoord(1, 0)};
  const UncompressedBufferPageMapping m = detail::compute_page_mapping(Shape({3, 5}), Shape({2, 2}), cores);
  ASSERT_EQ(m.core_host_page_indices.size(), 2u);
  for (const auto& pages : m.core_host_page_indices) ASSERT_EQ(pages.size(), 3u * 4u);  // 3 shards of 4 pages
  size_t mapped = 0;
  for (const auto& pages : m.core_host_page_indices)
    for (uint32_t p : pages) mapped += p != UncompressedBufferPageMapping::PADDING;
  EXPECT_EQ(mapped, 15u);
  for (uint32_t r = 0; r < 3; ++r) {
    for (uint32_t c = 0; c < 5; ++c) {
      const uint32_t shard = (r / 2) * 3 + c / 2;
      const uint32_t device_page = (shard / 2) * 4 + (r % 2) * 2 + c % 2;
      EXPECT_EQ(m.core_host_page_indices[shard % 2][device_page], r * 5 + c) << "page (" << r << ", " << c << ")";
    }
  }
}

TEST(BufferDistributionSpec, FromShardSpecCountsPagesShardsAndCoreGroups) {
  // 2 x 64 x 100 elements in 32 x 32 pages: 2 x 2 x 4 pages; shards of 1 x 32 x 100: 1 x 1 x 4.
  const CoreRangeSet grid(CoreRange({0, 0}, {2, 0}));
  const auto spec = BufferDistributionSpec::from_shard_spec(Shape({2, 64, 100}), Shape({1, 32, 100}), Shape2D(32, 32),
                                                            grid, ShardOrientation::ROW_MAJOR);
  EXPECT_EQ(dims(spec.tensor_shape_in_pages()), (std::vector<uint32_t>{16}));
  EXPECT_EQ(dims(spec.shard_shape_in_pages()), (std::vector<uint32_t>{4}));
  EXPECT_EQ(spec.num_shards(), 4u);
  EXPECT_EQ(spec.num_cores(), 3u);
  EXPECT_EQ(spec.num_cores_with_data(), 3u);
  EXPECT_EQ(spec.max_num_shards_per_core(), 2u);
  EXPECT_EQ(spec.max_num_dev_pages_per_core(), 8u);
  EXPECT_EQ(spec.num_shards_per_core(0), 2u);
  EXPECT_EQ(spec.num_dev_pages_per_core(2), 4u);
  EXPECT_EQ(corerange_to_cores(spec.core_groups().cores_in_group_1), (std::vector<CoreCoord>{{0, 0}}));
  EXPECT_EQ(corerange_to_cores(spec.core_groups().cores_in_group_2), (std::vector<CoreCoord>{{1, 0}, {2, 0}}));
  EXPECT_EQ(std::get<4>(spec.core_groups_tuple()), 2u);
  EXPECT_EQ(std::get<5>(spec.core_groups_tuple()), 1u);
  // Column-major orientation walks the grid down first.
  const auto col = BufferDistributionSpec(Shape({4}), Shape({1}), CoreRangeSet(CoreRange({0, 0}, {1, 1})),
                                          ShardOrientation::COL_MAJOR);
  EXPECT_EQ(col.cores(), (std::vector<CoreCoord>{{0, 0}, {0, 1}, {1, 0}, {1, 1}}));
}

using NdShardedBuffer = metalium_test::OneDevice;

constexpr uint32_t kPage = 64;

// The 3 x 5 page tensor of the mapping test, as a buffer: each core's device
// page d lies at address + d * aligned page size; the host reads back what it wrote.
TEST_F(NdShardedBuffer, PagesLieWhereTheMappingPutsThem) {
  for (BufferType type : {BufferType::L1, BufferType::DRAM}) {
    const auto spec = BufferDistributionSpec(Shape({3, 5}), Shape({2, 2}), CoreRangeSet(CoreRange({0, 0}, {1, 0})),
                                             ShardOrientation::ROW_MAJOR);
    auto buffer = Buffer::create(device, 15 * kPage, kPage, type, BufferShardingArgs(spec));
    EXPECT_EQ(buffer->buffer_layout(), TensorMemoryLayout::BLOCK_SHARDED);
    EXPECT_EQ(buffer->num_cores(), 2u);
    EXPECT_EQ(buffer->aligned_size_per_bank(), 12u * buffer->aligned_page_size());
    std::vector<uint32_t> input(15 * kPage / 4);
    for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<uint32_t>(i * 40503u + 17);
    detail::WriteToBuffer(buffer, input);
    for (uint32_t h = 0; h < 15; ++h) {
      const uint32_t r = h / 5, c = h % 5, shard = (r / 2) * 3 + c / 2;
      const uint32_t core = shard % 2, device_page = (shard / 2) * 4 + (r % 2) * 2 + c % 2;
      const uint32_t address = buffer->address() + device_page * buffer->aligned_page_size();
      std::vector<uint32_t> page;
      if (type == BufferType::L1) {
        ASSERT_TRUE(detail::ReadFromDeviceL1(device, CoreCoord(core, 0), address, kPage, page));
      } else {
        ASSERT_TRUE(detail::ReadFromDeviceDRAMChannel(device, static_cast<int>(core), address, kPage, page));
      }
      EXPECT_EQ(page, std::vector<uint32_t>(input.begin() + h * kPage / 4, input.begin() + (h + 1) * kPage / 4))
          << "host page " << h << (type == BufferType::L1 ? " in L1" : " in DRAM");
    }
    std::vector<uint32_t> output;
    detail::ReadFromBuffer(buffer, output);
    EXPECT_EQ(output, input);
  }
}

// A kernel copies the buffer page by page through its TensorAccessor into an
// interleaved one: the accessor's shapes and banks (a DRAM channel's too)
// must name where each page lies.
TEST_F(NdShardedBuffer, KernelsFindEveryPageThroughTheTensorAccessor) {
  for (BufferType type : {BufferType::L1, BufferType::DRAM}) {
    const auto spec = BufferDistributionSpec(Shape({3, 5}), Shape({2, 2}), CoreRangeSet(CoreRange({0, 0}, {1, 0})),
                                             ShardOrientation::ROW_MAJOR);
    auto input = Buffer::create(device, 15 * kPage, kPage, type, BufferShardingArgs(spec));
    auto output = CreateBuffer(InterleavedBufferConfig{
        .device = device, .size = 15 * kPage, .page_size = kPage, .buffer_type = BufferType::DRAM});
    std::vector<uint32_t> data(15 * kPage / 4);
    for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint32_t>(i * 2246822519u + 3);
    detail::WriteToBuffer(input, data);

    Program program = CreateProgram();
    const CoreCoord core(0, 0);
    CreateCircularBuffer(program, core,
                         CircularBufferConfig(kPage, {{0, tt::DataFormat::UInt32}}).set_page_size(0, kPage));
    std::vector<uint32_t> compile_args;
    TensorAccessorArgs(*input).append_to(compile_args);
    TensorAccessorArgs(*output).append_to(compile_args);
    const KernelHandle k = CreateKernelFromString(program, R"(
        #include "api/dataflow/dataflow_api.h"
        void kernel_main() {
          constexpr auto in_args = TensorAccessorArgs<0>();
          constexpr auto out_args = TensorAccessorArgs<in_args.next_compile_time_args_offset()>();
          const auto in = TensorAccessor(in_args, get_arg_val<uint32_t>(0));
          const auto out = TensorAccessor(out_args, get_arg_val<uint32_t>(1));
          const uint32_t pages = get_arg_val<uint32_t>(2), bytes = get_arg_val<uint32_t>(3);
          const uint32_t scratch = get_write_ptr(0);
          for (uint32_t p = 0; p < pages; ++p) {
            noc_async_read(in.get_noc_addr(p), scratch, bytes);
            noc_async_read_barrier();
            noc_async_write(scratch, out.get_noc_addr(p), bytes);
            noc_async_write_barrier();
          }
        })",
                                                  core, DataMovementConfig{.compile_args = compile_args});
    SetRuntimeArgs(program, k, core, {input->address(), output->address(), 15u, kPage});
    detail::LaunchProgram(device, program);
    std::vector<uint32_t> copied;
    detail::ReadFromBuffer(output, copied);
    EXPECT_EQ(copied, data) << (type == BufferType::L1 ? "L1" : "DRAM");
  }
}

}  // namespace
