// The layout-aware FPU ops (matmul, reduce, transpose, broadcast), the new
// formats (Bfp4_b, Int8), and the krt calls built on them, against fp64
// references computed here from the definitions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "device/emu/compute/compute.h"
#include "device/emu/compute/formats.h"
#include "device/emu/compute/tile_math.h"
#include "test_support.h"
#include "zyxtt/krt.h"
#include "zyxtt/krt_compute.h"

using namespace zyxtt;
using namespace zyxtt::emu::compute;
using test::FakeCore;
using test::failure_of;

namespace {

constexpr uint32_t F32 = 0, BF16 = 5, BFP8B = 6, BFP4B = 7, I32 = 8, U16 = 9, I8 = 14, U32 = 24, U8 = 30;

// Independent face-layout index (hardware-model.md section 1), spelled out.
uint32_t at(uint32_t r, uint32_t c) {
  uint32_t face = (r / 16) * 2 + c / 16;
  return face * 256 + (r % 16) * 16 + c % 16;
}

// Finite values that exercise signs, zeros and magnitudes; bf16-exact so FPU
// operand reduction (TF32) does not enter the reference.
std::vector<float> bf16_values(uint32_t seed, float lim) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-lim, lim);
  std::vector<float> v(kTileElems);
  for (auto& x : v) x = bf16_to_f32(f32_to_bf16(d(rng), Rounding::kNearestEven));
  v[0] = 0.0f, v[1] = -0.0f, v[2] = std::numeric_limits<float>::min(), v[3] = -lim;
  return v;
}

}  // namespace

TEST(FpuMath, TileIndexIsFaceLayout) {
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) ASSERT_EQ(tile_index(r, c), at(r, c));
  EXPECT_EQ(tile_index(0, 16), 256u);   // face 1 starts at element 256
  EXPECT_EQ(tile_index(16, 0), 512u);   // face 2
  EXPECT_EQ(tile_index(31, 31), 1023u);
}

TEST(FpuMath, MatmulMatchesFp64) {
  std::vector<float> a = bf16_values(1, 4.0f), b = bf16_values(2, 4.0f);
  for (bool transpose : {false, true}) {
    std::vector<float> d(kTileElems, 0.0f);
    // Two K steps into one DST tile: the second accumulates.
    matmul_acc(a.data(), b.data(), d.data(), transpose);
    matmul_acc(b.data(), a.data(), d.data(), transpose);
    for (uint32_t i = 0; i < 32; ++i)
      for (uint32_t j = 0; j < 32; ++j) {
        double ref = 0, mag = 0;
        for (uint32_t k = 0; k < 32; ++k) {
          double bkj = transpose ? b[at(j, k)] : b[at(k, j)];
          double akj = transpose ? a[at(j, k)] : a[at(k, j)];
          ref += double(a[at(i, k)]) * bkj + double(b[at(i, k)]) * akj;
          mag += std::fabs(double(a[at(i, k)]) * bkj) + std::fabs(double(b[at(i, k)]) * akj);
        }
        // fp32 accumulation of 64 exact products: error <= 64 * 2^-24 * sum|p|.
        ASSERT_LE(std::fabs(d[at(i, j)] - ref), 64 * std::ldexp(mag, -24) + 1e-30)
            << "C[" << i << "][" << j << "] transpose " << transpose;
      }
  }
}

TEST(FpuMath, TransposeAndBroadcast) {
  std::vector<float> a(kTileElems), t(kTileElems), o(kTileElems);
  for (uint32_t i = 0; i < kTileElems; ++i) a[i] = float(i);
  transpose_tile(a.data(), t.data());
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) ASSERT_EQ(t[at(r, c)], a[at(c, r)]);
  broadcast_operand(krt::Bcast::kCol, a.data(), o.data());
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) ASSERT_EQ(o[at(r, c)], a[at(r, 0)]);
  broadcast_operand(krt::Bcast::kRow, a.data(), o.data(), 5);
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) ASSERT_EQ(o[at(r, c)], a[at(5, c)]);
  broadcast_operand(krt::Bcast::kScalar, a.data(), o.data());
  for (float v : o) ASSERT_EQ(v, a[0]);
}

