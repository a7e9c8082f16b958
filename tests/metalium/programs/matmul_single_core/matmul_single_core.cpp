// C = A x B (96 x 64 times 64 x 128, bfloat16) on one core: host tilizes
// and untilizes (tt-metal's matmul_single_core example).
#include "../matmul/matmul_common.hpp"

using namespace tt::tt_metal;

int main() {
  auto mesh = distributed::MeshDevice::create_unit_mesh(0);
  const uint32_t M = 96, K = 64, N = 128;
  const CoreCoord core = {0, 0};
  metalium_test::matmul(*mesh, M, K, N, CoreRangeSet(CoreRange(core)), {{core, 0, (M / 32) * (N / 32)}});
  mesh->close();
  fmt::print("Test Passed\n");
  return 0;
}
