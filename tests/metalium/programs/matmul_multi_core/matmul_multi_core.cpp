// C = A x B with the output tiles split over the worker grid by
// split_work_to_cores (tt-metal's matmul_multi_core example): 12 tiles on a
// 5-core sub-grid, so two groups of cores take 3 and 2 tiles.
#include "../matmul/matmul_common.hpp"

using namespace tt::tt_metal;

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  const uint32_t M = 96, K = 64, N = 128;
  const uint32_t n_tiles = (M / 32) * (N / 32);
  const CoreCoord grid = mesh->compute_with_storage_grid_size();
  TT_FATAL(grid.x >= 5 && grid.y >= 1, "the grid {} is smaller than 5 x 1", grid.str());
  auto [n_cores, all_cores, group_1, group_2, per_core_1, per_core_2] = split_work_to_cores(CoreCoord{5, 1}, n_tiles);
  TT_FATAL(n_cores == 5 && per_core_1 == 3 && per_core_2 == 2 && group_1.num_cores() == 2, "unexpected split");
  metalium_test::TileSplit split;
  uint32_t start = 0;
  for (const CoreCoord& core : corerange_to_cores(all_cores)) {
    const uint32_t n = group_1.contains(core) ? per_core_1 : per_core_2;
    split.emplace_back(core, start, n);
    start += n;
  }
  metalium_test::matmul(*mesh, M, K, N, all_cores, split);
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
