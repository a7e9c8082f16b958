// Compute op headers added for ttnn's kernels (quantization.h, welford.h,
// isclose.h, eltwise_unary/sfpu_int_sum.h, the multi-tile lgamma), each run
// in a kernel of its own in the shape of the ttnn kernel that calls it, on a
// fake core, against an independent fp64 or exact integer reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "common/error.h"
#include "device/emu/compute/formats.h"
#include "device/emu/compute/tile_math.h"
#include "kernel_loader.h"
#include "test_support.h"

namespace fs = std::filesystem;
using namespace zyxtt;
using emu::compute::f2u;
using emu::compute::tile_index;
using emu::compute::u2f;

namespace {

constexpr uint32_t kFp32 = 0, kInt32 = 8, kTileBytes = 4096;

// Builds `body` as a compute kernel (both header eras when `legacy_too`) and
// returns the entry points.
std::vector<emu::KernelEntry> build(const std::string& name, const std::string& body, bool legacy_too = false) {
  std::vector<std::string> texts = {body};
  if (legacy_too) {
    std::string legacy = body;
    for (size_t p; (p = legacy.find("api/compute/")) != std::string::npos;) legacy.replace(p, 12, "compute_kernel_api/");
    for (size_t p; (p = legacy.find("compute_kernel_api/compute_kernel_api.h")) != std::string::npos;)
      legacy.replace(p, 39, "compute_kernel_api.h");
    texts.push_back(legacy);
  }
  char tmpl[] = "/tmp/zyxtt-state-ops-XXXXXX";
  const fs::path dir = mkdtemp(tmpl);
  std::vector<emu::KernelEntry> out;
  for (size_t i = 0; i < texts.size(); ++i) {
    const fs::path src = dir / (name + std::to_string(i) + "_compute.cpp");
    std::ofstream(src) << texts[i];
    const emu::test::BuildResult r = emu::test::build_kernel({src.string()}, emu::test::KernelRole::kCompute, "", "", {});
    EXPECT_EQ(r.status, 0) << r.output;
    if (r.status != 0) break;
    out.push_back(emu::test::load_kernel(r.object).entry);
  }
  fs::remove_all(dir);
  return out;
}

const float* f32_page(test::FakeCore& fc, uint32_t cb, uint32_t page) {
  return reinterpret_cast<const float*>(fc.page_ptr(cb, page));
}
const int32_t* i32_page(test::FakeCore& fc, uint32_t cb, uint32_t page) {
  return reinterpret_cast<const int32_t*>(fc.page_ptr(cb, page));
}

// SFPSTOCHRND to int8, computed apart from the emulator: round half away
// from zero in fp64, saturate at +-127, NaN by its sign.
int32_t int8_ref(double v) {
  if (std::isnan(v)) return std::signbit(v) ? -127 : 127;
  const double r = std::round(v);
  return int32_t(std::max(-127.0, std::min(127.0, r)));
}

}  // namespace

// ttnn's binary_ng QUANT / REQUANT / DEQUANT: x and the scale tile in DST 0
// and 1, the zero point given to _init as fp32 bits (dequant: ttnn passes
// -zero_point). CB 0: x (fp32), scale; CB 1: q (int32); CB 16: quant(x),
// requant(q) (int32); CB 17: dequant(q) (fp32). Both header eras.
TEST(StateOpsKernels, QuantRequantDequantMatchAnExactReference) {
  const std::string body = R"ZYX(
#include "api/compute/tile_move_copy.h"
#include "api/compute/quantization.h"
namespace NAMESPACE {
void MAIN {
  const uint32_t zp = 0x40400000u, minus_zp = 0xc0400000u;  // 3.0f, -3.0f
  cb_wait_front(tt::CBIndex::c_0, 2);
  cb_wait_front(tt::CBIndex::c_1, 1);
  cb_reserve_back(tt::CBIndex::c_16, 2);
  cb_reserve_back(tt::CBIndex::c_17, 1);
  for (uint32_t op = 0; op < 3; ++op) {
    tile_regs_acquire();
    copy_tile_to_dst_init_short(op == 0 ? tt::CBIndex::c_0 : tt::CBIndex::c_1);
    copy_tile(op == 0 ? tt::CBIndex::c_0 : tt::CBIndex::c_1, 0, 0);
    copy_tile_to_dst_init_short(tt::CBIndex::c_0);
    copy_tile(tt::CBIndex::c_0, 1, 1);
    if (op == 0) { quant_tile_init(zp); quant_tile(0, 1, 2); }
    if (op == 1) { requant_tile_init(zp); requant_tile(0, 1, 2); }
    if (op == 2) { dequant_tile_init(minus_zp); dequant_tile(0, 1, 2); }
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(2, op == 2 ? tt::CBIndex::c_17 : tt::CBIndex::c_16);
    tile_regs_release();
  }
  cb_push_back(tt::CBIndex::c_16, 2);
  cb_push_back(tt::CBIndex::c_17, 1);
  cb_pop_front(tt::CBIndex::c_0, 2);
  cb_pop_front(tt::CBIndex::c_1, 1);
}
}
)ZYX";
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  static float xs[2][1024];
  static int32_t qs[1024];
  for (uint32_t k = 0; k < 1024; ++k) {
    xs[0][k] = float(int32_t(k) - 512) * 0.125f;  // x * 0.5 + 3 hits every tie at steps of 1/16
    xs[1][k] = k < 1000 ? 0.5f : 2.0f;
    qs[k] = int32_t(k * 2654435761u) >> 22;  // -512 .. 511
  }
  xs[0][0] = nan, xs[0][1] = -nan, xs[0][2] = inf, xs[0][3] = -inf, xs[0][4] = 1e9f, xs[0][5] = -6.9f;
  for (emu::KernelEntry entry : build("quant", body, true)) {
    test::FakeCore fc;
    fc.compute().unpack_fp32_as_tf32 = false;
    fc.configure_cb(0, kFp32, kTileBytes, 2);
    fc.configure_cb(1, kInt32, kTileBytes, 1);
    fc.configure_cb(16, kInt32, kTileBytes, 2);
    fc.configure_cb(17, kFp32, kTileBytes, 1);
    fc.feed(0, xs, 2);
    fc.feed(1, qs, 1);
    ASSERT_EQ(entry(), 0);
    for (uint32_t k = 0; k < 1024; ++k) {
      const double scale = xs[1][k];
      ASSERT_EQ(i32_page(fc, 16, 0)[k], int8_ref(double(xs[0][k]) * scale + 3.0)) << "quant " << xs[0][k];
      ASSERT_EQ(i32_page(fc, 16, 1)[k], int8_ref(double(qs[k]) * scale + 3.0)) << "requant " << qs[k];
      ASSERT_EQ(double(f32_page(fc, 17, 0)[k]), (double(qs[k]) - 3.0) * scale) << "dequant " << qs[k];
    }
  }
}

