// CBs of tiles smaller than 32x32 (tt-metal's tiny tiles) on a fake core:
// the unpacker and packer read and write tiles of the CB's shape (faces of
// 16 columns, row-major face order, as tt-metal's tilize lays them out), and
// broadcasts, eltwise ops and matmul follow the tile's geometry. Results are
// checked against row-major arithmetic on the untiled matrices.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "device/emu/compute/compute.h"
#include "device/emu/compute/formats.h"
#include "test_support.h"
#include "zyxtt/krt.h"
#include "zyxtt/krt_compute.h"
#include "zyxtt/tile_geometry.h"

using namespace zyxtt;
using emu::compute::bf16_to_f32;
using emu::compute::f2u;
using test::FakeCore;
using test::failure_of;

namespace {

constexpr uint32_t BF16 = 5, BFP8B = 6;

// A row-major rows x cols matrix of small integers (exact in bf16, and so
// are their sums, differences and products).
struct Matrix {
  uint32_t rows, cols;
  std::vector<float> v;
  float at(uint32_t r, uint32_t c) const { return v[r * cols + c]; }
};
Matrix pattern(uint32_t rows, uint32_t cols, uint32_t seed, int span = 13) {
  Matrix m{rows, cols, std::vector<float>(rows * cols)};
  for (uint32_t i = 0; i < m.v.size(); ++i) m.v[i] = float(int((i * 7 + seed * 11) % span) - span / 2);
  return m;
}

// bf16 bytes of `m` in tile order: faces of up to 16 rows by 16 columns,
// left to right then top to bottom, each face row after row.
std::vector<uint16_t> to_tile(const Matrix& m) {
  const uint32_t face_rows = std::min(m.rows, 16u);
  std::vector<uint16_t> out;
  for (uint32_t r0 = 0; r0 < m.rows; r0 += face_rows)
    for (uint32_t c0 = 0; c0 < m.cols; c0 += 16)
      for (uint32_t r = r0; r < r0 + face_rows; ++r)
        for (uint32_t c = c0; c < c0 + 16; ++c) out.push_back(uint16_t(f2u(m.at(r, c)) >> 16));
  return out;
}
Matrix from_tile(const uint16_t* t, uint32_t rows, uint32_t cols) {
  Matrix m{rows, cols, std::vector<float>(rows * cols)};
  const uint32_t face_rows = std::min(rows, 16u);
  size_t i = 0;
  for (uint32_t r0 = 0; r0 < rows; r0 += face_rows)
    for (uint32_t c0 = 0; c0 < cols; c0 += 16)
      for (uint32_t r = r0; r < r0 + face_rows; ++r)
        for (uint32_t c = c0; c < c0 + 16; ++c) m.v[r * cols + c] = bf16_to_f32(t[i++]);
  return m;
}

class TinyTiles : public ::testing::Test {
 protected:
  FakeCore fc;
  // bf16 CBs 0 and 1 (inputs) and 16 (two pages, the output), all of shape g.
  void bf16_cbs(TileGeometry g) {
    const uint32_t page = g.hw() * 2;
    fc.configure_cb(0, BF16, page, 1, g);
    fc.configure_cb(1, BF16, page, 1, g);
    fc.configure_cb(16, BF16, page, 2, g);
  }
  // a op b (broadcast as `bcast`) through DST into page 0 of CB 16.
  Matrix run_binary(krt::FpuBinaryOp op, krt::Bcast bcast, const Matrix& a, const Matrix& b) {
    const TileGeometry g{a.rows, a.cols};
    bf16_cbs(g);
    fc.feed(0, to_tile(a).data(), 1);
    fc.feed(1, to_tile(b).data(), 1);
    std::memset(fc.page_ptr(16, 1), 0xAB, g.hw() * 2);  // the page after: untouched
    krt::cb_wait_front(0, 1);
    krt::cb_wait_front(1, 1);
    krt::cb_reserve_back(16, 1);
    krt::dst_acquire();
    krt::fpu_binary(op, 0, 1, 0, 0, 0, bcast, 0);
    krt::dst_commit();
    krt::dst_wait();
    krt::pack_tile(0, 16, 0, true);
    krt::dst_release();
    const uint8_t* next = fc.page_ptr(16, 1);
    EXPECT_TRUE(std::all_of(next, next + g.hw() * 2, [](uint8_t x) { return x == 0xAB; }));
    return from_tile(reinterpret_cast<const uint16_t*>(fc.page_ptr(16, 0)), g.rows, g.cols);
  }
};

}  // namespace

