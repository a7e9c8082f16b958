// Every compute op family through the real runtime, one program per family
// (tests/compute_e2e/op_families/<family>.cpp between a shared two-input
// reader and writer): 16 fp32 tiles of A and B in, 16 tiles out, tile t
// applying op t. Each output word is checked against a reference computed
// here, in fp64 or in exact integer arithmetic, over inputs that include
// every pair of special values (zeros, subnormals, infinities, NaN, extremes).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "compute_e2e_fixture.h"
#include "float_bits.h"
#include "mixed_bits.h"
#include "tile_layout.h"

namespace zyxtt::testing {
namespace {

using client::CbFormat;

constexpr uint32_t kTiles = 16, kElems = 1024;
constexpr double kInf = std::numeric_limits<double>::infinity(), kNaN = std::numeric_limits<double>::quiet_NaN();

// The inputs of one family: A and B, 16 tiles each, as raw 32-bit words.
struct Inputs {
  std::vector<uint32_t> a, b;
  float fa(uint32_t tile, uint32_t i) const { return float_of(a[tile * kElems + i]); }
  float fb(uint32_t tile, uint32_t i) const { return float_of(b[tile * kElems + i]); }
};

// What one output word must be: the word itself, or within
// ulps * ulp(value) + abs of an fp64 value (NaN must be NaN, inf exact).
struct Want {
  bool exact = false;
  uint32_t bits = 0;
  double value = 0, ulps = 0, abs = 0;
};
Want word(uint32_t w) { return Want{true, w}; }
Want near(double v, double ulps, double abs = 0) { return Want{false, 0, v, ulps, abs}; }
Want flag(bool b) { return word(b ? bits_of(1.0f) : 0); }

bool matches(const Want& w, uint32_t got) {
  if (w.exact) return got == w.bits;
  const float g = float_of(got), v = static_cast<float>(w.value);
  if (std::isnan(w.value)) return std::isnan(g);
  if (std::isinf(v)) return g == v;
  const double ulp = std::ldexp(1.0, std::max(std::ilogb(v == 0 ? 1e-45f : v), -126) - 23);
  return std::fabs(double(g) - w.value) <= w.ulps * ulp + w.abs;
}
std::string show(uint32_t w) { return fmt::format("{:#010x} ({})", w, float_of(w)); }

// Bits for element i of tile `tile` of input `which`, distinct for each.
uint32_t random_bits(uint32_t which, uint32_t tile, uint32_t i) { return mix((uint64_t(tile) << 32) | (i << 1) | which); }

const float kSpecials[16] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1e-45f, -1e-40f, 1.17549435e-38f,
                             1.0f,  -1.0f, 0.5f,     -2.5f,     88.0f, -88.0f, 1e30f, -1e30f};

// Float inputs: the first 256 elements of every tile pair each special of A
// with each special of B; the rest are uniform in [lo, hi].
float float_input(uint32_t which, uint32_t tile, uint32_t i, float lo, float hi) {
  if (i < 256) return kSpecials[which == 0 ? i % 16 : i / 16];
  return lo + (hi - lo) * float(random_bits(which, tile, i) >> 8) * 0x1p-24f;
}
// A multiple of 1/16 in [-16, 16]: TF32-exact, and sums and products of
// such values stay exact in fp32.
float sixteenths(uint32_t which, uint32_t tile, uint32_t i) {
  return float(int(random_bits(which, tile, i) % 513) - 256) / 16.0f;
}

struct Family {
  const char* name;  // the compute kernel: op_families/<name>.cpp, after tile_loop.cpp unless `whole`
  const char* ops[kTiles];
  uint32_t (*input)(uint32_t which, uint32_t tile, uint32_t i);
  Want (*want)(const Inputs& in, uint32_t tile, uint32_t i);
  bool whole = false;  // the family's source is a whole kernel, not a tile_loop.cpp body
};
void PrintTo(const Family& f, std::ostream* os) { *os << f.name; }

// --- SFPU binary (fp32, IEEE except the documented 0 * x = 0 rule) ---
Want sfpu_binary_want(const Inputs& in, uint32_t t, uint32_t i) {
  const double x = in.fa(t, i), y = in.fb(t, i);
  switch (t) {
    case 0: return near(x + y, 0.5);
    case 1: return near(x - y, 0.5);
    case 2: return near(y - x, 0.5);
    case 3: return near(x == 0 || y == 0 ? 0.0 : x * y, 0.5);
    case 4: return near(x / y, 0.5);
    case 5: return near(y == 0 ? 0.0 : x / y, 0.5);
    case 6: return near(std::pow(x, y), 1);
    case 7: return near(std::fmax(x, y), 0);
    case 8: return near(std::fmin(x, y), 0);
    case 9: return flag(x == y);
    case 10: return flag(x != y);
    case 11: return flag(x < y);
    case 12: return flag(x > y);
    case 13: return flag(x <= y);
    case 14: return flag(x >= y);
    default: return near(y - x, 0.5);
  }
}
uint32_t sfpu_binary_input(uint32_t which, uint32_t t, uint32_t i) {
  if (t == 6 && i >= 256) return bits_of(which == 0 ? float_input(0, t, i, 0, 4) : float_input(1, t, i, -4, 4));
  return bits_of(float_input(which, t, i, -100, 100));
}

// --- integer and bitwise ops on 32-bit words ---
const uint32_t kIntSpecials[16] = {0, 1, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 2, 0xFFFFFFFEu, 0xFFFF,
                                   0x8000, 0x10000, 31, 32, 33, 0xFFFFFFE1u, 0x55555555u, 0xAAAAAAAAu};
uint32_t int_input(uint32_t which, uint32_t t, uint32_t i) {
  if (i < 256) return kIntSpecials[which == 0 ? i % 16 : i / 16];
  const uint32_t r = random_bits(which, t, i);
  return which == 1 && t >= 7 && t <= 9 ? r % 40 : r;  // shift amounts, some >= 32
}
Want int_want(const Inputs& in, uint32_t t, uint32_t i) {
  const uint32_t a = in.a[t * kElems + i], b = in.b[t * kElems + i];
  const int32_t sa = int32_t(a), sb = int32_t(b);
  switch (t) {
    case 0: return word(a + b);
    case 1: return word(a - b);
    case 2: return word(b - a);
    case 3: return word(a * b);
    case 4: return word(a & b);
    case 5: return word(a | b);
    case 6: return word(a ^ b);
    case 7: return word(a << (b & 31));
    case 8: return word(uint32_t(sa >> (b & 31)));
    case 9: return word(a >> (b & 31));
    case 10: return word(uint32_t(std::max(sa, sb)));
    case 11: return word(std::min(a, b));
    case 12: return word((a + b) & 0xFFFF);
    case 13: return word(sa < sb ? 1 : 0);
    case 14: return word(a >= b ? 1 : 0);
    default: return word(a == b ? 1 : 0);
  }
}

// --- typecast: round half to even, saturate, NaN -> 0 ---
uint32_t typecast_input(uint32_t which, uint32_t t, uint32_t i) {
  const bool from_int = (t / 4) % 2 == 1;
  if (from_int) return i < 16 ? kIntSpecials[i] : random_bits(which, t, i);
  if (i < 16) return bits_of(kSpecials[i]);
  if (i < 512) return bits_of(float(int(random_bits(which, t, i) % 2001) - 1000) / 2.0f);  // halves
  return bits_of(float_input(which, t, i, -5e9f, 5e9f));
}
Want typecast_want(const Inputs& in, uint32_t t, uint32_t i) {
  const uint32_t w = in.a[t * kElems + i];
  auto to_int = [](float f, double lo, double hi) {
    double v = std::isnan(f) ? 0 : std::nearbyint(double(f));
    return std::clamp(v, lo, hi);
  };
  switch (t / 4) {
    case 0: return word(uint32_t(int32_t(to_int(float_of(w), -2147483648.0, 2147483647.0))));
    case 1: return word(bits_of(float(int32_t(w))));
    case 2: return word(uint32_t(to_int(float_of(w), 0, 4294967295.0)));
    default: return word(bits_of(float(w)));
  }
}

// --- FPU: operands in TF32, exact on these inputs unless noted ---
uint32_t fpu_input(uint32_t which, uint32_t t, uint32_t i) {
  if (t == 2 || t == 14) return bits_of(float_input(which, t, i + 256, -100, 100));  // full fp32 mantissas
  if (which == 1 && t >= 10 && t <= 12) return bits_of((i % 256) < 16 ? 0.5f : 7.0f);  // scaler: row 0 of each face
  return bits_of(sixteenths(which, t, i));
}
Want fpu_want(const Inputs& in, uint32_t t, uint32_t i) {
  const uint32_t r = row_of(i), c = col_of(i);
  auto A = [&](uint32_t rr, uint32_t cc) { return double(in.fa(t, face_index(rr, cc))); };
  auto B = [&](uint32_t rr, uint32_t cc) { return double(in.fb(t, face_index(rr, cc))); };
  const double a = A(r, c), b = B(r, c);
  switch (t) {
    case 0: return near(a + b, 0);
    case 1: return near(a - b, 0);
    case 2: return near(double(tf32_truncate(float(a))) * tf32_truncate(float(b)), 0);
    case 3: return near(a + (a + b), 0);
    case 4: return near(a + B(0, c), 0);
    case 5: return near(a - B(r, 0), 0);
    case 6: return near(a * B(0, 0), 0);
    case 7: return near(a - b, 0);
    case 8: return near(b - a, 0);
    case 9: return near(A(c, r), 0);
    case 10: {  // SUM over each row, times the scaler, into column 0
      if (c != 0) return near(0, 0);
      double s = 0;
      for (uint32_t k = 0; k < 32; ++k) s += A(r, k) * 0.5;
      return near(s, 0);
    }
    case 11: {  // MAX over each column, times the scaler, into row 0
      if (r != 0) return near(0, 0);
      double m = -kInf;
      for (uint32_t k = 0; k < 32; ++k) m = std::max(m, A(k, c) * 0.5);
      return near(m, 0);
    }
    case 12: {  // SUM of the tile into [0][0], the scaler applied in both passes
      if (r != 0 || c != 0) return near(0, 0);
      double s = 0;
      for (uint32_t k = 0; k < kElems; ++k) s += double(in.fa(t, k)) * 0.25;
      return near(s, 0);
    }
    case 13: {
      double s = 0;
      for (uint32_t k = 0; k < 32; ++k) s += A(r, k) * B(k, c);
      return near(s, 0);
    }
    case 14: return near(a + double(tf32_truncate(float(a))) * tf32_truncate(float(b)), 0.5);
    default: return near(a - B(0, 0), 0);
  }
}

// --- layout: pairs of tiles as 32 x 64 row-major strips ---
uint32_t layout_input(uint32_t which, uint32_t t, uint32_t i) {
  if (i < 8) return bits_of(kSpecials[i]);  // +-0, +-inf, subnormals: moved, never computed
  return random_bits(which, t, i) & 0xBFFFFFFFu;  // finite: exponent below 0xFF
}
Want layout_want(const Inputs& in, uint32_t t, uint32_t i) {
  const uint32_t pair = t / 2, first = pair * 2, f = (t % 2) * kElems + i;
  if (pair < 4) {  // untilize: strip element (r, c) comes from tile first + c / 32
    const uint32_t r = f / 64, c = f % 64;
    return word(in.a[(first + c / 32) * kElems + face_index(r, c % 32)]);
  }
  // tilize: element (r, c) of tile first + j comes from strip element (r, 32 j + c)
  return word(in.a[first * kElems + row_of(i) * 64 + (t % 2) * 32 + col_of(i)]);
}

// --- SFPU unary ---
uint32_t sfpu_unary_input(uint32_t which, uint32_t t, uint32_t i) {
  return bits_of(i < 16 ? kSpecials[i] : float_input(which, t, i + 256, -10, 10));
}
Want sfpu_unary_want(const Inputs& in, uint32_t t, uint32_t i) {
  const double x = in.fa(t, i);
  switch (t) {
    case 0: return near(std::log1p(std::exp(x)), 2, 1.2e-7);
    case 1: return near(std::isnan(x) ? 0.0 : std::clamp(x, 0.0, 6.0), 0);  // NaN -> 0 (fidelity.md)
    case 2: return near(x < 0 ? x * double(0.1f) : x, 0.5);
    case 3: return near(std::floor(x), 0);
    case 4: return near(std::trunc(x), 0);
    case 5: return near(std::sqrt(std::fabs(x)), 0.5);
    case 6: return near(1 / std::sqrt(x), 1.5);
    case 7: return near(std::isnan(x) ? kNaN : (x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0)), 0);
    case 8: return flag(std::isnan(x));
    case 9: return near(x > 0 ? 1.0 : (x < 0 ? 0.0 : 0.5), 0);  // NaN -> the value (fidelity.md)
    case 10: return near(std::expm1(x), 1);
    case 11: return near(std::sin(x), 1);
    case 12: return near(std::tanh(x), 2);
    case 13: return near(1 / (1 + std::exp(-x)), 2);
    case 14: return near(0.5 * x * (1 + std::erf(x / std::sqrt(2.0))), 4, 1e-6);
    default: return near(std::exp2(-x), 1);
  }
}

