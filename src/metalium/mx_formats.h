// OCP Microscaling (MX) formats on the host: the element encodings, the
// choice of a block's shared E8M0 scale, and MX tiles (mxfp4.hpp's layout),
// one implementation for MXFP4, MXFP6 and MXFP8.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <tt-metalium/tile.hpp>
#include <tt_stl/span.hpp>

namespace zyxtt::metalium::mx {

// Codes with every exponent bit set: what they mean.
enum class Specials {
  kNone,        // ordinary values (FP4, FP6)
  kIeee,        // mantissa 0: infinity, else NaN (E5M2)
  kAllOnesNan,  // mantissa all ones: NaN, else ordinary (E4M3FN)
};

struct ElementFormat {
  int exp_bits;
  int man_bits;
  int bias;
  int storage_bits;  // 4: two codes to a byte, low nibble first; 8: one code in the top bits of a byte
  Specials specials;
};

inline constexpr ElementFormat kE2M1{2, 1, 1, 4, Specials::kNone};
inline constexpr ElementFormat kE3M2{3, 2, 3, 8, Specials::kNone};
inline constexpr ElementFormat kE2M3{2, 3, 1, 8, Specials::kNone};
inline constexpr ElementFormat kE5M2{5, 2, 15, 8, Specials::kIeee};
inline constexpr ElementFormat kE4M3{4, 3, 7, 8, Specials::kAllOnesNan};

inline constexpr uint32_t kBlockSize = 32;
inline constexpr uint8_t kNanScale = 0xFF;

// The largest finite magnitude's code, and its exponent (unbiased).
uint32_t max_code(const ElementFormat& f);
int max_exponent(const ElementFormat& f);

// v's code, rounded to nearest (ties to even) and saturating at the largest
// finite magnitude; an infinity stays one in E5M2, else saturates; NaN is
// E5M2's 0x7D, E4M3's 0x7F, and +0 in formats without NaN.
uint32_t encode(float v, const ElementFormat& f);
float decode(uint32_t code, const ElementFormat& f);

// A block's biased E8M0 scale: 2^(floor(log2(largest finite |v|)) - max_exponent),
// no lower than 2^-127 (a block of zeros reads as largest 1); 0xFF when every
// value is NaN, 0xFE when the values are infinities, NaNs and zeros with at
// least one infinity.
uint8_t block_scale(const float* values, uint32_t n, const ElementFormat& f);
// 2^(scale - 127); NaN for 0xFF.
float scale_value(uint8_t scale);

std::vector<uint32_t> pack_tiles(const ElementFormat& f, tt::stl::Span<const float> data, bool row_major_input,
                                 const std::optional<tt::tt_metal::Tile>& tile);
std::vector<float> unpack_tiles(const ElementFormat& f, tt::stl::Span<const uint32_t> words, bool row_major_output,
                                const std::optional<tt::tt_metal::Tile>& tile);

}  // namespace zyxtt::metalium::mx