// isclose_binary_tile<EQUAL_NAN> as binary_ng's ISCLOSE calls it (rtol, atol
// as fp32 bits) against torch.isclose's rule in fp64.
TEST(StateOpsKernels, IscloseMatchesTorchRuleInFp64) {
  const std::string body = R"ZYX(
#include "api/compute/tile_move_copy.h"
#include "api/compute/isclose.h"
namespace NAMESPACE {
void MAIN {
  const uint32_t rtol = 0x3c23d70au, atol = 0x3a83126fu;  // 0.01f, 0.001f
  cb_wait_front(tt::CBIndex::c_0, 2);
  cb_reserve_back(tt::CBIndex::c_16, 2);
  for (uint32_t op = 0; op < 2; ++op) {
    tile_regs_acquire();
    copy_tile_to_dst_init_short(tt::CBIndex::c_0);
    copy_tile(tt::CBIndex::c_0, 0, 0);
    copy_tile(tt::CBIndex::c_0, 1, 1);
    isclose_binary_tile_init();
    if (op == 0) isclose_binary_tile(0, 1, 2, rtol, atol);
    else isclose_binary_tile<true>(0, 1, 2, rtol, atol);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(2, tt::CBIndex::c_16);
    tile_regs_release();
  }
  cb_push_back(tt::CBIndex::c_16, 2);
  cb_pop_front(tt::CBIndex::c_0, 2);
}
}
)ZYX";
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  static float in[2][1024];
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> d(-100, 100), rel(-0.03f, 0.03f);
  for (uint32_t k = 0; k < 1024; ++k) {
    in[1][k] = d(rng);
    in[0][k] = in[1][k] * (1 + rel(rng)) + (k % 5 == 0 ? rel(rng) * 0.1f : 0.0f);
  }
  const float specials[][2] = {{nan, nan}, {nan, 1}, {1, nan}, {inf, inf}, {-inf, inf}, {inf, 1e38f}, {0, 0.0009f}, {0, 0.0011f}};
  for (uint32_t s = 0; s < 8; ++s) in[0][s] = specials[s][0], in[1][s] = specials[s][1];
  for (emu::KernelEntry entry : build("isclose", body, true)) {
    test::FakeCore fc;
    fc.compute().unpack_fp32_as_tf32 = false;
    fc.configure_cb(0, kFp32, kTileBytes, 2);
    fc.configure_cb(16, kFp32, kTileBytes, 2);
    fc.feed(0, in, 2);
    ASSERT_EQ(entry(), 0);
    uint32_t close = 0;
    for (uint32_t k = 0; k < 1024; ++k) {
      const double a = in[0][k], b = in[1][k];
      const bool ref = a == b || std::fabs(a - b) <= double(0.001f) + double(0.01f) * std::fabs(b);
      const bool any_nan = std::isnan(a) || std::isnan(b);
      EXPECT_EQ(f32_page(fc, 16, 0)[k], !any_nan && ref ? 1.0f : 0.0f) << a << " " << b;
      EXPECT_EQ(f32_page(fc, 16, 1)[k], (any_nan ? std::isnan(a) && std::isnan(b) : ref) ? 1.0f : 0.0f) << a << " " << b;
      close += !any_nan && ref;
    }
    EXPECT_GT(close, 300u);  // both outcomes well represented
    EXPECT_LT(close, 900u);
  }
}

