// MX tiles on the host (mxfp4.hpp, mxfp6.hpp, mxfp8.hpp) against the OCP
// Microscaling spec computed here on its own: every code point's value by the
// spec's formula, nearest-even rounding at every midpoint, the shared scale's
// choice, and the tile layout (32 scale bytes, then the codes).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <tt-metalium/mxfp4.hpp>
#include <tt-metalium/mxfp6.hpp>
#include <tt-metalium/mxfp8.hpp>
#include <tt-metalium/tile.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace {

using Pack = std::vector<uint32_t> (*)(tt::stl::Span<const float>, bool, const std::optional<tt::tt_metal::Tile>&);
using Unpack = std::vector<float> (*)(tt::stl::Span<const uint32_t>, bool, const std::optional<tt::tt_metal::Tile>&);

struct Format {
  std::string name;
  int e, m, bias;
  bool ieee_specials;    // E5M2: exponent all ones is inf (mantissa 0) or NaN
  bool all_ones_is_nan;  // E4M3FN: S.1111.111 is NaN
  Pack pack;
  Unpack unpack;
  uint32_t tile_bytes;  // tt-metal's tile_size of the format
};

void PrintTo(const Format& f, std::ostream* os) { *os << f.name; }

const std::vector<Format>& formats() {
  static const std::vector<Format> all = {
      {"MxFp4", 2, 1, 1, false, false, pack_as_mxfp4_tiles<float>, unpack_mxfp4_tiles_into_float_vec, 544},
      {"MxFp6R", 3, 2, 3, false, false, pack_as_mxfp6r_tiles<float>, unpack_mxfp6r_tiles_into_float_vec, 1056},
      {"MxFp6P", 2, 3, 1, false, false, pack_as_mxfp6p_tiles<float>, unpack_mxfp6p_tiles_into_float_vec, 1056},
      {"MxFp8R", 5, 2, 15, true, false, pack_as_mxfp8_e5m2_tiles<float>, unpack_mxfp8_e5m2_tiles_into_float_vec,
       1056},
      {"MxFp8P", 4, 3, 7, false, true, pack_as_mxfp8_e4m3_tiles<float>, unpack_mxfp8_e4m3_tiles_into_float_vec, 1056},
  };
  return all;
}

int width(const Format& f) { return 1 + f.e + f.m; }
uint32_t codes(const Format& f) { return 1u << width(f); }

// The OCP MX spec's element value, in double.
double spec_value(const Format& f, uint32_t code) {
  const uint32_t s = code >> (f.e + f.m), E = (code >> f.m) & ((1u << f.e) - 1), M = code & ((1u << f.m) - 1);
  const bool top = E == (1u << f.e) - 1;
  if (f.ieee_specials && top) return M == 0 ? (s ? -INFINITY : INFINITY) : NAN;
  if (f.all_ones_is_nan && top && M == (1u << f.m) - 1) return NAN;
  const double frac = static_cast<double>(M) / std::pow(2.0, f.m);
  const double mag = E == 0 ? std::pow(2.0, 1 - f.bias) * frac : std::pow(2.0, static_cast<int>(E) - f.bias) * (1 + frac);
  return s ? -mag : mag;
}

double max_finite(const Format& f) {
  double best = 0;
  for (uint32_t c = 0; c < codes(f); ++c) {
    if (std::isfinite(spec_value(f, c))) best = std::max(best, spec_value(f, c));
  }
  return best;
}

// Byte offsets in one 32x32 MX tile: the scales, then the codes.
constexpr uint32_t kScaleBytes = 32;

uint32_t code_at(const Format& f, const std::vector<uint32_t>& words, uint32_t k) {
  const auto* bytes = reinterpret_cast<const uint8_t*>(words.data()) + kScaleBytes;
  if (width(f) == 4) return (bytes[k / 2] >> (k % 2 * 4)) & 0xF;
  return bytes[k] >> (8 - width(f));
}

