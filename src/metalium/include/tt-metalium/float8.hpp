// Fp8_e4m3 values on the host as tt-metal's host helpers make and read them:
// sign, 4 exponent bits (bias 7), 3 mantissa bits; exponent 15 is NaN, so the
// largest magnitude is 240 (S.1110.111); no subnormals (exponent 0 reads as
// zero, values below 2^-6 become zero); infinities and larger values saturate
// to ±240; NaN becomes 0x7F; the mantissa rounds to nearest, ties to even.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

class float8_e4m3 {
 public:
  constexpr float8_e4m3() = default;
  float8_e4m3(float v) noexcept : bits_(from_float(v)) {}  // NOLINT: converts implicitly, as tt-metal's does

  operator float() const;

  uint8_t to_bits() const { return bits_; }
  static float8_e4m3 from_bits(uint8_t bits) {
    float8_e4m3 f;
    f.bits_ = bits;
    return f;
  }

 private:
  static uint8_t from_float(float v);
  uint8_t bits_ = 0;
};

// Four values to a word, the first in the low byte.
uint32_t pack_four_float8_e4m3_into_uint32(float8_e4m3 a, float8_e4m3 b, float8_e4m3 c, float8_e4m3 d);
std::vector<float8_e4m3> unpack_uint32_vec_into_float8_e4m3_vec(const std::vector<uint32_t>& data);

// num_bytes (a multiple of 4) values, each offset + a uniform draw from
// [0, rand_max_float), rounded to Fp8_e4m3 and packed as above; the same seed
// gives the same vector.
std::vector<uint32_t> create_random_vector_of_float8_e4m3(size_t num_bytes, int rand_max_float, int seed,
                                                          float offset = 0.0f);