// ttnn's lgamma_kernel step for step (its own `constexpr float M_PI`, which
// only compiles where <cmath> defines no M_PI macro): Stirling on the
// reflected argument, log|sin(pi x)|, then lgamma_adjusted_tile; and the fast
// kernel's lgamma_stirling_tile form. Against lgamma in long double.
TEST(StateOpsKernels, LgammaMultiTileKernelsMatchLongDouble) {
  const std::string head = R"ZYX(
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/fill.h"
#include "api/compute/eltwise_unary/lgamma.h"
#include "api/compute/eltwise_unary/trigonometry.h"
#include "api/compute/eltwise_unary/rounding.h"
#include "api/compute/eltwise_unary/where.h"
#include "api/compute/eltwise_unary/comp.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/binary_comp.h"
#include "api/compute/compute_kernel_api.h"
void kernel_main() {
  constexpr float M_PI = 3.14159265358979323846f;
  constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_2;
  init_sfpu(in, out);
  cb_wait_front(in, 1);
  cb_reserve_back(out, 1);
  tile_regs_acquire();
  copy_tile_to_dst_init_short(in);
  copy_tile(in, 0, 0);
)ZYX";
  const std::string full = R"ZYX(
  copy_tile(in, 0, 1);
  fill_tile_init(); fill_tile(2, 0.5f);
  sub_binary_tile_init(); sub_binary_tile(1, 2, 1);
  ltz_tile_init(); ltz_tile(1);
  fill_tile_init(); fill_tile(2, 1.0f);
  sub_binary_tile_init(); sub_binary_tile(2, 0, 2);
  where_tile_init(); where_tile<DataFormat::Float32>(1, 2, 0, 1);
  log_tile_init(); log_tile(1);
  lgamma_stirling_float_tile_init(); lgamma_stirling_float_tile(0, 1, 0);
)ZYX";
  const std::string fast = "  lgamma_stirling_tile_init(); lgamma_stirling_tile(0);\n";
  const std::string tail = R"ZYX(
  fill_tile_init(); fill_tile(2, M_PI);
  copy_tile_to_dst_init_short(in); copy_tile(in, 0, 1);
  rounding_op_tile_init(); frac_tile(1);
  mul_binary_tile_init(); mul_binary_tile(1, 2, 1);
  sin_tile_init(); sin_tile(1);
  copy_tile(in, 0, 2); copy_tile(in, 0, 3);
  floor_tile(3);
  eq_binary_tile_init(); eq_binary_tile(2, 3, 2);
  fill_tile_init(); fill_tile(3, 0.0f);
  where_tile_init(); where_tile<DataFormat::Float32>(2, 3, 1, 1);
  abs_tile_init(); abs_tile(1);
  log_tile_init(); log_tile(1);
  copy_tile(in, 0, 2);
  lgamma_adjusted_tile_init(); lgamma_adjusted_tile(0, 1, 2, 0);
  tile_regs_commit();
  tile_regs_wait();
  pack_tile(0, out);
  tile_regs_release();
  cb_push_back(out, 1);
  cb_pop_front(in, 1);
}
)ZYX";
  static float x[1024];
  for (uint32_t k = 0; k < 1024; ++k) x[k] = -9.7f + float(k) * 0.0371f;  // -9.7 .. 28.2, never an integer
  x[0] = 1.0f, x[1] = 2.0f, x[2] = 0.5f, x[3] = 100.0f, x[4] = std::numeric_limits<float>::infinity();
  int n = 0;
  for (const std::string& mid : {full, fast}) {
    for (emu::KernelEntry entry : build("lgamma" + std::to_string(n++), head + mid + tail, true)) {
      test::FakeCore fc;
      fc.compute().unpack_fp32_as_tf32 = false;
      fc.configure_cb(0, kFp32, kTileBytes, 1);
      fc.configure_cb(2, kFp32, kTileBytes, 1);
      fc.feed(0, x, 1);
      ASSERT_EQ(entry(), 0);
      double worst = 0;
      for (uint32_t k = 0; k < 1024; ++k) {
        const long double ref = lgammal((long double)x[k]);
        const float got = f32_page(fc, 2, 0)[k];
        if (std::isinf(x[k])) {
          EXPECT_EQ(got, x[k]);
          continue;
        }
        // sin(pi * frac(x)) rounds pi * frac in fp32: the error grows near
        // the poles, as 1 / |sin| does, so it is measured against that.
        const double s = std::fabs(std::sin(std::numbers::pi * (double(x[k]) - std::trunc(double(x[k])))));
        const double err = std::fabs(double(got) - double(ref)) / (1 + std::fabs(double(ref))) * (x[k] < 0.5f ? s : 1.0);
        worst = std::max(worst, err);
      }
      EXPECT_LT(worst, 4e-7) << (mid == fast ? "fast" : "full");
    }
  }
}