TEST(FpuMath, ReducePlacementAndValues) {
  std::vector<float> a = bf16_values(3, 100.0f);
  for (auto& x : a) x = -std::fabs(x) - 1.0f;  // all negative: MAX must not clamp at the zeroed DST
  std::vector<float> s(kTileElems, 0.0f);
  const float scale = 0.5f;
  for (uint32_t f = 0; f < 4; ++f)
    for (uint32_t j = 0; j < 16; ++j) s[f * 256 + j] = scale;  // row 0 of every face
  using P = krt::ReducePool;
  using D = krt::ReduceDim;
  for (P p : {P::kSum, P::kMax}) {
    for (D dim : {D::kRow, D::kCol, D::kScalar}) {
      std::vector<float> d(kTileElems, 0.0f);
      reduce_acc(p, dim, a.data(), s.data(), d.data(), /*fresh=*/true);
      auto red = [&](uint32_t n, auto get) {
        double acc = p == P::kMax ? -INFINITY : 0.0;
        for (uint32_t k = 0; k < n; ++k) acc = p == P::kMax ? std::max(acc, get(k)) : acc + get(k);
        return acc;
      };
      for (uint32_t i = 0; i < 32; ++i) {
        double ref;
        uint32_t pos;
        if (dim == D::kRow) ref = red(32, [&](uint32_t c) { return double(a[at(i, c)]) * scale; }), pos = at(i, 0);
        else if (dim == D::kCol) ref = red(32, [&](uint32_t r) { return double(a[at(r, i)]) * scale; }), pos = at(0, i);
        else if (i == 0) {
          ref = red(32, [&](uint32_t r) { return red(32, [&](uint32_t c) { return double(a[at(r, c)]) * scale; }) * scale; });
          pos = 0;
        } else break;
        EXPECT_NEAR(d[pos], ref, std::fabs(ref) * 1e-6) << int(p) << " dim " << int(dim) << " i " << i;
      }
      // Everything else stays as DST was (zero).
      uint32_t nonzero = 0;
      for (uint32_t i = 0; i < kTileElems; ++i) nonzero += d[i] != 0.0f;
      EXPECT_EQ(nonzero, dim == D::kScalar ? 1u : 32u);
      if (dim == D::kRow) {  // column 0 of faces 0 and 2 only
        for (uint32_t i = 0; i < kTileElems; ++i)
          if (d[i] != 0.0f) {
            EXPECT_TRUE((i / 256 == 0 || i / 256 == 2) && i % 16 == 0) << i;
          }
      }
    }
  }
  // A second reduce into a written tile combines: SUM adds, MAX keeps the max.
  std::vector<float> d(kTileElems, 0.0f);
  reduce_acc(P::kMax, D::kRow, a.data(), s.data(), d.data(), true);
  float first = d[0];
  std::vector<float> b(kTileElems, -1e9f);
  reduce_acc(P::kMax, D::kRow, b.data(), s.data(), d.data(), false);
  EXPECT_EQ(d[0], first);
  reduce_acc(P::kSum, D::kRow, a.data(), s.data(), d.data(), false);
  EXPECT_LT(d[0], first);
}