const Family kFamilies[] = {
    {"sfpu_binary",
     {"add_binary_tile", "sub_binary_tile", "rsub_binary_tile", "mul_binary_tile", "div_binary_tile",
      "div_no_nan_binary_tile", "power_binary_tile", "binary_max_tile", "binary_min_tile", "eq_binary_tile",
      "ne_binary_tile", "lt_binary_tile", "gt_binary_tile", "le_binary_tile", "ge_binary_tile",
      "sub_binary_tile(1, 0, 2)"},
     sfpu_binary_input, sfpu_binary_want},
    {"int_ops",
     {"add_int_tile<Int32>", "sub_int_tile<Int32>", "rsub_int_tile<Int32>", "mul_int_tile<Int32>",
      "bitwise_and_binary_tile", "bitwise_or_binary_tile", "bitwise_xor_binary_tile", "binary_left_shift_tile",
      "binary_right_shift_tile", "binary_logical_right_shift_tile<UInt32>", "binary_max_int32_tile",
      "binary_min_uint32_tile", "add_int_tile<UInt16>", "lt_int_tile<Int32>", "ge_int_tile<UInt32>",
      "eq_int32_tile"},
     int_input, int_want},
    {"typecast",
     {"typecast_tile<Float32, Int32>", "typecast_tile<Float32, Int32>", "typecast_tile<Float32, Int32>",
      "typecast_tile<Float32, Int32>", "typecast_tile<Int32, Float32>", "typecast_tile<Int32, Float32>",
      "typecast_tile<Int32, Float32>", "typecast_tile<Int32, Float32>", "typecast_tile<Float32, UInt32>",
      "typecast_tile<Float32, UInt32>", "typecast_tile<Float32, UInt32>", "typecast_tile<Float32, UInt32>",
      "typecast_tile<UInt32, Float32>", "typecast_tile<UInt32, Float32>", "typecast_tile<UInt32, Float32>",
      "typecast_tile<UInt32, Float32>"},
     typecast_input, typecast_want},
    {"fpu_ops",
     {"add_tiles", "sub_tiles", "mul_tiles (TF32 operands)", "add_tiles with acc_to_dest", "add_tiles_bcast_rows",
      "sub_tiles_bcast_cols", "mul_tiles_bcast_scalar", "binary_dest_reuse_tiles<ELWSUB, DEST_TO_SRCA>",
      "binary_dest_reuse_tiles<ELWSUB, DEST_TO_SRCB>", "transpose_wh_tile", "reduce_tile<SUM, REDUCE_ROW>",
      "reduce_tile<MAX, REDUCE_COL>", "reduce_tile<SUM, REDUCE_SCALAR>", "matmul_tiles",
      "mul_tiles with acc_to_dest", "sub_tiles_bcast_scalar"},
     fpu_input, fpu_want},
    {"layout",
     {"untilize_block", "untilize_block", "untilize_block", "untilize_block", "pack_untilize_block",
      "pack_untilize_block", "pack_untilize_block", "pack_untilize_block", "tilize_block", "tilize_block",
      "tilize_block", "tilize_block", "tilize_block", "tilize_block", "tilize_block", "tilize_block"},
     layout_input, layout_want, true},
    {"sfpu_unary",
     {"softplus chain: exp_tile, add_unary_tile(1), log_tile", "relu_max_tile(6)", "leaky_relu_tile(0.1)",
      "floor_tile", "trunc_tile", "abs_tile, sqrt_tile", "rsqrt_tile", "sign_tile", "isnan_tile",
      "heaviside_tile(0.5)", "expm1_tile", "sin_tile", "tanh_tile", "sigmoid_tile", "gelu_tile<false>",
      "negative_tile, exp2_tile"},
     sfpu_unary_input, sfpu_unary_want},
};