// ttnn's welford_reduce_w: each input tile transposed into DST 0, its rows fed
// to welford_update (the last tile's first rows only, welford_update_rows),
// then welford_finalize_to_row: mean and population variance of each
// original row in row 0 of DST 1 and 2. A second pass (reciprocal LUT,
// sample variance) saves the state after tile 0 as group 1 of DST 2 / 3,
// clears, restores it, and finalizes to the raw face layout as group 2.
TEST(StateOpsKernels, WelfordMatchesFp64MeanAndVariance) {
  const std::string body = R"ZYX(
#include <array>
#include "api/compute/tile_move_copy.h"
#include "api/compute/transpose_wh.h"
#include "api/compute/welford.h"
namespace NAMESPACE {
void MAIN {
  constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
  constexpr uint32_t W = 50, last_rows = W - 32;
  transpose_wh_init(in, out);
  cb_wait_front(in, 2);
  cb_reserve_back(out, 4);
  tile_regs_acquire();
  welford_init();
  transpose_wh_tile(in, 0, 0);
  welford_update<0>(0, 0, {});
  transpose_wh_tile(in, 1, 0);
  welford_update_rows<0>(0, 32, 0, last_rows, {});
  welford_finalize_to_row<0>(1, W - 1, {});
  tile_regs_commit();
  tile_regs_wait();
  pack_tile(1, out);
  pack_tile(2, out);
  tile_regs_release();

  std::array<uint32_t, 64> lut{};
  for (uint32_t i = 0; i < 64; ++i) {
    const float r = 1.0f / float(i + 1);
    __builtin_memcpy(&lut[i], &r, 4);
  }
  tile_regs_acquire();
  welford_init<WelfordInitMode::PreserveStats>();
  welford_clear();
  transpose_wh_tile(in, 0, 0);
  welford_update<64>(0, 0, lut);
  welford_save_state(2, 1);
  welford_clear();
  welford_update<64>(0, 0, lut);  // other data in between
  welford_restore_state(2, 1);
  transpose_wh_tile(in, 1, 0);
  welford_update_rows<64>(0, 32, 0, last_rows, lut);
  welford_finalize_to_face<64>(2, 2, W - 2, lut);
  tile_regs_commit();
  tile_regs_wait();
  pack_tile(2, out);
  pack_tile(3, out);
  tile_regs_release();
  cb_push_back(out, 4);
  cb_pop_front(in, 2);
}
}
)ZYX";
  static float x[2][1024];
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> d(-3, 5);
  for (auto& t : x)
    for (float& v : t) v = d(rng) + 1000.0f;  // an offset the one-pass sum of squares would lose
  constexpr uint32_t W = 50;
  // Raw layout: column c of the stream sits at row 4 * group + g, column 2 * j.
  auto raw = [](uint32_t group, uint32_t c) {
    const uint32_t g = (c >= 16 ? 2 : 0) + (c & 1), j = (c % 16) / 2;
    return tile_index(4 * group + g, 2 * j);
  };
  for (emu::KernelEntry entry : build("welford", body, true)) {
    test::FakeCore fc;
    fc.compute().unpack_fp32_as_tf32 = false;
    fc.configure_cb(0, kFp32, kTileBytes, 2);
    fc.configure_cb(16, kFp32, kTileBytes, 4);
    fc.feed(0, x, 2);
    ASSERT_EQ(entry(), 0);
    for (uint32_t r = 0; r < 32; ++r) {
      double sum = 0, sum32 = 0, sq = 0, sq32 = 0;
      for (uint32_t c = 0; c < W; ++c) sum += x[c / 32][tile_index(r, c % 32)];
      for (uint32_t c = 0; c < 32; ++c) sum32 += x[0][tile_index(r, c)];
      const double mean = sum / W, mean32 = sum32 / 32;
      for (uint32_t c = 0; c < W; ++c) sq += std::pow(x[c / 32][tile_index(r, c % 32)] - mean, 2);
      for (uint32_t c = 0; c < 32; ++c) sq32 += std::pow(x[0][tile_index(r, c)] - mean32, 2);
      EXPECT_NEAR(f32_page(fc, 16, 0)[tile_index(0, r)], mean, 2e-7 * mean) << "row " << r;
      EXPECT_NEAR(f32_page(fc, 16, 1)[tile_index(0, r)], sq / W, 2e-4 * sq / W) << "row " << r;
      for (uint32_t q = 1; q < 4; ++q) ASSERT_EQ(f32_page(fc, 16, 1)[tile_index(q, r)], 0.0f);
      // Saved state after tile 0 (group 1), finalized state (group 2).
      EXPECT_NEAR(f32_page(fc, 16, 2)[raw(1, r)], mean32, 2e-7 * mean32) << "row " << r;
      EXPECT_NEAR(f32_page(fc, 16, 3)[raw(1, r)], sq32, 2e-4 * sq32) << "row " << r;
      EXPECT_NEAR(f32_page(fc, 16, 2)[raw(2, r)], mean, 2e-7 * mean) << "row " << r;
      EXPECT_NEAR(f32_page(fc, 16, 3)[raw(2, r)], sq / (W - 1), 2e-4 * sq / (W - 1)) << "row " << r;
    }
  }
}

