// Width- and block-sharded L1 buffers: the host writes pages 0..n-1 (each
// filled with its index), every core of the shard grid writes the first page
// of its own shard to DRAM, and that page must be the one tt-metal places
// first on it: shards go to the cores in row-major order, shard (r, c) of a
// tensor Wt pages wide starting at page r * shard_rows * Wt + c * shard_cols.
// The host also reads the buffer back whole.
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "../common/host_checks.hpp"

using namespace tt::tt_metal;

namespace {

constexpr uint32_t kPageElems = 16 * 16, kPageBytes = kPageElems * sizeof(uint16_t);

void check_layout(distributed::MeshDevice& mesh, TensorMemoryLayout layout, CoreRange grid,
                  std::array<uint32_t, 2> tensor_pages, std::array<uint32_t, 2> shard_pages) {
  const uint32_t n_pages = tensor_pages[0] * tensor_pages[1];
  const ShardSpecBuffer spec(CoreRangeSet(grid), {shard_pages[0] * 16, shard_pages[1] * 16}, ShardOrientation::ROW_MAJOR,
                             {16, 16}, tensor_pages);
  auto sharded = CreateBuffer(ShardedBufferConfig{.device = &mesh,
                                                  .size = n_pages * kPageBytes,
                                                  .page_size = kPageBytes,
                                                  .buffer_type = BufferType::L1,
                                                  .buffer_layout = layout,
                                                  .shard_parameters = spec});
  const uint32_t n_cores = grid.size();
  auto out = CreateBuffer(InterleavedBufferConfig{&mesh, n_cores * kPageBytes, kPageBytes, BufferType::DRAM});
  std::vector<uint16_t> pages(n_pages * kPageElems);
  for (uint32_t p = 0; p < n_pages; ++p) std::fill_n(pages.begin() + p * kPageElems, kPageElems, uint16_t(p + 1));
  detail::WriteToBuffer(sharded, pages);

  Program program = CreateProgram();
  std::vector<uint32_t> cta;
  TensorAccessorArgs(out).append_to(cta);
  cta.push_back(kPageBytes);
  auto k = CreateKernel(program, OVERRIDE_KERNEL_PREFIX "shard_layouts/kernels/first_page_of_shard.cpp", grid,
                        DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default,
                                           .compile_args = cta});
  uint32_t index = 0;
  for (const CoreCoord& core : corerange_to_cores(CoreRangeSet(grid), std::nullopt, /*row_wise=*/true)) {
    SetRuntimeArgs(program, k, core, {sharded->address(), out->address(), index++});
  }
  detail::LaunchProgram(&mesh, program);

  std::vector<uint16_t> firsts;
  detail::ReadFromBuffer(out, firsts);
  const uint32_t shard_grid_cols = tensor_pages[1] / shard_pages[1];
  for (uint32_t s = 0; s < n_cores; ++s) {
    const uint32_t r = s / shard_grid_cols, c = s % shard_grid_cols;
    const uint32_t want = r * shard_pages[0] * tensor_pages[1] + c * shard_pages[1] + 1;
    TT_FATAL(firsts[s * kPageElems] == want && firsts[(s + 1) * kPageElems - 1] == want,
             "layout {}: core #{} holds page {} first, expected page {}", static_cast<int>(layout), s,
             firsts[s * kPageElems] - 1, want - 1);
  }
  std::vector<uint16_t> back;
  detail::ReadFromBuffer(sharded, back);
  TT_FATAL(back == pages, "layout {}: reading the sharded buffer back differs", static_cast<int>(layout));
}

}  // namespace

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  // 2 x 8 pages, width-sharded over 4 cores in a row: 2 x 2 pages each.
  check_layout(*mesh, TensorMemoryLayout::WIDTH_SHARDED, CoreRange({0, 0}, {3, 0}), {2, 8}, {2, 2});
  // 4 x 6 pages, block-sharded over a 3 x 2 grid: 2 x 2 pages each.
  check_layout(*mesh, TensorMemoryLayout::BLOCK_SHARDED, CoreRange({1, 1}, {3, 2}), {4, 6}, {2, 2});
  // 8 x 1 pages, height-sharded over 2 x 2 cores: 2 pages each.
  check_layout(*mesh, TensorMemoryLayout::HEIGHT_SHARDED, CoreRange({0, 0}, {1, 1}), {8, 1}, {2, 1});
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