void set_code(const Format& f, std::vector<uint32_t>& words, uint32_t k, uint32_t code) {
  auto* bytes = reinterpret_cast<uint8_t*>(words.data()) + kScaleBytes;
  if (width(f) == 4) {
    bytes[k / 2] = static_cast<uint8_t>((bytes[k / 2] & ~(0xF << (k % 2 * 4))) | code << (k % 2 * 4));
  } else {
    bytes[k] = static_cast<uint8_t>(code << (8 - width(f)));
  }
}

uint8_t scale_of_block(const std::vector<uint32_t>& words, uint32_t block) {
  return reinterpret_cast<const uint8_t*>(words.data())[block];
}

std::vector<uint32_t> blank_tile(const Format& f, uint8_t scale) {
  std::vector<uint32_t> words(f.tile_bytes / 4, 0);
  std::memset(words.data(), scale, kScaleBytes);
  return words;
}

class MxFormat : public testing::TestWithParam<Format> {};

// Every code point, under scales 2^0, 2^5 and 2^-3 in three blocks.
TEST_P(MxFormat, UnpacksEveryCodeByTheSpecFormula) {
  const Format& f = GetParam();
  const int exps[] = {0, 5, -3};
  for (int x : exps) {
    std::vector<uint32_t> tile = blank_tile(f, static_cast<uint8_t>(127 + x));
    for (uint32_t c = 0; c < codes(f); ++c) set_code(f, tile, c, c);
    const std::vector<float> values = f.unpack(tile, false, std::nullopt);
    ASSERT_EQ(values.size(), 1024u);
    for (uint32_t c = 0; c < codes(f); ++c) {
      const double want = spec_value(f, c) * std::pow(2.0, x);
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(values[c])) << f.name << " code " << c;
      } else {
        EXPECT_EQ(values[c], static_cast<float>(want)) << f.name << " code " << c << " scale 2^" << x;
      }
    }
  }
}

// A block holding the largest finite value has scale 2^0, so every finite
// value packs to its own code (signed zeros included).
TEST_P(MxFormat, PacksEveryFiniteValueToItsCode) {
  const Format& f = GetParam();
  std::vector<float> in(1024, 0.0f);
  std::vector<uint32_t> want_code(1024, 0);
  uint32_t k = 0;
  for (uint32_t c = 0; c < codes(f); ++c) {
    if (!std::isfinite(spec_value(f, c))) continue;
    if (k % 32 == 0) {
      in[k] = static_cast<float>(max_finite(f));
      want_code[k] = 0;  // checked by value below
      ++k;
    }
    in[k] = static_cast<float>(spec_value(f, c));  // -0.0 for the negative zero code
    want_code[k++] = c;
  }
  const std::vector<uint32_t> tile = f.pack(in, false, std::nullopt);
  ASSERT_EQ(tile.size() * 4, f.tile_bytes);
  for (uint32_t b = 0; b < (k + 31) / 32; ++b) EXPECT_EQ(scale_of_block(tile, b), 127) << f.name << " block " << b;
  for (uint32_t i = 0; i < k; ++i) {
    if (i % 32 == 0) continue;
    EXPECT_EQ(code_at(f, tile, i), want_code[i]) << f.name << " value " << in[i];
  }
  const std::vector<float> back = f.unpack(tile, false, std::nullopt);
  for (uint32_t i = 0; i < 1024; ++i) {
    EXPECT_EQ(back[i], in[i]) << f.name << " element " << i;
    EXPECT_EQ(std::signbit(back[i]), std::signbit(in[i])) << f.name << " element " << i;
  }
}