// moreh_int_sum's SFPU steps over the 32-lane layout: sfpu_sum_int_col folds
// each column's rows into rows 0-3 by row mod 4; sfpu_sum_int_row adds, per
// row, column pairs 2j, 2j + 1, 16 + 2j, 17 + 2j into column 2j; sfpu_add_int
// adds the next DST tile. Integer sums computed here from the definitions.
TEST(StateOpsKernels, IntSumsMatchExactIntegerSums) {
  const std::string body = R"ZYX(
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/sfpu_int_sum.h"
namespace NAMESPACE {
void MAIN {
  constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
  copy_tile_to_dst_init_short(in);
  cb_wait_front(in, 2);
  cb_reserve_back(out, 3);
  for (uint32_t op = 0; op < 3; ++op) {
    tile_regs_acquire();
    copy_tile(in, 0, 0);
    copy_tile(in, 1, 1);
    sfpu_sum_int_init();
    if (op == 0) sfpu_sum_int_col(0);
    if (op == 1) sfpu_sum_int_row(0);
    if (op == 2) sfpu_add_int(0, 1);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
  }
  cb_push_back(out, 3);
  cb_pop_front(in, 2);
}
}
)ZYX";
  static int32_t t[2][1024];
  for (uint32_t k = 0; k < 1024; ++k) t[0][k] = int32_t(k * 7919u % 20011u) - 10000, t[1][k] = int32_t(k) * 1000003;
  t[1][5] = INT32_MAX, t[0][5] = 1;  // add_int wraps
  auto at = [&](uint32_t r, uint32_t c) { return int64_t(t[0][tile_index(r, c)]); };
  for (emu::KernelEntry entry : build("intsum", body, true)) {
    test::FakeCore fc;
    fc.configure_cb(0, kInt32, kTileBytes, 2);
    fc.configure_cb(16, kInt32, kTileBytes, 3);
    fc.feed(0, t, 2);
    ASSERT_EQ(entry(), 0);
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c) {
        int64_t col = at(r, c), row = at(r, c);
        if (r < 4) {
          col = 0;
          for (uint32_t q = r; q < 32; q += 4) col += at(q, c);
        }
        if (c < 16 && c % 2 == 0) row = at(r, c) + at(r, c + 1) + at(r, c + 16) + at(r, c + 17);
        const int32_t add = int32_t(uint32_t(t[0][tile_index(r, c)]) + uint32_t(t[1][tile_index(r, c)]));
        ASSERT_EQ(i32_page(fc, 16, 0)[tile_index(r, c)], col) << r << "," << c;
        ASSERT_EQ(i32_page(fc, 16, 1)[tile_index(r, c)], row) << r << "," << c;
        ASSERT_EQ(i32_page(fc, 16, 2)[tile_index(r, c)], add) << r << "," << c;
      }
  }
}

// xielu (alpha_p 0.8, alpha_n 0.8), polygamma (trigamma, and n = 2 with its
// scale -2), snake_beta (alpha, beta tiles) on x from CB 0, against fp64:
// polygamma against a brute-force long-double sum of 2e4 terms plus its
// integral tail.
TEST(StateOpsKernels, XieluPolygammaSnakeBetaMatchFp64) {
  const std::string body = R"ZYX(
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/xielu.h"
#include "api/compute/eltwise_unary/polygamma.h"
#include "api/compute/eltwise_unary/snake_beta.h"
namespace NAMESPACE {
void MAIN {
  constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
  copy_tile_to_dst_init_short(in);
  cb_wait_front(in, 3);
  cb_reserve_back(out, 4);
  for (uint32_t op = 0; op < 4; ++op) {
    tile_regs_acquire();
    for (uint32_t t = 0; t < 3; ++t) copy_tile(in, t, t);
    if (op == 0) { xielu_tile_init(); xielu_tile(0, 0x3f4ccccdu, 0x3f4ccccdu); }
    if (op == 1) { polygamma_tile_init(); polygamma_tile(1, 0x3f800000u, 0x3f800000u); }
    if (op == 2) { polygamma_tile_init(); polygamma_tile(1, 0x40000000u, 0xc0000000u); }
    if (op == 3) { snake_beta_tile_init(); snake_beta_tile<DataFormat::Float32>(0, 2, 1, 0); }
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(op == 1 || op == 2 ? 1 : 0, out);
    tile_regs_release();
  }
  cb_push_back(out, 4);
  cb_pop_front(in, 3);
}
}
)ZYX";
  static float in[3][1024];
  for (uint32_t k = 0; k < 1024; ++k) {
    in[0][k] = -12.0f + float(k) * 0.0234f;  // x
    in[1][k] = 0.05f + float(k) * 0.0195f;   // polygamma's x > 0; snake_beta's beta
    in[2][k] = 0.25f + float(k % 17) * 0.2f; // alpha
  }
  auto polygamma_ref = [](double x, int n) {
    const int K = 20000;
    long double s = 0;
    for (int k = K - 1; k >= 0; --k) s += powl((long double)x + k, -(n + 1));
    const long double z = (long double)x + K;
    s += powl(z, -n) / n + powl(z, -(n + 1)) / 2;
    return double(s * (n == 1 ? 1 : -2));
  };
  static double poly_ref[2][1024];
  for (uint32_t k = 0; k < 1024; ++k) poly_ref[0][k] = polygamma_ref(in[1][k], 1), poly_ref[1][k] = polygamma_ref(in[1][k], 2);
  for (emu::KernelEntry entry : build("eltwise_new", body, true)) {
    test::FakeCore fc;
    fc.compute().unpack_fp32_as_tf32 = false;
    fc.configure_cb(0, kFp32, kTileBytes, 3);
    fc.configure_cb(16, kFp32, kTileBytes, 4);
    fc.feed(0, in, 3);
    ASSERT_EQ(entry(), 0);
    for (uint32_t k = 0; k < 1024; ++k) {
      const double x = in[0][k], a = 0.8f;
      const double xielu = x > 0 ? a * x * x + 0.5 * x : a * (std::expm1(std::min(x, -1e-6)) - x) + 0.5 * x;
      EXPECT_NEAR(f32_page(fc, 16, 0)[k], xielu, 1e-7 * (std::fabs(xielu) + 1e-3)) << x;
      for (int n : {1, 2}) {
        const double ref = poly_ref[n - 1][k];
        EXPECT_NEAR(f32_page(fc, 16, uint32_t(n))[k], ref, 1.5e-7 * std::fabs(ref)) << "n " << n << " x " << in[1][k];
      }
      const double s = std::sin(double(in[2][k]) * x), snake = x + s * s / in[1][k];
      EXPECT_NEAR(f32_page(fc, 16, 3)[k], snake, 1e-7 * (std::fabs(snake) + 1)) << x;
    }
  }
}