class OpFamily : public ComputeE2E, public ::testing::WithParamInterface<Family> {};

// A tile_loop.cpp program of op_families/<body>.cpp, or that file alone.
Kernels op_family_kernels(const std::string& body, bool whole) {
  const std::filesystem::path dir = std::filesystem::path(ZYXTT_E2E_DIR) / "op_families";
  Kernels k = read_kernels(dir, body + ".cpp");
  if (!whole) k.compute = read_text(dir / "tile_loop.cpp") + k.compute;
  return k;
}

const std::vector<client::CbConfig> kFp32Cbs = {{0, CbFormat::kFloat32}, {1, CbFormat::kFloat32},
                                                {16, CbFormat::kFloat32}};

TEST_P(OpFamily, EveryTileMatchesTheReference) {
  const Family& fam = GetParam();
  Inputs in;
  for (uint32_t t = 0; t < kTiles; ++t)
    for (uint32_t i = 0; i < kElems; ++i) {
      in.a.push_back(fam.input(0, t, i));
      in.b.push_back(fam.input(1, t, i));
    }
  const uint32_t ba = upload(in.a), bb = upload(in.b), bo = alloc(kTiles * kElems * 4);
  compile(1, op_family_kernels(fam.name, fam.whole), kFp32Cbs);
  ASSERT_EQ(run(1, 1, 1, {ba, bb}, bo), R"({"status":"ok"})");
  const std::vector<uint32_t> out = download<uint32_t>(bo, kTiles * kElems);
  for (uint32_t t = 0; t < kTiles; ++t) {
    uint32_t bad = 0;
    for (uint32_t i = 0; i < kElems; ++i) {
      const Want w = fam.want(in, t, i);
      const uint32_t got = out[t * kElems + i];
      if (matches(w, got)) continue;
      if (bad++ < 3) {
        ADD_FAILURE() << fam.ops[t] << " (tile " << t << ") at [" << row_of(i) << "][" << col_of(i)
                      << "]: a = " << show(in.a[t * kElems + i]) << ", b = " << show(in.b[t * kElems + i])
                      << ": got " << show(got) << ", want "
                      << (w.exact ? show(w.bits) : fmt::format("{} (+- {} ulp + {})", w.value, w.ulps, w.abs));
      }
    }
    EXPECT_EQ(bad, 0u) << fam.ops[t] << " (tile " << t << "): mismatching elements";
  }
}