TEST(FormatsMore, Bfp4bAndInt8) {
  // Bfp4_b: values exactly representable with 3 mantissa bits under their
  // row's shared exponent survive a round trip bit-exactly.
  std::vector<float> v(kTileElems);
  for (uint32_t i = 0; i < kTileElems; ++i) {
    float mags[] = {0.0f, 0.25f, 0.5f, 0.75f, 1.0f, 1.25f, 1.5f, 1.75f};
    float x = mags[i % 8] * std::ldexp(1.0f, int(i / 16) % 20 - 10);
    v[i] = (i % 3 == 0) ? -x : x;
  }
  for (uint32_t row = 0; row < 64; ++row) v[row * 16 + 7] = 1.75f * std::ldexp(1.0f, int(row) % 20 - 10) * ((row & 1) ? -1 : 1);
  std::vector<uint8_t> bytes(tile_bytes(BFP4B));
  EXPECT_EQ(bytes.size(), 576u);
  ASSERT_TRUE(pack_tile(BFP4B, v.data(), bytes.data(), PackOptions{}));
  std::vector<float> back(kTileElems);
  ASSERT_TRUE(unpack_tile(BFP4B, bytes.data(), back.data(), false));
  for (uint32_t i = 0; i < kTileElems; ++i) ASSERT_EQ(std::fabs(back[i]), std::fabs(v[i])) << i;
  // Bfp4_b keeps 3 bits: 1 + 1/16 rounds to 1 (nearest even) at exponent 0.
  std::vector<float> w(kTileElems, 1.0f + 1.0f / 16);
  w[0] = 1.0f;
  pack_tile(BFP4B, w.data(), bytes.data(), PackOptions{});
  unpack_tile(BFP4B, bytes.data(), back.data(), false);
  EXPECT_EQ(back[1], 1.0f);
  // Bfp8_b max error over a random sweep: half a step of the row's exponent.
  std::vector<float> r = bf16_values(9, 10.0f);
  std::vector<uint8_t> b8(tile_bytes(BFP8B));
  pack_tile(BFP8B, r.data(), b8.data(), PackOptions{});
  unpack_tile(BFP8B, b8.data(), back.data(), false);
  for (uint32_t row = 0; row < 64; ++row) {
    int emax = -200;
    for (uint32_t j = 0; j < 16; ++j)
      if (r[row * 16 + j] != 0) emax = std::max(emax, std::ilogb(r[row * 16 + j]));
    for (uint32_t j = 0; j < 16; ++j)
      ASSERT_LE(std::fabs(back[row * 16 + j] - r[row * 16 + j]), std::ldexp(1.0, emax - 6) * 0.5 + 1e-30);
  }
  // Int8 is sign-magnitude in L1, int32 in DST, saturating on pack.
  std::vector<float> ints(kTileElems);
  for (uint32_t i = 0; i < kTileElems; ++i) ints[i] = u2f(uint32_t(int32_t(i % 255) - 127));
  ints[0] = u2f(uint32_t(300)), ints[1] = u2f(uint32_t(-300));
  std::vector<uint8_t> b1(tile_bytes(I8));
  pack_tile(I8, ints.data(), b1.data(), PackOptions{});
  EXPECT_EQ(b1[0], 0x7F);
  EXPECT_EQ(b1[1], 0xFF);
  EXPECT_EQ(b1[2], 0x80 | 125);  // -125
  unpack_tile(I8, b1.data(), back.data(), false);
  for (uint32_t i = 2; i < kTileElems; ++i) ASSERT_EQ(int32_t(f2u(back[i])), int32_t(i % 255) - 127);
  // Integer formats round-trip bit-exactly.
  for (uint32_t f : {I32, U32, U16, U8}) {
    std::vector<float> in(kTileElems);
    std::mt19937 rng(f);
    uint32_t mask = f == U16 ? 0xFFFF : (f == U8 ? 0xFF : 0xFFFFFFFF);
    for (auto& x : in) x = u2f(rng() & mask);
    std::vector<uint8_t> raw(tile_bytes(f));
    pack_tile(f, in.data(), raw.data(), PackOptions{});
    unpack_tile(f, raw.data(), back.data(), false);
    for (uint32_t i = 0; i < kTileElems; ++i) ASSERT_EQ(f2u(back[i]), f2u(in[i])) << f;
  }
}