// mask_tile (Float16_b, Int32 and an unsupported format: untouched),
// mask_posinf_tile, with the mask in the next DST tile; and cumsum_tile down
// two tiles of one column stack (first, then continuing) against fp64 sums.
TEST(StateOpsKernels, MaskAndCumsumMatchReferences) {
  const std::string body = R"ZYX(
#include "api/compute/tile_move_copy.h"
#include "api/compute/mask.h"
#include "api/compute/cumsum.h"
namespace NAMESPACE {
void MAIN {
  constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
  copy_tile_to_dst_init_short(in);
  cb_wait_front(in, 3);
  cb_reserve_back(out, 6);
  for (uint32_t op = 0; op < 6; ++op) {
    tile_regs_acquire();
    copy_tile(in, op < 4 ? 0 : op - 3, 2);
    copy_tile(in, 1, 3);
    mask_tile_init();
    if (op == 0) mask_tile(2, 3);
    if (op == 1) mask_tile(2, 3, DataFormat::Int32);
    if (op == 2) mask_tile(2, 3, DataFormat::Float32);
    if (op == 3) mask_posinf_tile(2, 3);
    cumsum_tile_init();
    if (op == 4) cumsum_tile(2);
    if (op == 5) cumsum_tile(2, false);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(2, out);
    tile_regs_release();
  }
  cb_push_back(out, 6);
  cb_pop_front(in, 3);
}
}
)ZYX";
  static float in[3][1024];
  std::mt19937 rng(2);
  std::uniform_real_distribution<float> d(-10, 10);
  for (uint32_t k = 0; k < 1024; ++k) {
    in[0][k] = d(rng);
    in[1][k] = k % 3 == 0 ? 0.0f : (k % 3 == 1 ? -0.0f : d(rng));  // the mask; -0.0f: 0 as a value, not as a word
    in[2][k] = d(rng);
  }
  for (emu::KernelEntry entry : build("mask_cumsum", body, true)) {
    test::FakeCore fc;
    fc.compute().unpack_fp32_as_tf32 = false;
    fc.configure_cb(0, kFp32, kTileBytes, 3);
    fc.configure_cb(16, kFp32, kTileBytes, 6);
    fc.feed(0, in, 3);
    ASSERT_EQ(entry(), 0);
    for (uint32_t k = 0; k < 1024; ++k) {
      const bool zero = in[1][k] == 0.0f, zero_word = f2u(in[1][k]) == 0;
      EXPECT_EQ(f2u(f32_page(fc, 16, 0)[k]), f2u(zero ? 0.0f : in[0][k])) << k;
      EXPECT_EQ(f2u(f32_page(fc, 16, 1)[k]), zero_word ? 0u : f2u(in[0][k])) << k;
      EXPECT_EQ(f2u(f32_page(fc, 16, 2)[k]), f2u(in[0][k])) << k;
      EXPECT_EQ(f32_page(fc, 16, 3)[k], zero ? std::numeric_limits<float>::infinity() : in[0][k]) << k;
    }
    // Columns of tiles 1 and 2 stacked: 64 rows.
    for (uint32_t c = 0; c < 32; ++c) {
      double sum = 0;
      for (uint32_t r = 0; r < 64; ++r) {
        sum += in[1 + r / 32][tile_index(r % 32, c)];
        EXPECT_NEAR(f32_page(fc, 16, 4 + r / 32)[tile_index(r % 32, c)], sum, 2e-5) << r << "," << c;
      }
    }
  }
}

