#include "metalium/mx_formats.h"

#include <cmath>
#include <limits>

#include <tt-metalium/constants.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/tilize_utils.hpp>
#include <tt_stl/assert.hpp>

namespace zyxtt::metalium::mx {

namespace {

uint32_t all_ones(int bits) { return (1u << bits) - 1; }
int min_exponent(const ElementFormat& f) { return 1 - f.bias; }
uint32_t sign_bit(const ElementFormat& f) { return 1u << (f.exp_bits + f.man_bits); }

struct TileShape {
  tt::tt_metal::Tile tile;
  uint32_t elems;
  uint32_t scale_bytes;  // one per block, padded to the L1 alignment
  uint32_t bytes;
};

TileShape tile_shape(const ElementFormat& f, const std::optional<tt::tt_metal::Tile>& tile) {
  TileShape s{tile.value_or(tt::tt_metal::Tile()), 0, 0, 0};
  s.elems = s.tile.get_tile_shape()[0] * s.tile.get_tile_shape()[1];
  TT_FATAL(s.elems % kBlockSize == 0, "An MX tile holds whole blocks of {} elements, not {}", kBlockSize, s.elems);
  const uint32_t align = tt::tt_metal::hal::get_l1_alignment();
  s.scale_bytes = (s.elems / kBlockSize + align - 1) / align * align;
  s.bytes = s.scale_bytes + s.elems * f.storage_bits / 8;
  return s;
}

}  // namespace

uint32_t max_code(const ElementFormat& f) {
  switch (f.specials) {
    case Specials::kIeee: return (all_ones(f.exp_bits) - 1) << f.man_bits | all_ones(f.man_bits);
    case Specials::kAllOnesNan: return all_ones(f.exp_bits + f.man_bits) - 1;
    case Specials::kNone: break;
  }
  return all_ones(f.exp_bits + f.man_bits);
}

int max_exponent(const ElementFormat& f) { return static_cast<int>(max_code(f) >> f.man_bits) - f.bias; }

uint32_t encode(float v, const ElementFormat& f) {
  const uint32_t exp_ones = all_ones(f.exp_bits);
  if (std::isnan(v)) {
    switch (f.specials) {
      case Specials::kIeee: return exp_ones << f.man_bits | 1;
      case Specials::kAllOnesNan: return all_ones(f.exp_bits + f.man_bits);
      case Specials::kNone: return 0;
    }
  }
  const uint32_t sign = std::signbit(v) ? sign_bit(f) : 0;
  if (std::isinf(v)) return sign | (f.specials == Specials::kIeee ? exp_ones << f.man_bits : max_code(f));
  const float a = std::fabs(v);
  if (a == 0.0f) return sign;
  // Codes are consecutive multiples of 2^(e - man_bits) within one binade e
  // (subnormals: the lowest binade's), and the code of n such quanta is
  // (e - emin) << man_bits plus n, a carry into the next binade included.
  const int e = std::max(std::ilogb(a), min_exponent(f));
  if (e > max_exponent(f)) return sign | max_code(f);
  const float quanta = std::nearbyint(std::ldexp(a, f.man_bits - e));  // exact scaling; ties to even
  const uint32_t code = (static_cast<uint32_t>(e - min_exponent(f)) << f.man_bits) + static_cast<uint32_t>(quanta);
  return sign | std::min(code, max_code(f));
}

float decode(uint32_t code, const ElementFormat& f) {
  const uint32_t exp = code >> f.man_bits & all_ones(f.exp_bits);
  const uint32_t man = code & all_ones(f.man_bits);
  const bool negative = (code & sign_bit(f)) != 0;
  if (exp == all_ones(f.exp_bits)) {
    if (f.specials == Specials::kIeee) {
      if (man != 0) return std::numeric_limits<float>::quiet_NaN();
      return negative ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
    }
    if (f.specials == Specials::kAllOnesNan && man == all_ones(f.man_bits)) {
      return std::numeric_limits<float>::quiet_NaN();
    }
  }
  const float mag = exp == 0 ? std::ldexp(static_cast<float>(man), min_exponent(f) - f.man_bits)
                             : std::ldexp(static_cast<float>(man | 1u << f.man_bits),
                                          static_cast<int>(exp) - f.bias - f.man_bits);
  return negative ? -mag : mag;
}

uint8_t block_scale(const float* values, uint32_t n, const ElementFormat& f) {
  bool all_nan = true, any_inf = false, only_specials_and_zeros = true;
  float largest = 0.0f;
  for (uint32_t i = 0; i < n; ++i) {
    const float v = values[i];
    all_nan = all_nan && std::isnan(v);
    any_inf = any_inf || std::isinf(v);
    if (std::isfinite(v)) {
      largest = std::max(largest, std::fabs(v));
      only_specials_and_zeros = only_specials_and_zeros && v == 0.0f;
    }
  }
  if (all_nan) return kNanScale;
  if (any_inf && only_specials_and_zeros) return 0xFE;
  const int exp = largest == 0.0f ? 0 : std::ilogb(largest);
  return static_cast<uint8_t>(std::max(exp - max_exponent(f), -127) + 127);
}

float scale_value(uint8_t scale) {
  return scale == kNanScale ? std::numeric_limits<float>::quiet_NaN() : std::ldexp(1.0f, static_cast<int>(scale) - 127);
}

std::vector<uint32_t> pack_tiles(const ElementFormat& f, tt::stl::Span<const float> data, bool row_major_input,
                                 const std::optional<tt::tt_metal::Tile>& tile) {
  const TileShape s = tile_shape(f, tile);
  TT_FATAL(data.size() % s.elems == 0, "{} values are not whole tiles of {}", data.size(), s.elems);
  std::vector<float> faces(data.begin(), data.end());
  if (row_major_input) {
    faces = convert_layout_tile_swizzled_to_tile_nfaces<float>(faces, s.tile.get_tile_shape(), s.tile.get_face_shape());
  }
  const size_t tiles = faces.size() / s.elems;
  std::vector<uint32_t> words(tiles * s.bytes / 4);
  auto* bytes = reinterpret_cast<uint8_t*>(words.data());
  const uint32_t top_bits_shift = f.storage_bits - (1 + f.exp_bits + f.man_bits);
  for (size_t t = 0; t < tiles; ++t) {
    uint8_t* scales = bytes + t * s.bytes;
    uint8_t* elems = scales + s.scale_bytes;
    for (uint32_t b = 0; b < s.elems / kBlockSize; ++b) {
      const float* block = faces.data() + t * s.elems + b * kBlockSize;
      scales[b] = block_scale(block, kBlockSize, f);
      const int unscale = scales[b] == kNanScale ? 0 : 127 - static_cast<int>(scales[b]);
      for (uint32_t i = 0; i < kBlockSize; ++i) {
        const uint32_t k = b * kBlockSize + i;
        const uint32_t code = encode(std::ldexp(block[i], unscale), f);
        if (f.storage_bits == 4) {
          elems[k / 2] |= static_cast<uint8_t>(code << (k % 2 * 4));
        } else {
          elems[k] = static_cast<uint8_t>(code << top_bits_shift);
        }
      }
    }
  }
  return words;
}

std::vector<float> unpack_tiles(const ElementFormat& f, tt::stl::Span<const uint32_t> words, bool row_major_output,
                                const std::optional<tt::tt_metal::Tile>& tile) {
  const TileShape s = tile_shape(f, tile);
  TT_FATAL(words.size() * 4 % s.bytes == 0, "{} words are not whole MX tiles of {} bytes", words.size(), s.bytes);
  const size_t tiles = words.size() * 4 / s.bytes;
  std::vector<float> values(tiles * s.elems);
  const auto* bytes = reinterpret_cast<const uint8_t*>(words.data());
  const uint32_t top_bits_shift = f.storage_bits - (1 + f.exp_bits + f.man_bits);
  for (size_t t = 0; t < tiles; ++t) {
    const uint8_t* scales = bytes + t * s.bytes;
    const uint8_t* elems = scales + s.scale_bytes;
    for (uint32_t k = 0; k < s.elems; ++k) {
      const uint32_t code = f.storage_bits == 4 ? (elems[k / 2] >> (k % 2 * 4)) & 0xF : elems[k] >> top_bits_shift;
      const float scale = scale_value(scales[k / kBlockSize]);
      values[t * s.elems + k] = std::isnan(scale) ? scale : decode(code, f) * scale;
    }
  }
  if (row_major_output) {
    values = convert_layout_tile_nfaces_to_tile_swizzled<float>(values, s.tile.get_tile_shape(), s.tile.get_face_shape());
  }
  return values;
}

}  // namespace zyxtt::metalium::mx