// Between two neighbouring values: the nearer one, and at the midpoint the
// one with an even code; past the largest value, the largest (saturation).
TEST_P(MxFormat, RoundsToNearestTiesToEvenAndSaturates) {
  const Format& f = GetParam();
  std::vector<std::pair<double, uint32_t>> ladder;  // non-negative finite values and their codes
  for (uint32_t c = 0; c < codes(f) / 2; ++c) {
    if (std::isfinite(spec_value(f, c))) ladder.emplace_back(spec_value(f, c), c);
  }
  std::sort(ladder.begin(), ladder.end());
  const double top = max_finite(f);
  std::vector<float> in;
  std::vector<uint32_t> want;
  auto add = [&](double v, uint32_t code) {
    if (in.size() % 32 == 31) {  // a pair stays in one block
      in.push_back(0.0f);
      want.push_back(0);
    }
    if (in.size() % 32 == 0) {
      in.push_back(static_cast<float>(top));  // pins the block's scale at 2^0
      want.push_back(ladder.back().second);
    }
    in.push_back(static_cast<float>(v));
    want.push_back(code);
    in.push_back(static_cast<float>(-v));
    want.push_back(code | codes(f) / 2);
  };
  for (size_t i = 0; i + 1 < ladder.size(); ++i) {
    const auto [lo, lo_code] = ladder[i];
    const auto [hi, hi_code] = ladder[i + 1];
    const double mid = (lo + hi) / 2, eps = (hi - lo) / 64;
    add(mid - eps, lo_code);
    add(mid + eps, hi_code);
    add(mid, lo_code % 2 == 0 ? lo_code : hi_code);
  }
  // Above the largest value but below 2^(emax+1), which would raise the scale.
  add(top + (top - ladder[ladder.size() - 2].first) * 0.75, ladder.back().second);
  const size_t used = in.size();
  ASSERT_LE(used, 1024u);
  in.resize(1024, 0.0f);
  const std::vector<uint32_t> tile = f.pack(in, false, std::nullopt);
  for (size_t i = 0; i < used; ++i) {
    EXPECT_EQ(scale_of_block(tile, i / 32), 127) << f.name;
    EXPECT_EQ(code_at(f, tile, i), want[i]) << f.name << " value " << in[i];
  }
}

// The scale is 2^(floor(log2(max |v|)) - emax), emax the exponent of the
// format's largest value; then max |v| (its significand below 1.5, short of
// any format's saturation) is within half a unit in the last place of itself.
TEST_P(MxFormat, ScaleFollowsTheBlocksLargestMagnitude) {
  const Format& f = GetParam();
  const int emax = static_cast<int>(std::floor(std::log2(max_finite(f))));
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> exp_dist(-100, 100);
  std::uniform_real_distribution<float> frac(1.0f, 1.5f);
  std::vector<float> in(1024);
  std::vector<int> largest_exp(32);
  for (uint32_t b = 0; b < 32; ++b) {
    largest_exp[b] = exp_dist(rng);
    for (uint32_t i = 0; i < 32; ++i) in[b * 32 + i] = std::ldexp(frac(rng), largest_exp[b] - 3) * (i % 2 ? 1 : -1);
    in[b * 32 + 17] = std::ldexp(frac(rng), largest_exp[b]) * (b % 2 ? -1 : 1);
  }
  const std::vector<uint32_t> tile = f.pack(in, false, std::nullopt);
  const std::vector<float> back = f.unpack(tile, false, std::nullopt);
  for (uint32_t b = 0; b < 32; ++b) {
    EXPECT_EQ(scale_of_block(tile, b), largest_exp[b] - emax + 127) << f.name << " block " << b;
    const float v = in[b * 32 + 17];
    EXPECT_LE(std::fabs(back[b * 32 + 17] - v), std::fabs(v) * std::pow(2.0, -f.m - 1)) << f.name << " block " << b;
  }
}