// ema_tile over two tiles of one stream stack (alpha 0.75, beta 0.25, state
// carried in LREG4 across DST windows) against an fp64 recurrence; and
// embedding_backward's reshuffle_rows_tile: rows of DST 0 added into the rows
// of DST 1 that an index page (CB 1, read through get_tile_address as ttnn
// does, less its 16-byte header) names, 255 skipping a row.
TEST(StateOpsKernels, EmaAndReshuffleRowsMatchReferences) {
  const std::string body = R"ZYX(
#include "api/compute/tile_move_copy.h"
#include "api/compute/ema.h"
#include "api/compute/reshuffle.h"
namespace NAMESPACE {
void MAIN {
  constexpr auto in = tt::CBIndex::c_0, idx = tt::CBIndex::c_1, out = tt::CBIndex::c_16;
  copy_tile_to_dst_init_short(in);
  cb_wait_front(in, 3);
  cb_wait_front(idx, 1);
  cb_reserve_back(out, 3);
  ema_init(0x3f400000u, 0x3e800000u);
  ema_clear_previous_output();
  for (uint32_t t = 0; t < 2; ++t) {
    tile_regs_acquire();
    copy_tile(in, t, 0);
    ema_tile(0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(1, out);
    tile_regs_release();
  }
  const uint32_t idx_addr = get_tile_address(idx, 0);
  tile_regs_acquire();
  copy_tile(in, 0, 0);
  copy_tile(in, 2, 1);
  reshuffle_rows_tile_init();
  reshuffle_rows_tile(0, idx_addr - 16);
  tile_regs_commit();
  tile_regs_wait();
  pack_tile(1, out);
  tile_regs_release();
  cb_push_back(out, 3);
  cb_pop_front(in, 3);
  cb_pop_front(idx, 1);
}
}
)ZYX";
  static float in[3][1024];
  static uint8_t idx[4096];
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> d(-4, 4);
  for (auto& t : in)
    for (float& v : t) v = d(rng);
  for (uint32_t r = 0; r < 32; ++r) idx[r] = r % 5 == 4 ? 255 : uint8_t((r * 7) % 12);  // several rows into one
  for (emu::KernelEntry entry : build("ema_reshuffle", body, true)) {
    test::FakeCore fc;
    fc.compute().unpack_fp32_as_tf32 = false;
    fc.configure_cb(0, kFp32, kTileBytes, 3);
    fc.configure_cb(1, kFp32, kTileBytes, 1);
    fc.configure_cb(16, kFp32, kTileBytes, 3);
    fc.feed(0, in, 3);
    fc.feed(1, idx, 1);
    ASSERT_EQ(entry(), 0);
    for (uint32_t c = 0; c < 32; ++c) {
      double ema = 0;
      for (uint32_t r = 0; r < 64; ++r) {
        ema = 0.75 * ema + 0.25 * in[r / 32][tile_index(r % 32, c)];
        EXPECT_NEAR(f32_page(fc, 16, r / 32)[tile_index(r % 32, c)], ema, 1e-6) << r << "," << c;
      }
    }
    for (uint32_t r = 0; r < 32; ++r)
      for (uint32_t c = 0; c < 32; ++c) {
        double ref = in[2][tile_index(r, c)];
        for (uint32_t i = 0; i < 32; ++i)
          if (idx[i] == r) ref += in[0][tile_index(i, c)];
        EXPECT_NEAR(f32_page(fc, 16, 2)[tile_index(r, c)], ref, 4e-6) << r << "," << c;
      }
  }
}

// rand_tile and dropout_tile in the shape of ttnn's uniform and dropout
// kernels, seed from a runtime arg: uniform in [from, from + scale) with the
// moments of a uniform distribution and no repeated lanes; the same seed
// gives the same tiles, another seed others; dropout keeps x * scale
// exactly and drops a fraction p of elements (p = 0.3, INT_MAX * p).
TEST(StateOpsKernels, RandAndDropoutAreUniformDeterministicAndScaled) {
  const std::string body = R"ZYX(
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/rand.h"
#include "api/compute/eltwise_unary/dropout.h"
#include "api/compute/eltwise_unary/fill.h"
namespace NAMESPACE {
void MAIN {
  constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
  const uint32_t seed = SEED;
  cb_wait_front(in, 1);
  cb_reserve_back(out, 8);
  rand_tile_init(seed);
  for (uint32_t t = 0; t < 4; ++t) {
    tile_regs_acquire();
    rand_tile(0, 0xc0000000u, 0x40a00000u);  // from -2, scale 5
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
  }
  dropout_kernel_init(seed);
  copy_tile_to_dst_init_short(in);
  for (uint32_t t = 0; t < 4; ++t) {
    tile_regs_acquire();
    copy_tile(in, 0, 0);
    dropout_tile(0, 644245094u, 0x3fb6db6eu);  // INT_MAX * 0.3, 1 / 0.7
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
  }
  cb_push_back(out, 8);
  cb_pop_front(in, 1);
}
}
)ZYX";
  static float x[1024];
  for (uint32_t k = 0; k < 1024; ++k) x[k] = 1.0f + float(k) * 0.01f;
  auto run = [&](uint32_t seed, bool legacy) {
    std::string text = body;
    text.replace(text.find("SEED"), 4, std::to_string(seed) + "u");
    std::vector<emu::KernelEntry> entries = build("rand" + std::to_string(seed), text, legacy);
    test::FakeCore fc;
    fc.compute().unpack_fp32_as_tf32 = false;
    fc.configure_cb(0, kFp32, kTileBytes, 1);
    fc.configure_cb(16, kFp32, kTileBytes, 8);
    fc.feed(0, x, 1);
    EXPECT_EQ(entries.back()(), 0);
    std::vector<float> got(8 * 1024);
    for (uint32_t p = 0; p < 8; ++p) std::memcpy(got.data() + p * 1024, f32_page(fc, 16, p), kTileBytes);
    return got;
  };
  const std::vector<float> a = run(7, false), b = run(7, true), c = run(8, false);
  EXPECT_EQ(a, b) << "the same seed gives the same numbers";
  EXPECT_NE(std::vector<float>(a.begin(), a.begin() + 4096), std::vector<float>(c.begin(), c.begin() + 4096));
  double sum = 0, sq = 0;
  std::vector<float> sorted(a.begin(), a.begin() + 4096);
  for (float v : sorted) {
    ASSERT_GE(v, -2.0f);
    ASSERT_LT(v, 3.0f);
    const double u = (v + 2.0) / 5.0;
    sum += u, sq += u * u;
  }
  const double mean = sum / 4096, var = sq / 4096 - mean * mean;
  EXPECT_NEAR(mean, 0.5, 4 * std::sqrt(1.0 / 12 / 4096));
  EXPECT_NEAR(var, 1.0 / 12, 0.01);
  std::sort(sorted.begin(), sorted.end());
  EXPECT_GT(std::unique(sorted.begin(), sorted.end()) - sorted.begin(), 4000);  // lanes do not repeat each other
  uint32_t dropped = 0;
  for (uint32_t i = 4096; i < 8192; ++i) {
    const float v = a[i], kept = x[i % 1024] * u2f(0x3fb6db6eu);
    if (v == 0.0f) ++dropped;
    else ASSERT_EQ(v, kept) << i;
  }
  EXPECT_NEAR(dropped / 4096.0, 0.3, 4 * std::sqrt(0.3 * 0.7 / 4096));
}

