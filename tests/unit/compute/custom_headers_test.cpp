// tt-metal's SDPA-era compute headers (reduce_custom.h, sfpu_binary_bcast.h,
// transpose_wh_dest.h, experimental/*): kernels of our own in the shape of
// ttnn's SDPA compute code, built by the runtime's kernel compiler, run on a
// fake core and checked against references computed here from each call's
// documented meaning. Inputs are multiples of 1/16 below 16 in magnitude, so
// TF32 operands, products and these short sums are exact.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_loader.h"
#include "test_support.h"
#include "tile_layout.h"
#include "zyxtt/krt.h"

namespace zyxtt {
namespace {

using testing::face_index;

constexpr uint32_t kF32 = 0;

// Tile t of a test input: value (r, c) at face position, a multiple of 1/16 in [-15, 15].
std::vector<float> sixteenths(uint32_t seed, uint32_t tiles, int bias = 0) {
  std::vector<float> v(tiles * 1024);
  for (uint32_t i = 0; i < v.size(); ++i) v[i] = float(int((i * 2654435761u + seed * 40503u) % 481) - 240 + bias) / 16.0f;
  return v;
}
float at(const std::vector<float>& v, uint32_t tile, uint32_t r, uint32_t c) { return v[tile * 1024 + face_index(r, c)]; }
float out(test::FakeCore& fc, uint32_t page, uint32_t r, uint32_t c) {
  return reinterpret_cast<const float*>(fc.page_ptr(16, page))[face_index(r, c)];
}

// reduce_block_max_row over a 32 x 96 block (compile-time and runtime forms,
// the second on top of a previous max copied in by copy_tile_custom), then
// sub_tiles_bcast_cols_custom of that previous max, packed by pack_block_contiguous.
TEST(CustomComputeHeaders, BlockRowMaxSdpaSubAndPackBlock) {
  const emu::KernelEntry entry = test::build_compute("block_max", R"ZYX(
#include "api/compute/reduce_custom.h"
#include "api/compute/experimental/sdpa_sub_custom.h"
#include "api/compute/experimental/tile_move_copy_custom.h"
#include "api/compute/experimental/pack_block.h"
void kernel_main() {
  constexpr uint32_t in = 0, scaler = 1, prev = 2, out = 16;
  cb_wait_front(in, 3);
  cb_wait_front(scaler, 1);
  cb_wait_front(prev, 1);
  cb_reserve_back(out, 5);
  tile_regs_acquire();
  reduce_block_max_row_init<3>(out);
  reduce_block_max_row<3>(in, scaler, 0, 0);
  reduce_block_max_row_uninit(in);
  copy_tile_to_dst_init_short(prev);
  copy_tile_custom(prev, 0, 1);
  reduce_block_max_row_init_runtime(out, 3);
  reduce_block_max_row_runtime(in, scaler, 0, 1);
  reduce_block_max_row_uninit_runtime(in);
  tile_regs_commit();
  tile_regs_wait();
  pack_tile(0, out);
  pack_tile(1, out);
  tile_regs_release();
  sub_bcast_cols_init_short_custom(in, prev, 3);
  tile_regs_acquire();
  sub_tiles_bcast_cols_custom(in, prev, 0, 0, 0, 3);
  tile_regs_commit();
  tile_regs_wait();
  pack_block_contiguous_init(out);
  pack_block_contiguous(0, out, 3);
  tile_regs_release();
  cb_push_back(out, 5);
  cb_pop_front(in, 3);
}
)ZYX");
  ASSERT_TRUE(entry);
  const std::vector<float> a = sixteenths(1, 3, -100);  // mostly negative: the max must not stop at a zeroed DST
  const std::vector<float> prev = sixteenths(2, 1);
  const std::vector<float> ones(1024, 1.0f);
  test::FakeCore fc;
  fc.configure_cb(0, kF32, 4096, 3);
  fc.configure_cb(1, kF32, 4096, 1);
  fc.configure_cb(2, kF32, 4096, 1);
  fc.configure_cb(16, kF32, 4096, 5);
  fc.feed(0, a.data(), 3);
  fc.feed(1, ones.data(), 1);
  fc.feed(2, prev.data(), 1);
  ASSERT_EQ(entry(), 0);
  for (uint32_t r = 0; r < 32; ++r) {
    float m = -INFINITY;
    for (uint32_t t = 0; t < 3; ++t)
      for (uint32_t c = 0; c < 32; ++c) m = std::max(m, at(a, t, r, c));
    ASSERT_EQ(out(fc, 0, r, 0), m) << "row " << r;
    ASSERT_EQ(out(fc, 1, r, 0), std::max(m, at(prev, 0, r, 0))) << "row " << r;
    for (uint32_t t = 0; t < 3; ++t)
      for (uint32_t c = 0; c < 32; ++c)
        ASSERT_EQ(out(fc, 2 + t, r, c), at(a, t, r, c) - at(prev, 0, r, 0)) << "tile " << t << " (" << r << "," << c << ")";
  }
}

// The six sfpu_{add,sub,mul}_bcast_{col,row} calls and the templated
// sfpu_bcast<ROW, ELWSUB>, then transpose_wh_dest, all inside DST.
TEST(CustomComputeHeaders, SfpuBinaryBcastAndTransposeDest) {
  const emu::KernelEntry entry = test::build_compute("sfpu_bcast", R"ZYX(
#include "api/compute/sfpu_binary_bcast.h"
#include "api/compute/transpose_wh_dest.h"
#include "api/compute/tile_move_copy.h"
void kernel_main() {
  constexpr uint32_t in = 0, out = 16;
  copy_tile_to_dst_init_short(in);
  cb_wait_front(in, 2);
  cb_reserve_back(out, 8);
  for (uint32_t op = 0; op < 8; ++op) {
    tile_regs_acquire();
    copy_tile(in, 0, 0);
    copy_tile(in, 1, 1);
    switch (op) {
      case 0: sfpu_add_bcast_col_init(); sfpu_add_bcast_col(0, 1); break;
      case 1: sfpu_sub_bcast_col_init(); sfpu_sub_bcast_col(0, 1); break;
      case 2: sfpu_mul_bcast_col_init(); sfpu_mul_bcast_col(0, 1); break;
      case 3: sfpu_add_bcast_row_init(); sfpu_add_bcast_row(0, 1); break;
      case 4: sfpu_sub_bcast_row_init(); sfpu_sub_bcast_row(0, 1); break;
      case 5: sfpu_mul_bcast_row_init(); sfpu_mul_bcast_row(0, 1); break;
      case 6: sfpu_bcast_init<BroadcastType::ROW>(); sfpu_bcast<BroadcastType::ROW, ELWSUB>(0, 1); break;
      default: transpose_wh_dest_init_short<true>(); transpose_wh_dest<true>(0); break;
    }
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
  }
  cb_push_back(out, 8);
  cb_pop_front(in, 2);
}
)ZYX");
  ASSERT_TRUE(entry);
  const std::vector<float> x = sixteenths(3, 2);  // tile 0 data, tile 1 the broadcast vector
  test::FakeCore fc;
  fc.configure_cb(0, kF32, 4096, 2);
  fc.configure_cb(16, kF32, 4096, 8);
  fc.feed(0, x.data(), 2);
  ASSERT_EQ(entry(), 0);
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) {
      const float d = at(x, 0, r, c), col = at(x, 1, r, 0), row = at(x, 1, 0, c);
      const float want[8] = {d + col, d - col, d * col, d + row, d - row, d * row, d - row, at(x, 0, c, r)};
      for (uint32_t op = 0; op < 8; ++op) ASSERT_EQ(out(fc, op, r, c), want[op]) << "op " << op << " (" << r << "," << c << ")";
    }
}

// matmul_block_no_mop: a 64 x 64 by 64 x 32 product in two K steps into DST
// 0 and 1; mul_reduce_scalar_tile: the dot product of three tile pairs.
TEST(CustomComputeHeaders, MatmulNoMopAndMulReduceScalar) {
  const emu::KernelEntry entry = test::build_compute("mm_no_mop", R"ZYX(
#include "api/compute/experimental/matmul_custom.h"
#include "api/compute/experimental/mul_reduce_scalar.h"
void kernel_main() {
  constexpr uint32_t a = 0, b = 1, x = 2, y = 3, out = 16;
  static_assert(MM_THROTTLE == 0);
  mm_init(a, b, out);
  cb_wait_front(a, 4);
  cb_wait_front(b, 2);
  cb_reserve_back(out, 6);
  mm_no_mop_init_short(a, b, false, 1, 2, 2);
  tile_regs_acquire();
  for (uint32_t k = 0; k < 2; ++k) matmul_block_no_mop(a, b, k, k, 0, false, 1, 2, 2);
  tile_regs_commit();
  tile_regs_wait();
  pack_tile(0, out);
  pack_tile(1, out);
  tile_regs_release();
  cb_wait_front(x, 3);
  cb_wait_front(y, 3);
  for (uint32_t pass = 0; pass < 2; ++pass) {
    mul_reduce_scalar_init(x, y);
    tile_regs_acquire();
    mul_reduce_scalar_tile(x, y, out, 3, pass == 0 ? 1.0f : 0.5f);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    pack_tile(2, out);
    tile_regs_release();
    mul_reduce_scalar_uninit();
  }
  cb_push_back(out, 6);
}
)ZYX");
  ASSERT_TRUE(entry);
  const std::vector<float> a = sixteenths(4, 4), b = sixteenths(5, 2), x = sixteenths(6, 3), y = sixteenths(7, 3);
  test::FakeCore fc;
  for (uint32_t cb : {0u, 1u, 2u, 3u}) fc.configure_cb(cb, kF32, 4096, 4);
  fc.configure_cb(16, kF32, 4096, 6);
  fc.feed(0, a.data(), 4);
  fc.feed(1, b.data(), 2);
  fc.feed(2, x.data(), 3);
  fc.feed(3, y.data(), 3);
  ASSERT_EQ(entry(), 0);
  // A is 2 x 2 tiles (row-major), B 2 x 1: C[i][j] = sum over k < 64 of A[i][k] B[k][j].
  for (uint32_t i = 0; i < 64; ++i)
    for (uint32_t j = 0; j < 32; ++j) {
      double ref = 0, mag = 0;
      for (uint32_t k = 0; k < 64; ++k) {
        const double p = double(at(a, (i / 32) * 2 + k / 32, i % 32, k % 32)) * at(b, k / 32, k % 32, j);
        ref += p, mag += std::fabs(p);
      }
      ASSERT_NEAR(out(fc, i / 32, i % 32, j), ref, 64 * std::ldexp(mag, -24)) << "C[" << i << "][" << j << "]";
    }
  double dot = 0, mag = 0;
  for (uint32_t k = 0; k < 3 * 1024; ++k) dot += double(x[k]) * y[k], mag += std::fabs(double(x[k]) * y[k]);
  const double tol = 3 * 1024 * std::ldexp(mag, -24);
  EXPECT_NEAR(out(fc, 2, 0, 0), dot, tol);
  EXPECT_NEAR(out(fc, 4, 0, 0), 0.25 * dot, tol);  // the scaler, 0.5, applies in both reduce passes
  uint32_t nonzero = 0;
  for (uint32_t i = 1; i < 1024; ++i) nonzero += reinterpret_cast<const float*>(fc.page_ptr(16, 2))[i] != 0.0f;
  EXPECT_EQ(nonzero, 0u) << "DST[0] holds only the scalar";
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) ASSERT_EQ(out(fc, 3, r, c), at(x, 2, r, c) * at(y, 2, r, c)) << "DST[2] keeps x*y";
}

// experimental/semaphore.h: the counter lives in the core's semaphore 0.
TEST(CustomComputeHeaders, ComputeSemaphoreCounts) {
  const emu::KernelEntry entry = test::build_compute("semaphore", R"ZYX(
#include "api/compute/experimental/semaphore.h"
void kernel_main() {
  ckernel::Semaphore s(0);
  s.set(5);
  s.up(2);
  s.wait(7);
  s.down(3);
  s.wait_min(4);
}
)ZYX");
  ASSERT_TRUE(entry);
  test::FakeCore fc;
  ASSERT_EQ(entry(), 0);
  const uint32_t sem = krt::semaphore_addr(0);
  EXPECT_EQ(*reinterpret_cast<const uint32_t*>(uintptr_t(sem)), 4u);
}

}  // namespace
}  // namespace zyxtt