// ---- krt level, on a fake core ------------------------------------------------------
class FpuKrt : public ::testing::Test {
 protected:
  FakeCore fc;
  float* dst(uint32_t i) { return fc.compute().dst[i].v; }
  void cb(uint32_t id, uint32_t fmt, uint32_t pages = 4) { fc.configure_cb(id, fmt, tile_bytes(fmt), pages); }
  void feed_f32(uint32_t id, const std::vector<float>& v) {
    fc.feed(id, v.data(), 1);
  }
  std::vector<float> page_f32(uint32_t id, uint32_t page) {
    std::vector<float> v(kTileElems);
    std::memcpy(v.data(), fc.page_ptr(id, page), 4096);
    return v;
  }
};

TEST_F(FpuKrt, MatmulBlockAccumulatesIntoConsecutiveDst) {
  cb(0, F32), cb(1, F32);
  // A block 2 x 2 (rt x kt), B block 2 x 1 (kt x ct); in0 tile index + rt*kt.
  std::vector<std::vector<float>> A, B;
  for (uint32_t t = 0; t < 4; ++t) A.push_back(bf16_values(10 + t, 2.0f)), feed_f32(0, A.back());
  for (uint32_t t = 0; t < 2; ++t) B.push_back(bf16_values(20 + t, 2.0f)), feed_f32(1, B.back());
  krt::cb_wait_front(0, 4);
  krt::cb_wait_front(1, 2);
  krt::dst_acquire();
  for (uint32_t k = 0; k < 2; ++k) krt::matmul(0, 1, k, k, 0, 0, /*ct*/ 1, /*rt*/ 2, /*kt*/ 2);
  for (uint32_t rt = 0; rt < 2; ++rt) {
    std::vector<float> ref(kTileElems, 0.0f);
    for (uint32_t k = 0; k < 2; ++k) matmul_acc(A[rt * 2 + k].data(), B[k].data(), ref.data(), false);
    for (uint32_t i = 0; i < kTileElems; ++i) ASSERT_NEAR(dst(rt)[i], ref[i], 1e-4f * (1 + std::fabs(ref[i])));
  }
  EXPECT_NE(failure_of([] { krt::matmul(0, 1, 0, 0, 3, 0, 2, 1, 1); }).find("DST index 4"), std::string::npos);
}

// Int8 tiles (sign-magnitude in L1) multiply as integers, as tt-metal's
// test_single_core_matmul_int8 expects: DST holds the integer products' sums,
// which pack to Int8 saturating at +-127.
TEST_F(FpuKrt, Int8MatmulMultipliesIntegers) {
  cb(0, I8), cb(1, I8), cb(16, I8);
  std::vector<int> a(kTileElems), b(kTileElems);
  std::mt19937 rng(5);
  for (auto& v : a) v = int(rng() % 11) - 5;
  for (auto& v : b) v = int(rng() % 11) - 5;
  a[at(0, 0)] = 127, b[at(0, 0)] = 127;  // row 0 . column 0 saturates
  auto sign_magnitude = [](const std::vector<int>& v) {
    std::vector<uint8_t> bytes(v.size());
    for (size_t i = 0; i < v.size(); ++i) bytes[i] = uint8_t((v[i] < 0 ? 0x80 : 0) | std::abs(v[i]));
    return bytes;
  };
  const auto a8 = sign_magnitude(a), b8 = sign_magnitude(b);
  fc.feed(0, a8.data(), 1), fc.feed(1, b8.data(), 1);
  krt::cb_wait_front(0, 1), krt::cb_wait_front(1, 1);
  krt::dst_acquire();
  krt::matmul(0, 1, 0, 0, 0, 0, 1, 1, 1);
  std::vector<int> ref(kTileElems, 0);
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c)
      for (uint32_t k = 0; k < 32; ++k) ref[at(r, c)] += a[at(r, k)] * b[at(k, c)];
  for (uint32_t i = 0; i < kTileElems; ++i) ASSERT_EQ(int32_t(f2u(dst(0)[i])), ref[i]) << i;  // two's complement DST
  krt::dst_commit();
  krt::dst_wait();
  krt::cb_reserve_back(16, 1);
  krt::pack_tile(0, 16, 0, false);
  const auto clamp = [](int v) { return std::max(-127, std::min(127, v)); };
  const auto expected = sign_magnitude([&] {
    std::vector<int> c(kTileElems);
    for (uint32_t i = 0; i < kTileElems; ++i) c[i] = clamp(ref[i]);
    return c;
  }());
  EXPECT_GT(ref[at(0, 0)], 127);
  EXPECT_EQ(std::vector<uint8_t>(fc.page_ptr(16, 0), fc.page_ptr(16, 0) + kTileElems), expected);
  krt::dst_release();
}