// stochastic_round_tile in the shape of tt-metal's stochastic rounding test
// kernel, seeded by init_prng_seed: each fp32 value becomes its bf16 value
// truncated or that plus one ulp away from zero, rounding up in proportion to
// the discarded bits; values bf16 holds exactly stay; denormals and -0 become
// +0, NaN the infinity of its sign; a seed gives the same tiles every run.
TEST(StateOpsKernels, StochasticRoundTileRoundsUpInProportion) {
  const std::string body = R"ZYX(
#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/rounding.h"
void kernel_main() {
  constexpr auto in = tt::CBIndex::c_0, out = tt::CBIndex::c_16;
  init_sfpu(in, out);
  init_prng_seed(SEED);
  for (uint32_t t = 0; t < 4; ++t) {
    cb_wait_front(in, 1);
    cb_reserve_back(out, 1);
    tile_regs_acquire();
    copy_tile(in, 0, 0);
    stochastic_round_tile(0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, out);
    tile_regs_release();
    cb_push_back(out, 1);
    cb_pop_front(in, 1);
  }
}
)ZYX";
  // Tiles 0-2: base + fraction f of one bf16 ulp (f = 0.25, 0.75, 0.5 of
  // the magnitude's ulp), tile 3: exact and special values.
  const float bases[3] = {1.0f, -3.0f, 256.0f}, fractions[3] = {0.25f, 0.75f, 0.5f};
  static float x[4096];
  for (uint32_t t = 0; t < 3; ++t)
    for (uint32_t k = 0; k < 1024; ++k) x[t * 1024 + k] = u2f(f2u(bases[t]) + uint32_t(fractions[t] * 65536.0f));
  const uint32_t specials[] = {0x3f800000u, 0xc0490000u, 0x00000001u, 0x80400000u, 0x80000000u,
                               0x7fc00000u, 0xffc00000u, 0x7f800000u, 0x42c80000u};
  for (uint32_t k = 0; k < 1024; ++k) x[3 * 1024 + k] = u2f(specials[k % 9]);
  auto run = [&](uint32_t seed) {
    std::string text = body;
    text.replace(text.find("SEED"), 4, std::to_string(seed) + "u");
    std::vector<emu::KernelEntry> entries = build("stochrnd" + std::to_string(seed), text);
    if (entries.empty()) return std::vector<uint32_t>();
    test::FakeCore fc;
    fc.compute().unpack_fp32_as_tf32 = false;
    fc.configure_cb(0, kFp32, kTileBytes, 4);
    fc.configure_cb(16, kFp32, kTileBytes, 4);
    fc.feed(0, x, 4);
    EXPECT_EQ(entries.back()(), 0);
    std::vector<uint32_t> got(4096);
    for (uint32_t p = 0; p < 4; ++p) std::memcpy(got.data() + p * 1024, fc.page_ptr(16, p), kTileBytes);
    return got;
  };
  const std::vector<uint32_t> a = run(12345), b = run(12345), c = run(54321);
  ASSERT_EQ(a.size(), 4096u);
  EXPECT_EQ(a, b) << "the same seed gives the same tiles";
  EXPECT_NE(a, c);
  for (uint32_t t = 0; t < 3; ++t) {
    const uint32_t down = f2u(x[t * 1024]) & 0xffff0000u, up = down + 0x10000u;
    uint32_t ups = 0;
    for (uint32_t k = 0; k < 1024; ++k) {
      const uint32_t v = a[t * 1024 + k];
      ASSERT_TRUE(v == down || v == up) << t << "," << k << ": " << std::hex << v;
      ups += v == up;
    }
    const double f = fractions[t];
    EXPECT_NEAR(ups / 1024.0, f, 4 * std::sqrt(f * (1 - f) / 1024)) << "tile " << t;
  }
  const uint32_t expected[] = {0x3f800000u, 0xc0490000u, 0u, 0u, 0u, 0x7f800000u, 0xff800000u, 0x7f800000u, 0x42c80000u};
  for (uint32_t k = 0; k < 1024; ++k) ASSERT_EQ(a[3 * 1024 + k], expected[k % 9]) << k;
}