// typecast_tile<Float32, Float16> has no kernel on silicon: the data pass
// unchanged and the runtime's stderr names the kernel line of the call.
TEST_F(ComputeE2E, UnsupportedTypecastWarnsNamingTheKernelLine) {
  const std::filesystem::path log =
      std::filesystem::temp_directory_path() / ("zyxtt-typecast-warning-" + std::to_string(getpid()) + ".log");
  restart({}, log, cache_dir_for_tests());

  const Kernels k = op_family_kernels("typecast_unsupported", false);
  const size_t call = k.compute.find("typecast_tile<static_cast");
  const size_t line = 1 + std::count(k.compute.begin(), k.compute.begin() + call, '\n');
  std::vector<uint32_t> a(kTiles * kElems);
  for (uint32_t i = 0; i < a.size(); ++i) a[i] = mix(i) & 0xBFFFFFFFu;  // finite words
  const uint32_t ba = upload(a), bb = upload(a), bo = alloc(a.size() * 4);
  compile(1, k, kFp32Cbs);
  ASSERT_EQ(run(1, 1, 1, {ba, bb}, bo), R"({"status":"ok"})");
  EXPECT_EQ(download<uint32_t>(bo, a.size()), a);
  runtime_.reset();  // the runtime and its worker exit: the log is complete
  const std::string err = read_text(log);
  std::filesystem::remove(log);
  EXPECT_NE(err.find(fmt::format("compute.cpp:{}: typecast_tile<Float32, Float16> has no kernel on silicon", line)),
            std::string::npos)
      << err;
}