TEST_F(FpuKrt, Fp32OperandsAreTf32OnTheFpu) {
  cb(0, F32), cb(1, F32);
  std::vector<float> a(kTileElems, 0.0f), b(kTileElems, 0.0f);
  a[0] = 1.0f + std::ldexp(1.0f, -20);  // below TF32's 10-bit mantissa
  b[0] = 1.0f;
  feed_f32(0, a), feed_f32(1, b);
  krt::cb_wait_front(0, 1), krt::cb_wait_front(1, 1);
  krt::dst_acquire();
  krt::matmul(0, 1, 0, 0, 0, 0, 1, 1, 1);
  EXPECT_EQ(dst(0)[0], 1.0f);
  krt::copy_tile(0, 0, 1);  // copy_tile goes through SrcA too (no UnpackToDestFp32)
  EXPECT_EQ(dst(1)[0], 1.0f);
  krt::unary_bcast(krt::Bcast::kScalar, 0, 0, 2);  // 32-bit bcast: unpack to dest, exact
  EXPECT_EQ(dst(2)[5], a[0]);
}

TEST_F(FpuKrt, ReduceMaxOfNegativesAndPlacement) {
  cb(0, F32), cb(1, F32);
  std::vector<float> a(kTileElems), s(kTileElems, 0.0f);
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) a[at(r, c)] = -float(r * 32 + c) - 1.0f;
  for (uint32_t f = 0; f < 4; ++f)
    for (uint32_t j = 0; j < 16; ++j) s[f * 256 + j] = 1.0f;
  feed_f32(0, a), feed_f32(0, a), feed_f32(1, s);
  krt::cb_wait_front(0, 2), krt::cb_wait_front(1, 1);
  krt::dst_acquire();
  krt::reduce(krt::ReducePool::kMax, krt::ReduceDim::kRow, 0, 1, 0, 0, 0);
  krt::reduce(krt::ReducePool::kMax, krt::ReduceDim::kRow, 0, 1, 1, 0, 0);
  for (uint32_t r = 0; r < 32; ++r) EXPECT_EQ(dst(0)[at(r, 0)], -float(r * 32) - 1.0f) << r;
  EXPECT_EQ(dst(0)[at(0, 1)], 0.0f);
  krt::reduce(krt::ReducePool::kSum, krt::ReduceDim::kCol, 0, 1, 0, 0, 1);
  krt::reduce(krt::ReducePool::kSum, krt::ReduceDim::kCol, 0, 1, 1, 0, 1);
  for (uint32_t c = 0; c < 32; ++c) {
    double ref = 0;
    for (uint32_t r = 0; r < 32; ++r) ref += 2.0 * a[at(r, c)];
    EXPECT_EQ(dst(1)[at(0, c)], float(ref)) << c;
  }
  krt::reduce(krt::ReducePool::kSum, krt::ReduceDim::kScalar, 0, 1, 0, 0, 2);
  EXPECT_EQ(dst(2)[0], -float(1024 * 1025 / 2));
}