TEST_P(MxFormat, ScaleOfZeroTinyNanAndInfiniteBlocks) {
  const Format& f = GetParam();
  const int emax = static_cast<int>(std::floor(std::log2(max_finite(f))));
  std::vector<float> in(1024, 0.0f);                                          // block 0: zeros
  for (uint32_t i = 32; i < 64; ++i) in[i] = std::ldexp(1.0f, -140);          // block 1: below the scale's range
  for (uint32_t i = 64; i < 96; ++i) in[i] = NAN;                             // block 2: NaNs
  for (uint32_t i = 96; i < 128; ++i) in[i] = i % 2 ? INFINITY : -INFINITY;  // block 3: infinities
  in[128] = INFINITY;                                                         // block 4: one infinity, one value
  in[129] = 3.0f;
  const std::vector<uint32_t> tile = f.pack(in, false, std::nullopt);
  EXPECT_EQ(scale_of_block(tile, 0), 127 - emax);
  EXPECT_EQ(scale_of_block(tile, 1), 0);
  EXPECT_EQ(scale_of_block(tile, 2), 0xFF);
  EXPECT_EQ(scale_of_block(tile, 3), 0xFE);
  EXPECT_EQ(scale_of_block(tile, 4), 1 - emax + 127);
  const std::vector<float> back = f.unpack(tile, false, std::nullopt);
  EXPECT_EQ(back[0], 0.0f);
  // 2^-140 against a scale of 2^-127: 2^-13 before scaling, a subnormal or zero of the format.
  const float tiny = static_cast<float>(std::pow(2.0, 1 - f.bias - f.m));
  EXPECT_EQ(back[32], std::ldexp(1.0f, -13) >= tiny ? std::ldexp(1.0f, -140) : 0.0f) << f.name;
  for (uint32_t i = 64; i < 96; ++i) EXPECT_TRUE(std::isnan(back[i])) << f.name;
  // Infinities stay infinite in E5M2, else saturate to the largest value times 2^127, past float's range.
  EXPECT_EQ(back[97], INFINITY) << f.name;
  EXPECT_EQ(back[96], -INFINITY) << f.name;
  EXPECT_EQ(back[129], 3.0f) << f.name;
  if (f.ieee_specials) {
    EXPECT_EQ(back[128], INFINITY);
  } else {
    EXPECT_EQ(back[128], static_cast<float>(max_finite(f) * std::pow(2.0, 1 - emax))) << f.name;  // saturated
  }
}

// Random representable tiles (each block's largest value fixes its scale) go
// through pack and unpack unchanged, byte for byte; row-major order is the
// face order per tile.
TEST_P(MxFormat, RepresentableTilesRoundTripInBothLayouts) {
  const Format& f = GetParam();
  std::mt19937 rng(11);
  std::vector<uint32_t> tiles;
  for (int t = 0; t < 3; ++t) {
    std::vector<uint32_t> tile = blank_tile(f, 0);
    for (uint32_t b = 0; b < 32; ++b) {
      reinterpret_cast<uint8_t*>(tile.data())[b] = static_cast<uint8_t>(std::uniform_int_distribution<int>(60, 190)(rng));
      for (uint32_t i = 0; i < 32; ++i) {
        uint32_t c;
        do c = rng() % codes(f); while (!std::isfinite(spec_value(f, c)));
        set_code(f, tile, b * 32 + i, c);
      }
      uint32_t top = 0;
      for (uint32_t c = 0; c < codes(f) / 2; ++c) {
        if (spec_value(f, c) == max_finite(f)) top = c;
      }
      set_code(f, tile, b * 32 + rng() % 32, top | (rng() % 2) * (codes(f) / 2));
    }
    tiles.insert(tiles.end(), tile.begin(), tile.end());
  }
  const std::vector<float> faces = f.unpack(tiles, false, std::nullopt);
  EXPECT_EQ(f.pack(faces, false, std::nullopt), tiles) << f.name;

  const std::vector<float> rows = f.unpack(tiles, true, std::nullopt);
  ASSERT_EQ(rows.size(), faces.size());
  for (uint32_t t = 0; t < 3; ++t) {
    for (uint32_t r = 0; r < 32; ++r) {
      for (uint32_t c = 0; c < 32; ++c) {
        const uint32_t face_index = (r / 16 * 2 + c / 16) * 256 + r % 16 * 16 + c % 16;
        ASSERT_EQ(rows[t * 1024 + r * 32 + c], faces[t * 1024 + face_index]) << f.name << " " << r << "," << c;
      }
    }
  }
  EXPECT_EQ(f.pack(rows, true, std::nullopt), tiles) << f.name;
}