// v rounded to the nearest fp16 value, ties to even: 10 stored mantissa
// bits, subnormals below 2^-14, infinity above the largest finite 65504.
double to_fp16(double v) {
  if (std::isnan(v) || std::isinf(v) || v == 0) return v;
  const int e = std::max(std::ilogb(v), -14) - 10;
  const double r = std::ldexp(std::nearbyint(std::ldexp(v, -e)), e);
  return std::fabs(r) > 65504.0 ? std::copysign(kInf, v) : r;
}

// bf16 + fp16 in fp32 DST, through an fp16 CB into a bf16 CB: each pack
// rounds to nearest even; fp16 keeps subnormals and overflows to infinity.
TEST_F(ComputeE2E, SixteenBitFormatsThroughUnpackAndPack) {
  const uint16_t special_bf16[8] = {0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x0001, 0x477F, 0xC780};
  const uint16_t special_fp16[8] = {0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x03FF, 0x7BFF};
  std::vector<uint16_t> a(kTiles * kElems), b(kTiles * kElems);
  for (uint32_t i = 0; i < a.size(); ++i) {
    const uint32_t r = mix(i);
    if (i % kElems < 64) {  // every pair of specials
      a[i] = special_bf16[i % 8];
      b[i] = special_fp16[(i / 8) % 8];
      continue;
    }
    // bf16 around the fp16 range (2^-30 .. 2^17) and any finite fp16
    a[i] = uint16_t((r & 0x8000) | ((97 + (r >> 16) % 48) << 7) | (r & 0x7F));
    b[i] = uint16_t(((r >> 8) & 0x7C00) == 0x7C00 ? (r >> 8) & 0xBFFF : (r >> 8) & 0xFFFF);
  }
  const uint32_t ba = upload(a), bb = upload(b), bo = alloc(a.size() * 2);
  compile(1, op_family_kernels("formats", true),
          {{0, CbFormat::kFloat16_b}, {1, CbFormat::kFloat16}, {2, CbFormat::kFloat16}, {16, CbFormat::kFloat16_b}});
  ASSERT_EQ(run(1, 1, 1, {ba, bb}, bo), R"({"status":"ok"})");
  const std::vector<uint16_t> out = download<uint16_t>(bo, a.size());
  uint32_t bad = 0;
  for (uint32_t i = 0; i < a.size(); ++i) {
    const double x = bf16_to_float(a[i]), y = half_to_float(b[i]);
    const double want = bf16_to_float(float_to_bf16(static_cast<float>(to_fp16(static_cast<float>(x + y)))));
    const double got = bf16_to_float(out[i]);
    const bool ok = std::isnan(want) ? std::isnan(got) : got == want;
    if (!ok && bad++ < 5)
      ADD_FAILURE() << fmt::format("element {}: bf16 {:#06x} + fp16 {:#06x} = {:#06x} ({}), want {}", i, a[i], b[i],
                                   out[i], got, want);
  }
  EXPECT_EQ(bad, 0u);
}

INSTANTIATE_TEST_SUITE_P(Programs, OpFamily, ::testing::ValuesIn(kFamilies),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace zyxtt::testing