TEST_F(FpuKrt, BroadcastDestReuseAndAccToDest) {
  cb(0, F32), cb(1, F32);
  std::vector<float> a(kTileElems), b(kTileElems);
  for (uint32_t i = 0; i < kTileElems; ++i) a[i] = float(i % 64), b[i] = float(i % 7) + 1.0f;
  feed_f32(0, a), feed_f32(1, b);
  krt::cb_wait_front(0, 1), krt::cb_wait_front(1, 1);
  krt::dst_acquire();
  krt::fpu_binary(krt::FpuBinaryOp::kSub, 0, 1, 0, 0, 0, krt::Bcast::kCol);
  krt::fpu_binary(krt::FpuBinaryOp::kMul, 0, 1, 0, 0, 1, krt::Bcast::kRow);
  krt::fpu_binary(krt::FpuBinaryOp::kAdd, 0, 1, 0, 0, 2, krt::Bcast::kScalar);
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) {
      ASSERT_EQ(dst(0)[at(r, c)], a[at(r, c)] - b[at(r, 0)]);
      ASSERT_EQ(dst(1)[at(r, c)], a[at(r, c)] * b[at(0, c)]);
      ASSERT_EQ(dst(2)[at(r, c)], a[at(r, c)] + b[0]);
    }
  // DEST_TO_SRCA: DST = DST - tile; DEST_TO_SRCB: DST = tile - DST.
  krt::fpu_dest_reuse(krt::FpuBinaryOp::kSub, 1, 0, 2, 1);
  for (uint32_t i = 0; i < kTileElems; ++i) ASSERT_EQ(dst(2)[i], a[i] + b[0] - b[i]);
  krt::fpu_dest_reuse(krt::FpuBinaryOp::kSub, 1, 0, 2, 2);
  for (uint32_t i = 0; i < kTileElems; ++i) ASSERT_EQ(dst(2)[i], b[i] - (a[i] + b[0] - b[i]));
  // acc_to_dest: a second add into the same index accumulates.
  krt::fpu_accumulate(true);
  krt::fpu_binary(krt::FpuBinaryOp::kAdd, 0, 1, 0, 0, 3);
  krt::fpu_binary(krt::FpuBinaryOp::kAdd, 0, 1, 0, 0, 3);
  for (uint32_t i = 0; i < kTileElems; ++i) ASSERT_EQ(dst(3)[i], 2 * (a[i] + b[i]));
}

// ELWMUL is Dst += SrcA * SrcB on silicon: without acc_to_dest a mul into a
// tile that holds values (here copied in) adds to them (tt-metal's
// MultiTileMulDestAcc test); into a tile still zero it is the product, at
// every fidelity; add without acc_to_dest still overwrites.
TEST_F(FpuKrt, MulAccumulatesIntoDstThatHoldsValues) {
  cb(0, F32), cb(1, F32), cb(2, F32);
  std::vector<float> a(kTileElems), b(kTileElems), c(kTileElems);
  for (uint32_t i = 0; i < kTileElems; ++i)
    a[i] = float(i % 13) - 6.0f, b[i] = 0.25f * float(i % 5), c[i] = float(i % 9) + 0.5f;
  feed_f32(0, a), feed_f32(1, b), feed_f32(2, c);
  krt::cb_wait_front(0, 1), krt::cb_wait_front(1, 1), krt::cb_wait_front(2, 1);
  krt::dst_acquire();
  krt::fpu_accumulate(false);
  krt::copy_tile(2, 0, 0);
  krt::fpu_binary(krt::FpuBinaryOp::kMul, 0, 1, 0, 0, 0);
  krt::fpu_binary(krt::FpuBinaryOp::kMul, 0, 1, 0, 0, 1);
  krt::copy_tile(2, 0, 2);
  krt::fpu_binary(krt::FpuBinaryOp::kAdd, 0, 1, 0, 0, 2);
  for (uint32_t i = 0; i < kTileElems; ++i) {
    ASSERT_EQ(dst(0)[i], c[i] + a[i] * b[i]) << i;
    ASSERT_EQ(dst(1)[i], a[i] * b[i]) << i;
    ASSERT_EQ(dst(2)[i], a[i] + b[i]) << i;
  }
}

