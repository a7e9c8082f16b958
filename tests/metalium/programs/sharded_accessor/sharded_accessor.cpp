// TensorAccessorArgs of sharded L1 buffers: the host encodes the tensor and
// shard shapes in pages and the shard grid's cores, and a kernel on a core
// outside the grid reads every page through the TensorAccessor and copies
// it to DRAM. Height-, width- and block-sharded (both orientations): the
// DRAM copy must equal what the host wrote, page for page. The same copy
// through the page iterators (shard_pages(), pages()) must give the same
// pages, and stepping by += 2 through each shard those at even places in it.
#include <fmt/ranges.h>

#include <algorithm>

#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

namespace {

constexpr uint32_t kPageElems = 16 * 16, kPageBytes = kPageElems * sizeof(uint16_t);

void copy_through_accessor(distributed::MeshDevice& mesh, TensorMemoryLayout layout, CoreRange grid,
                           ShardOrientation orientation, std::array<uint32_t, 2> tensor_pages,
                           std::array<uint32_t, 2> shard_pages) {
  const uint32_t n_pages = tensor_pages[0] * tensor_pages[1];
  const ShardSpecBuffer spec(CoreRangeSet(grid), {shard_pages[0] * 16, shard_pages[1] * 16}, orientation, {16, 16},
                             tensor_pages);
  auto sharded = CreateBuffer(ShardedBufferConfig{.device = &mesh,
                                                  .size = n_pages * kPageBytes,
                                                  .page_size = kPageBytes,
                                                  .buffer_type = BufferType::L1,
                                                  .buffer_layout = layout,
                                                  .shard_parameters = spec});
  auto out = CreateBuffer(InterleavedBufferConfig{&mesh, n_pages * kPageBytes, kPageBytes, BufferType::DRAM});
  auto scratch = CreateBuffer(InterleavedBufferConfig{&mesh, kPageBytes, kPageBytes, BufferType::L1});
  std::vector<uint16_t> pages(n_pages * kPageElems);
  for (uint32_t i = 0; i < pages.size(); ++i) pages[i] = uint16_t(i * 7 + 1);
  detail::WriteToBuffer(sharded, pages);

  std::vector<uint32_t> cta;
  TensorAccessorArgs(sharded).append_to(cta);
  // [Sharded, page, rank 2, banks, tensor H W, shard h w, coordinates two per word]
  const auto cores = corerange_to_cores(CoreRangeSet(grid), std::nullopt, orientation == ShardOrientation::ROW_MAJOR);
  std::vector<uint32_t> want = {1, kPageBytes, 2, uint32_t(cores.size()), tensor_pages[0], tensor_pages[1],
                                shard_pages[0], shard_pages[1]};
  for (size_t i = 0; i < cores.size(); ++i) {
    const CoreCoord c = mesh.worker_core_from_logical_core(cores[i]);
    const uint32_t xy = uint32_t(c.x << 8 | c.y);
    if (i % 2 == 0) want.push_back(xy); else want.back() |= xy << 16;
  }
  TT_FATAL(cta == want, "sharded accessor args are {}, expected {}", cta, want);
  TensorAccessorArgs(out).append_to(cta);

  Program program = CreateProgram();
  const CoreCoord core = {5, 5};  // outside every grid: all pages are remote
  auto k = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "sharded_accessor/kernels/copy_pages_by_accessor.cpp", core,
                        DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default,
                                           .compile_args = cta});
  SetRuntimeArgs(program, k, core, {sharded->address(), out->address(), n_pages, scratch->address()});
  detail::LaunchProgram(&mesh, program);
  std::vector<uint16_t> got;
  detail::ReadFromBuffer(out, got);
  TT_FATAL(got == pages, "layout {}: the pages read through the accessor differ from those written",
           static_cast<int>(layout));

  const uint32_t n_shards = ((tensor_pages[0] + shard_pages[0] - 1) / shard_pages[0]) *
                            ((tensor_pages[1] + shard_pages[1] - 1) / shard_pages[1]);
  for (uint32_t mode : {0u, 1u, 2u}) {
    detail::WriteToBuffer(out, std::vector<uint16_t>(pages.size(), 0));  // a missed page stays 0
    Program walk = CreateProgram();
    auto w = CreateKernel(walk, OVERRIDE_KERNEL_PREFIX "sharded_accessor/kernels/copy_pages_by_iterators.cpp", core,
                          DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                             .noc = NOC::RISCV_0_default,
                                             .compile_args = cta});
    SetRuntimeArgs(walk, w, core, {sharded->address(), out->address(), n_shards, scratch->address(), mode});
    detail::LaunchProgram(&mesh, walk);
    detail::ReadFromBuffer(out, got);
    std::vector<uint16_t> expect = pages;
    if (mode == 2) {  // only pages at an even place (row-major) in their shard
      for (uint32_t p = 0; p < n_pages; ++p) {
        const uint32_t r = p / tensor_pages[1], c = p % tensor_pages[1];
        if ((r % shard_pages[0] * shard_pages[1] + c % shard_pages[1]) % 2 == 0) continue;
        std::fill_n(expect.begin() + p * kPageElems, kPageElems, 0);
      }
    }
    TT_FATAL(got == expect, "layout {} iterator mode {}: the pages walked differ from those expected",
             static_cast<int>(layout), mode);
  }
}

}  // namespace

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  using enum TensorMemoryLayout;
  copy_through_accessor(*mesh, HEIGHT_SHARDED, CoreRange({0, 0}, {3, 0}), ShardOrientation::ROW_MAJOR, {4, 6}, {1, 6});
  copy_through_accessor(*mesh, WIDTH_SHARDED, CoreRange({0, 1}, {0, 3}), ShardOrientation::ROW_MAJOR, {4, 6}, {4, 2});
  copy_through_accessor(*mesh, BLOCK_SHARDED, CoreRange({1, 1}, {2, 2}), ShardOrientation::ROW_MAJOR, {4, 6}, {2, 3});
  copy_through_accessor(*mesh, BLOCK_SHARDED, CoreRange({1, 1}, {2, 2}), ShardOrientation::COL_MAJOR, {4, 6}, {2, 3});
  // Partial shards at the edges: 5 x 5 pages in 2 x 2 shards on 9 cores.
  copy_through_accessor(*mesh, BLOCK_SHARDED, CoreRange({0, 4}, {2, 6}), ShardOrientation::ROW_MAJOR, {5, 5}, {2, 2});
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
