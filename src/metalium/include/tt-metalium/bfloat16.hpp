// bfloat16 on the host (tt-metal's bfloat16.hpp): the top 16 bits of an
// IEEE float; conversion from float rounds to nearest, ties to even.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <ostream>
#include <type_traits>
#include <utility>
#include <vector>

class bfloat16 {
 private:
  uint16_t uint16_data;

 public:
  constexpr bfloat16() = default;

  template <class T>
    requires std::is_arithmetic_v<T>
  constexpr bfloat16(T v) noexcept : uint16_data(from_float(static_cast<float>(v))) {}

  // Drops the low 16 bits instead of rounding.
  static bfloat16 truncate(float float_num);

  constexpr operator float() const { return std::bit_cast<float>(uint32_t{uint16_data} << 16); }

  // The accessors of releases before the conversion operator.
  static constexpr size_t SIZEOF = 2;
  constexpr float to_float() const { return static_cast<float>(*this); }
  constexpr uint16_t to_packed() const { return uint16_data; }
  constexpr uint16_t to_uint16() const { return uint16_data; }

  constexpr bool operator==(bfloat16 rhs) const { return static_cast<float>(*this) == static_cast<float>(rhs); }
  constexpr std::partial_ordering operator<=>(bfloat16 rhs) const noexcept {
    return static_cast<float>(*this) <=> static_cast<float>(rhs);
  }

  bfloat16& operator+=(bfloat16 rhs) noexcept;
  bfloat16& operator-=(bfloat16 rhs) noexcept;
  bfloat16& operator*=(bfloat16 rhs) noexcept;
  bfloat16& operator/=(bfloat16 rhs) noexcept;
  bfloat16 operator+(bfloat16 rhs) const;
  bfloat16 operator-(bfloat16 rhs) const;
  bfloat16 operator*(bfloat16 rhs) const;
  bfloat16 operator/(bfloat16 rhs) const;

 private:
  static constexpr uint16_t from_float(float val) {
    const uint32_t bits = std::bit_cast<uint32_t>(val);
    if ((bits & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((bits >> 16) | 0x40u);  // quiet NaN
    const uint32_t lsb = (bits >> 16) & 1u;
    return static_cast<uint16_t>((bits + 0x7fffu + lsb) >> 16);
  }
};

std::ostream& operator<<(std::ostream& os, const bfloat16& value);
bool operator==(const std::vector<bfloat16>& lhs, const std::vector<bfloat16>& rhs);

// first in the low half, second in the high half
uint32_t pack_two_bfloat16_into_uint32(std::pair<bfloat16, bfloat16> two_bfloats);
// first from the low half, second from the high half
std::pair<bfloat16, bfloat16> unpack_two_bfloat16_from_uint32(uint32_t uint32_data);
std::vector<bfloat16> create_random_vector_of_bfloat16_native(size_t num_bytes, float rand_max_float, int seed,
                                                              float offset = 0.0f);
std::vector<std::uint32_t> create_random_vector_of_bfloat16(size_t num_bytes, int rand_max_float, int seed,
                                                            float offset = 0.0f);
std::vector<std::uint32_t> create_constant_vector_of_bfloat16(size_t num_bytes, float value);
// rows x cols, row-major, zero but for 1 at (i, i) for i < num_ones; as in
// tt-metal an index past the end throws std::out_of_range.
std::vector<bfloat16> create_identity_matrix(int rows, int cols, int num_ones);
std::vector<uint32_t> pack_bfloat16_vec_into_uint32_vec(const std::vector<bfloat16>& data);
bfloat16 bfloat16_identity_transform(const bfloat16& input);
std::vector<bfloat16> unpack_uint32_vec_into_bfloat16_vec(
    const std::vector<std::uint32_t>& data,
    const std::function<bfloat16(const bfloat16&)>& transform = bfloat16_identity_transform);
bool equal_within_n_sig_figs(float a, float b, int n);
bool is_close(float a, float b, float rtol = 0.01f, float atol = 0.001f);
