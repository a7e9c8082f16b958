// Host-side data helpers: bfloat16, tile layouts, data formats, fidelities.
#include <tt-metalium/base_types.hpp>
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/tilize_utils.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>
#include <zyxtt/format_facts.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

#include <tt_stl/assert.hpp>

bfloat16 bfloat16::truncate(float float_num) {
  bfloat16 b;
  b.uint16_data = static_cast<uint16_t>(std::bit_cast<uint32_t>(float_num) >> 16);
  return b;
}

bfloat16 bfloat16::operator+(bfloat16 rhs) const { return bfloat16(static_cast<float>(*this) + static_cast<float>(rhs)); }
bfloat16 bfloat16::operator-(bfloat16 rhs) const { return bfloat16(static_cast<float>(*this) - static_cast<float>(rhs)); }
bfloat16 bfloat16::operator*(bfloat16 rhs) const { return bfloat16(static_cast<float>(*this) * static_cast<float>(rhs)); }
bfloat16 bfloat16::operator/(bfloat16 rhs) const { return bfloat16(static_cast<float>(*this) / static_cast<float>(rhs)); }
bfloat16& bfloat16::operator+=(bfloat16 rhs) noexcept { return *this = *this + rhs; }
bfloat16& bfloat16::operator-=(bfloat16 rhs) noexcept { return *this = *this - rhs; }
bfloat16& bfloat16::operator*=(bfloat16 rhs) noexcept { return *this = *this * rhs; }
bfloat16& bfloat16::operator/=(bfloat16 rhs) noexcept { return *this = *this / rhs; }

std::ostream& operator<<(std::ostream& os, const bfloat16& value) { return os << std::bit_cast<uint16_t>(value); }

bool operator==(const std::vector<bfloat16>& lhs, const std::vector<bfloat16>& rhs) {
  if (lhs.size() != rhs.size()) return false;
  for (size_t i = 0; i < lhs.size(); ++i) {
    if (std::bit_cast<uint16_t>(lhs[i]) != std::bit_cast<uint16_t>(rhs[i])) return false;
  }
  return true;
}

uint32_t pack_two_bfloat16_into_uint32(std::pair<bfloat16, bfloat16> two) {
  return uint32_t{std::bit_cast<uint16_t>(two.first)} | (uint32_t{std::bit_cast<uint16_t>(two.second)} << 16);
}

std::pair<bfloat16, bfloat16> unpack_two_bfloat16_from_uint32(uint32_t w) {
  return {std::bit_cast<bfloat16>(static_cast<uint16_t>(w & 0xffff)),
          std::bit_cast<bfloat16>(static_cast<uint16_t>(w >> 16))};
}

std::vector<bfloat16> create_random_vector_of_bfloat16_native(size_t num_bytes, float rand_max_float, int seed,
                                                              float offset) {
  std::mt19937 rng(static_cast<uint32_t>(seed));
  std::uniform_real_distribution<float> dist(0.0f, rand_max_float);
  std::vector<bfloat16> v(num_bytes / sizeof(bfloat16));
  for (auto& x : v) x = bfloat16(dist(rng) + offset);
  return v;
}

std::vector<uint32_t> create_random_vector_of_bfloat16(size_t num_bytes, int rand_max_float, int seed, float offset) {
  return pack_bfloat16_vec_into_uint32_vec(
      create_random_vector_of_bfloat16_native(num_bytes, static_cast<float>(rand_max_float), seed, offset));
}

std::vector<uint32_t> create_constant_vector_of_bfloat16(size_t num_bytes, float value) {
  return pack_bfloat16_vec_into_uint32_vec(std::vector<bfloat16>(num_bytes / sizeof(bfloat16), bfloat16(value)));
}

std::vector<bfloat16> create_identity_matrix(int rows, int cols, int num_ones) {
  std::vector<bfloat16> out(static_cast<size_t>(rows) * static_cast<size_t>(cols), bfloat16(0.0f));
  for (size_t i = 0; i < static_cast<size_t>(std::max(num_ones, 0)); ++i) {
    out.at(i * static_cast<size_t>(cols) + i) = bfloat16(1.0f);
  }
  return out;
}