// A 16 x 32 tile: 16 blocks, their scale bytes padded to Blackhole's L1 alignment (16).
TEST_P(MxFormat, SmallerTilesHaveFewerScaleBytes) {
  const Format& f = GetParam();
  const tt::tt_metal::Tile half({16, 32});
  std::vector<float> in(512);
  for (uint32_t i = 0; i < 512; ++i) in[i] = static_cast<float>(i % 7) - 3.0f;
  const std::vector<uint32_t> tile = f.pack(in, false, half);
  EXPECT_EQ(tile.size() * 4, 16 + 512 * (width(f) == 4 ? 4u : 8u) / 8) << f.name;
  EXPECT_EQ(f.unpack(tile, false, half), in) << f.name;
}

INSTANTIATE_TEST_SUITE_P(Formats, MxFormat, testing::ValuesIn(formats()),
                         [](const testing::TestParamInfo<Format>& info) { return info.param.name; });

// Layout details tt-metal's tests build tiles by: MXFP4's element 0 in the low
// nibble, MXFP6's codes in a byte's top six bits; the format codes of tt::DataFormat.
TEST(MxTiles, NibbleOrderSixBitPlacementAndFormatCodes) {
  std::vector<float> in(1024, 0.0f);
  in[0] = 1.0f;   // FP4 code 2 (scale 2^0 from the 6 below)
  in[1] = -6.0f;  // FP4 code 0xF
  const auto fp4 = tt::tt_metal::pack_as_mxfp4_tiles<float>(in, false);
  EXPECT_EQ(reinterpret_cast<const uint8_t*>(fp4.data())[32], 0xF2);
  in[1] = -7.5f;  // E2M3 code 0x3F, stored 0xFC
  const auto fp6 = tt::tt_metal::pack_as_mxfp6p_tiles<float>(in, false);
  EXPECT_EQ(reinterpret_cast<const uint8_t*>(fp6.data())[32], 0x08 << 2);
  EXPECT_EQ(reinterpret_cast<const uint8_t*>(fp6.data())[33], 0xFC);
  EXPECT_EQ(static_cast<int>(tt::DataFormat::MxFp8R), 18);
  EXPECT_EQ(static_cast<int>(tt::DataFormat::MxFp6R), 19);
  EXPECT_EQ(static_cast<int>(tt::DataFormat::MxFp8P), 20);
  EXPECT_EQ(static_cast<int>(tt::DataFormat::MxFp6P), 21);
  EXPECT_EQ(static_cast<int>(tt::DataFormat::MxFp4), 22);
  EXPECT_THROW(tt::datum_size(tt::DataFormat::MxFp4), std::invalid_argument);
}

// NaN elements: E5M2 and E4M3 have NaN codes; FP4 and FP6 have none and hold +0.
TEST(MxTiles, NanElementsInAFiniteBlock) {
  std::vector<float> in(1024, 0.0f);
  in[0] = 1.0f;
  in[1] = NAN;
  const auto e5m2 = unpack_mxfp8_e5m2_tiles_into_float_vec(pack_as_mxfp8_e5m2_tiles<float>(in, false), false);
  const auto e4m3 = unpack_mxfp8_e4m3_tiles_into_float_vec(pack_as_mxfp8_e4m3_tiles<float>(in, false), false);
  const auto fp4 = unpack_mxfp4_tiles_into_float_vec(pack_as_mxfp4_tiles<float>(in, false), false);
  EXPECT_TRUE(std::isnan(e5m2[1]));
  EXPECT_TRUE(std::isnan(e4m3[1]));
  EXPECT_EQ(fp4[1], 0.0f);
  EXPECT_EQ(e5m2[0], 1.0f);
}

}  // namespace