TEST(TileGeometry, BytesPerTileFollowTtMetalsTileSizes) {
  EXPECT_EQ(tile_bytes_of(BF16, {16, 32}), 1024u);
  EXPECT_EQ(tile_bytes_of(0 /* Float32 */, {32, 16}), 2048u);
  EXPECT_EQ(tile_bytes_of(BF16, {32, 32}), 2048u);
  // Block floats: mantissas plus one exponent per face row, padded to 16 bytes.
  EXPECT_EQ(tile_bytes_of(BFP8B, {32, 32}), 1088u);
  EXPECT_EQ(tile_bytes_of(BFP8B, {16, 32}), 512u + 32u);
  EXPECT_EQ(tile_bytes_of(BFP8B, {8, 32}), 256u + 16u);
  EXPECT_EQ(tile_bytes_of(7 /* Bfp4_b */, {1, 32}), 16u + 16u);
  EXPECT_EQ((TileGeometry{16, 32}.num_faces()), 2u);
  EXPECT_EQ((TileGeometry{32, 16}.num_faces()), 2u);
  EXPECT_EQ((TileGeometry{8, 32}.num_faces()), 2u);
  EXPECT_EQ((TileGeometry{4, 16}.num_faces()), 1u);
}

// tt-metal's TensixComputeSingleTileBroadcast tiny-tile cases: 16x32, column broadcast.
TEST_F(TinyTiles, ColumnBroadcastOnSixteenByThirtyTwo) {
  const Matrix a = pattern(16, 32, 1), b = pattern(16, 32, 2);
  const Matrix got = run_binary(krt::FpuBinaryOp::kAdd, krt::Bcast::kCol, a, b);
  for (uint32_t r = 0; r < 16; ++r)
    for (uint32_t c = 0; c < 32; ++c) ASSERT_EQ(got.at(r, c), a.at(r, c) + b.at(r, 0)) << r << "," << c;
}

// 32x16: the second face is the lower half, so a row broadcast spreads row 0
// of the first face over both.
TEST_F(TinyTiles, RowBroadcastOnThirtyTwoBySixteen) {
  const Matrix a = pattern(32, 16, 3), b = pattern(32, 16, 4);
  const Matrix got = run_binary(krt::FpuBinaryOp::kSub, krt::Bcast::kRow, a, b);
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 16; ++c) ASSERT_EQ(got.at(r, c), a.at(r, c) - b.at(0, c)) << r << "," << c;
}

TEST_F(TinyTiles, ColumnBroadcastOnThirtyTwoBySixteen) {
  const Matrix a = pattern(32, 16, 5), b = pattern(32, 16, 6);
  const Matrix got = run_binary(krt::FpuBinaryOp::kMul, krt::Bcast::kCol, a, b);
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 16; ++c) ASSERT_EQ(got.at(r, c), a.at(r, c) * b.at(r, 0)) << r << "," << c;
}

// Faces of 8 rows.
TEST_F(TinyTiles, EltwiseOnEightByThirtyTwo) {
  const Matrix a = pattern(8, 32, 7), b = pattern(8, 32, 8);
  const Matrix got = run_binary(krt::FpuBinaryOp::kMul, krt::Bcast::kNone, a, b);
  for (uint32_t r = 0; r < 8; ++r)
    for (uint32_t c = 0; c < 32; ++c) ASSERT_EQ(got.at(r, c), a.at(r, c) * b.at(r, c)) << r << "," << c;
}

// A 16x32 in0 times a 32x32 in1 is a 16x32 product.
TEST_F(TinyTiles, MatmulOfATinyInputIsATinyProduct) {
  fc.configure_cb(0, BF16, 1024, 1, {16, 32});
  fc.configure_cb(1, BF16, 2048, 1);
  fc.configure_cb(16, BF16, 1024, 1, {16, 32});
  const Matrix a = pattern(16, 32, 9, 5), b = pattern(32, 32, 10, 5);
  fc.feed(0, to_tile(a).data(), 1);
  fc.feed(1, to_tile(b).data(), 1);
  krt::cb_wait_front(0, 1);
  krt::cb_wait_front(1, 1);
  krt::cb_reserve_back(16, 1);
  krt::dst_acquire();
  krt::matmul(0, 1, 0, 0, 0, 0, 1, 1, 1);
  krt::dst_commit();
  krt::dst_wait();
  krt::pack_tile(0, 16, 0, true);
  krt::dst_release();
  const Matrix got = from_tile(reinterpret_cast<const uint16_t*>(fc.page_ptr(16, 0)), 16, 32);
  for (uint32_t r = 0; r < 16; ++r) {
    for (uint32_t c = 0; c < 32; ++c) {
      float want = 0;
      for (uint32_t k = 0; k < 32; ++k) want += a.at(r, k) * b.at(k, c);
      ASSERT_EQ(got.at(r, c), want) << r << "," << c;
    }
  }
}