std::vector<uint32_t> pack_bfloat16_vec_into_uint32_vec(const std::vector<bfloat16>& data) {
  std::vector<uint32_t> out((data.size() + 1) / 2);
  for (size_t i = 0; i < data.size(); i += 2) {
    out[i / 2] = pack_two_bfloat16_into_uint32({data[i], i + 1 < data.size() ? data[i + 1] : bfloat16()});
  }
  return out;
}

bfloat16 bfloat16_identity_transform(const bfloat16& input) { return input; }

std::vector<bfloat16> unpack_uint32_vec_into_bfloat16_vec(const std::vector<uint32_t>& data,
                                                          const std::function<bfloat16(const bfloat16&)>& transform) {
  std::vector<bfloat16> out;
  out.reserve(data.size() * 2);
  for (uint32_t w : data) {
    out.push_back(transform(std::bit_cast<bfloat16>(static_cast<uint16_t>(w & 0xffff))));
    out.push_back(transform(std::bit_cast<bfloat16>(static_cast<uint16_t>(w >> 16))));
  }
  return out;
}

bool equal_within_n_sig_figs(float a, float b, int n) {
  if (a == b) return true;
  const float scale = std::pow(10.0f, static_cast<float>(n - 1 - static_cast<int>(std::floor(std::log10(std::fabs(a))))));
  return std::round(a * scale) == std::round(b * scale);
}

bool is_close(float a, float b, float rtol, float atol) {
  return std::fabs(a - b) <= atol + rtol * std::fabs(b);
}

// ---- Tensor addresses (tile layouts: layouts.cpp) -------------------------------

TensAddr::TensAddr(const std::vector<std::uint32_t>& shape) : sh(shape) {}

std::uint32_t TensAddr::numel() const {
  std::uint32_t n = 1;
  for (std::uint32_t d : sh) n *= d;
  return n;
}

int TensAddr::offs(int n, int c, int h, int w) {
  TT_FATAL(sh.size() == 4, "TensAddr::offs needs a 4-dimensional shape, not {} dimensions", sh.size());
  const int index[4] = {n, c, h, w};
  int offset = 0;
  for (int d = 0; d < 4; ++d) {
    TT_FATAL(index[d] >= 0 && static_cast<std::uint32_t>(index[d]) < sh[d], "TensAddr::offs: index {} of dimension {} is outside its size {}",
             index[d], d, sh[d]);
    offset = offset * static_cast<int>(sh[d]) + index[d];
  }
  return offset;
}

std::uint32_t round_up_to_mul16(std::uint32_t val) { return (val + 15) / 16 * 16; }
std::uint32_t round_up_to_mul32(std::uint32_t val) { return (val + 31) / 32 * 32; }
std::uint32_t round_up_to_tile(int val, int tile_val) { return static_cast<std::uint32_t>((val + tile_val - 1) / tile_val * tile_val); }

// ---- Formats and fidelities ----------------------------------------------------

namespace tt {

bool is_integer_format(DataFormat f) { return zyxtt::is_integer_format_code(static_cast<uint32_t>(f)); }

uint32_t tile_size(DataFormat f) {
  const uint32_t bytes = zyxtt::tile_bytes_of_format(static_cast<uint32_t>(f));
  TT_FATAL(bytes != 0, "Data format {} has no tile size on the emulator", static_cast<int>(f));
  return bytes;
}

uint32_t datum_size(const DataFormat& format) {
  const zyxtt::FormatFacts* facts = zyxtt::format_facts(static_cast<uint32_t>(format));
  if (facts == nullptr || format == DataFormat::Invalid) throw std::invalid_argument("Invalid data format");
  if (format == DataFormat::Tf32) throw std::invalid_argument("datum for Tf32 is invalid: Tf32 is not supported");
  if (facts->element_bytes == 0) {
    throw std::invalid_argument(std::string("datum for ") + facts->name + " is invalid: a block-float format");
  }
  return facts->element_bytes;
}

std::ostream& operator<<(std::ostream& os, const DataFormat& format) { return os << static_cast<int>(format); }

}  // namespace tt

std::ostream& tt::tt_metal::operator<<(std::ostream& os, const MathFidelity& fidelity) {
  switch (fidelity) {
    case MathFidelity::LoFi: return os << "LoFi";
    case MathFidelity::HiFi2: return os << "HiFi2";
    case MathFidelity::HiFi3: return os << "HiFi3";
    case MathFidelity::HiFi4: return os << "HiFi4";
    default: return os << "Invalid";
  }
}