TEST_F(FpuKrt, TransposeTilizeUntilizeRoundTrip) {
  cb(0, F32), cb(1, F32), cb(2, F32), cb(16, F32);
  // Row-major strip of 32 rows x 64 columns in two pages.
  std::vector<float> strip(2 * kTileElems);
  for (uint32_t i = 0; i < strip.size(); ++i) strip[i] = float(i);
  fc.feed(0, strip.data(), 2);
  krt::cb_wait_front(0, 2);
  krt::cb_reserve_back(1, 2);
  krt::tilize_block(0, 2, 1, 0, 0);
  for (uint32_t t = 0; t < 2; ++t) {
    auto tile = page_f32(1, t);
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c) ASSERT_EQ(tile[at(r, c)], strip[r * 64 + t * 32 + c]);
  }
  krt::cb_push_back(1, 2);
  krt::cb_wait_front(1, 2);
  krt::cb_reserve_back(2, 2);
  krt::untilize_block(1, 2, 2);
  for (uint32_t t = 0; t < 2; ++t) {
    auto page = page_f32(2, t);
    for (uint32_t i = 0; i < kTileElems; ++i) ASSERT_EQ(page[i], strip[t * kTileElems + i]);
  }
  // pack_untilize_dest: two DST tiles out as one row-major strip.
  krt::dst_acquire();
  krt::copy_tile(1, 0, 0);
  krt::copy_tile(1, 1, 1);
  krt::transpose_wh(1, 0, 2);
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c) ASSERT_EQ(dst(2)[at(r, c)], strip[c * 64 + r]);
  krt::dst_commit();
  krt::dst_wait();
  krt::cb_reserve_back(16, 2);
  krt::pack_untilize_dest(16, 2, 2, 1, 0, 0);
  for (uint32_t t = 0; t < 2; ++t) {
    auto page = page_f32(16, t);
    for (uint32_t i = 0; i < kTileElems; ++i) ASSERT_EQ(page[i], strip[t * kTileElems + i]);
  }
}

TEST_F(FpuKrt, UnsupportedTypecastWarnsWithCallSite) {
  krt::dst_acquire();
  testing::internal::CaptureStderr();
  krt::sfpu_typecast(0, F32, 1, "compute.cpp", 42);
  krt::sfpu_typecast(0, F32, 1, "compute.cpp", 42);  // once per call site
  krt::sfpu_typecast(0, F32, BF16, "compute.cpp", 43);  // supported: silent
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("compute.cpp:42: typecast_tile<Float32, Float16> has no kernel on silicon"), std::string::npos)
      << err;
  EXPECT_EQ(err.find("compute.cpp:42", err.find("compute.cpp:42") + 1), std::string::npos) << err;
  // Not ":43" alone: the log line's timestamp may hold it.
  EXPECT_EQ(err.find("compute.cpp:43"), std::string::npos) << err;
}

TEST_F(FpuKrt, SixteenBitDstNarrowsFpuResultsAndRoundsOnRequest) {
  reset_compute_state(fc.compute(), false, false);
  cb(0, BF16), cb(1, BF16);
  krt::compute_configure(0, 1, 16);
  krt::dst_acquire();
  krt::sfpu_unary(krt::SfpuUnaryOp::kFill, 0, f2u(1.0f), 0);
  krt::sfpu_unary(krt::SfpuUnaryOp::kFill, 1, f2u(1.0f / 128 + 1.0f / 256 + 1.0f / 65536), 0);
  // 1 + 2^-7 + 2^-8 (+ tiny): truncation keeps 1 + 2^-7; RNE rounds up to 1 + 2^-6.
  krt::sfpu_binary(krt::SfpuBinaryOp::kAdd, 0, 1, 2);
  EXPECT_EQ(dst(2)[0], 1.0f + 1.0f / 128);
  krt::sfpu_binary(krt::SfpuBinaryOp::kAdd, 0, 1, 3, krt::kSfpuRoundNearestEven);
  EXPECT_EQ(dst(3)[0], 1.0f + 1.0f / 64);
}
