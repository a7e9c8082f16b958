// The host's 8-bit element types (int8.hpp, uint8.hpp, float8.hpp): values
// packed four to a word, first byte lowest, and tt-metal's Fp8_e4m3 rules.
#include <tt-metalium/float8.hpp>
#include <tt-metalium/int8.hpp>
#include <tt-metalium/uint8.hpp>

#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include <tt_stl/assert.hpp>

namespace {

uint32_t pack_bytes(uint8_t a, uint8_t b, uint8_t c, uint8_t d) {
  return uint32_t{a} | uint32_t{b} << 8 | uint32_t{c} << 16 | uint32_t{d} << 24;
}

// Words of num_bytes random bytes, each byte from next().
template <typename NextByte>
std::vector<uint32_t> random_words(size_t num_bytes, NextByte next) {
  TT_FATAL(num_bytes % 4 == 0, "num_bytes must be a multiple of 4 (four bytes to a word), not {}", num_bytes);
  std::vector<uint32_t> words(num_bytes / 4);
  for (uint32_t& w : words) {
    // Drawn in element order: the first byte is the low one.
    const uint8_t a = next(), b = next(), c = next(), d = next();
    w = pack_bytes(a, b, c, d);
  }
  return words;
}

constexpr int kFp8Bias = 7;
constexpr uint32_t kFp8NanExponent = 15;
constexpr uint8_t kFp8MaxMagnitude = 0x77;  // 1.875 * 2^7 = 240
constexpr uint8_t kFp8Nan = 0x7F;

}  // namespace

uint32_t pack_four_int8_into_uint32(int8_t a, int8_t b, int8_t c, int8_t d) {
  return pack_bytes(static_cast<uint8_t>(a), static_cast<uint8_t>(b), static_cast<uint8_t>(c),
                    static_cast<uint8_t>(d));
}

std::vector<uint32_t> create_random_vector_of_int8(size_t num_bytes, int seed) {
  std::mt19937 rng(static_cast<uint32_t>(seed));
  std::uniform_int_distribution<int> dist(-127, 127);
  return random_words(num_bytes, [&] { return static_cast<uint8_t>(static_cast<int8_t>(dist(rng))); });
}

uint32_t pack_four_uint8_into_uint32(uint8_t a, uint8_t b, uint8_t c, uint8_t d) { return pack_bytes(a, b, c, d); }

std::vector<uint32_t> create_random_vector_of_uint8(size_t num_bytes, int seed) {
  TT_FATAL(num_bytes % 4 == 0, "num_bytes must be a multiple of 4 (four bytes to a word), not {}", num_bytes);
  // Whole random words: every byte uniform.
  std::mt19937 rng(static_cast<uint32_t>(seed));
  std::uniform_int_distribution<uint32_t> dist(0, std::numeric_limits<uint32_t>::max());
  std::vector<uint32_t> words(num_bytes / 4);
  for (uint32_t& w : words) w = dist(rng);
  return words;
}

float8_e4m3::operator float() const {
  const uint32_t sign = bits_ >> 7, exponent = (bits_ >> 3) & 0xFu, mantissa = bits_ & 7u;
  if (exponent == kFp8NanExponent) return std::numeric_limits<float>::quiet_NaN();
  if (exponent == 0) return sign ? -0.0f : 0.0f;  // no subnormals
  return std::bit_cast<float>(sign << 31 | (exponent - kFp8Bias + 127) << 23 | mantissa << 20);
}

uint8_t float8_e4m3::from_float(float v) {
  if (std::isnan(v)) return kFp8Nan;
  const uint32_t u = std::bit_cast<uint32_t>(v);
  const auto sign = static_cast<uint8_t>((u >> 31) << 7);
  if (std::isinf(v)) return sign | kFp8MaxMagnitude;
  const int f32_exponent = static_cast<int>((u >> 23) & 0xFFu);
  int exponent = f32_exponent - 127 + kFp8Bias;
  // Zeros, fp32 subnormals and everything below the smallest normal flush to zero.
  if (f32_exponent == 0 || exponent <= 0) return sign;
  if (exponent >= static_cast<int>(kFp8NanExponent)) return sign | kFp8MaxMagnitude;
  // Keep 3 of fp32's 23 mantissa bits; round the 20 dropped to nearest, ties to even.
  const uint32_t f32_mantissa = u & 0x7FFFFFu, dropped = f32_mantissa & 0xFFFFFu, half = 0x80000u;
  uint32_t mantissa = f32_mantissa >> 20;
  if (dropped > half || (dropped == half && (mantissa & 1u))) {
    if (++mantissa == 8) {
      mantissa = 0;
      if (++exponent == static_cast<int>(kFp8NanExponent)) return sign | kFp8MaxMagnitude;
    }
  }
  return sign | static_cast<uint8_t>(exponent << 3 | mantissa);
}

uint32_t pack_four_float8_e4m3_into_uint32(float8_e4m3 a, float8_e4m3 b, float8_e4m3 c, float8_e4m3 d) {
  return pack_bytes(a.to_bits(), b.to_bits(), c.to_bits(), d.to_bits());
}

std::vector<float8_e4m3> unpack_uint32_vec_into_float8_e4m3_vec(const std::vector<uint32_t>& data) {
  std::vector<float8_e4m3> out;
  out.reserve(data.size() * 4);
  for (uint32_t w : data)
    for (int shift = 0; shift < 32; shift += 8) out.push_back(float8_e4m3::from_bits(static_cast<uint8_t>(w >> shift)));
  return out;
}

std::vector<uint32_t> create_random_vector_of_float8_e4m3(size_t num_bytes, int rand_max_float, int seed,
                                                          float offset) {
  std::mt19937 rng(static_cast<uint32_t>(seed));
  std::uniform_real_distribution<float> dist(0.0f, static_cast<float>(rand_max_float));
  return random_words(num_bytes, [&] { return float8_e4m3(dist(rng) + offset).to_bits(); });
}