// A column max over a 16x32 tile of negative values: the rows the tile does
// not have (zero padding in the emulator's DST) take no part.
TEST_F(TinyTiles, ColumnMaxIgnoresRowsTheTileDoesNotHave) {
  fc.configure_cb(0, BF16, 1024, 1, {16, 32});
  fc.configure_cb(2, BF16, 2048, 1);
  fc.configure_cb(16, BF16, 1024, 1, {16, 32});
  Matrix a = pattern(16, 32, 11);
  for (float& x : a.v) x = -1.0f - std::abs(x);
  fc.feed(0, to_tile(a).data(), 1);
  const std::vector<uint16_t> ones(1024, 0x3F80);  // bf16 1.0
  fc.feed(2, ones.data(), 1);
  krt::cb_wait_front(0, 1);
  krt::cb_wait_front(2, 1);
  krt::cb_reserve_back(16, 1);
  krt::dst_acquire();
  krt::reduce(krt::ReducePool::kMax, krt::ReduceDim::kCol, 0, 2, 0, 0, 0);
  krt::dst_commit();
  krt::dst_wait();
  krt::pack_tile(0, 16, 0, true);
  krt::dst_release();
  const Matrix got = from_tile(reinterpret_cast<const uint16_t*>(fc.page_ptr(16, 0)), 16, 32);
  for (uint32_t c = 0; c < 32; ++c) {
    float want = a.at(0, c);
    for (uint32_t r = 1; r < 16; ++r) want = std::max(want, a.at(r, c));
    ASSERT_EQ(got.at(0, c), want) << "column " << c;
  }
}

// Bfp8_b 16x32: 32 exponents (one per face row, 16-byte padded), then 512
// mantissa bytes; copy_tile and pack_tile give the bytes back.
TEST_F(TinyTiles, BlockFloatTinyTileRoundTrips) {
  const uint32_t bytes = tile_bytes_of(BFP8B, {16, 32});
  fc.configure_cb(0, BFP8B, bytes, 1, {16, 32});
  fc.configure_cb(16, BFP8B, bytes, 1, {16, 32});
  std::vector<uint8_t> tile(bytes);
  for (uint32_t row = 0; row < 32; ++row) tile[row] = uint8_t(120 + row % 9);
  // Each code has its leading one set (bit 6), so every row stays normalised.
  for (uint32_t i = 0; i < 512; ++i) tile[32 + i] = uint8_t(0x40 | (i * 5 % 64) | (i % 3 == 0 ? 0x80 : 0));
  fc.feed(0, tile.data(), 1);
  krt::cb_wait_front(0, 1);
  krt::cb_reserve_back(16, 1);
  krt::dst_acquire();
  krt::copy_tile(0, 0, 0);
  // Face 1, row 3, column 5 of the tile (row 3, column 21) is face row 19.
  const uint8_t code = tile[32 + 19 * 16 + 5];
  const float want = (code & 0x80 ? -1.0f : 1.0f) * float(code & 0x7F) / 64.0f *
                     __builtin_ldexpf(1.0f, int(tile[19]) - 127);
  EXPECT_EQ(fc.compute().dst[0].v[256 + 3 * 16 + 5], want);
  krt::dst_commit();
  krt::dst_wait();
  krt::pack_tile(0, 16, 0, true);
  krt::dst_release();
  EXPECT_EQ(std::memcmp(fc.page_ptr(16, 0), tile.data(), bytes), 0);
}

TEST_F(TinyTiles, PagesSmallerThanTheTinyTileAreRefused) {
  fc.configure_cb(0, BF16, 512, 2, {16, 32});
  std::vector<uint8_t> zeros(512);
  fc.feed(0, zeros.data(), 1);
  krt::cb_wait_front(0, 1);
  krt::dst_acquire();
  const std::string msg = failure_of([] { krt::copy_tile(0, 0, 0); });
  EXPECT_NE(msg.find("CB 0 pages are 512 bytes, smaller than one Float16_b 16x32 tile (1024 bytes)"),
            std::string::npos)
      << msg;
}

TEST_F(TinyTiles, TilizeOfTinyTilesIsRefused) {
  fc.configure_cb(0, BF16, 1024, 1, {16, 32});
  fc.configure_cb(16, BF16, 1024, 1, {16, 32});
  const std::string msg = failure_of([] { krt::tilize_block(0, 1, 16, 0, 0); });
  EXPECT_NE(msg.find("tilize_block: CB 0 holds 16x32 tiles"), std::string::npos) << msg;
}
