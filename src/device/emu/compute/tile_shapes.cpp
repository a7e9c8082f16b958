#include "device/emu/compute/tile_shapes.h"

#include <cstring>

#include "zyxtt/format_facts.h"
#include "zyxtt/krt_types.h"

namespace zyxtt::emu::compute {
namespace {

// Where the face rows of a tiny tile and of a 32x32 tile lie: block floats
// keep one exponent byte per face row ahead of the mantissas.
struct RowLayout {
  uint32_t row_bytes;      // 16 elements
  uint32_t exponents;      // bytes of the exponent section (0: not a block float)
};

RowLayout layout(uint32_t format) {
  const FormatFacts* f = format_facts(format);
  if (f->element_bytes != 0) return {16 * f->element_bytes, 0};
  return {(f->tile_bytes - 64) / 64, 64};
}

template <bool kToFull>
void move_rows(uint32_t format, TileGeometry g, const uint8_t* from, uint8_t* to) {
  const RowLayout l = layout(format);
  const uint32_t tiny_exponents = l.exponents == 0 ? 0 : tile_bytes_of(format, g) - l.row_bytes * g.face_rows() * g.num_faces();
  const uint32_t face_rows = g.face_rows();
  for (uint32_t f = 0; f < g.num_faces(); ++f) {
    for (uint32_t r = 0; r < face_rows; ++r) {
      const uint32_t t = f * face_rows + r;        // face row of the tiny tile
      const uint32_t u = g.full_face(f) * 16 + r;  // the same row in the 32x32 tile
      const uint32_t tiny_at = tiny_exponents + t * l.row_bytes, full_at = l.exponents + u * l.row_bytes;
      if constexpr (kToFull) {
        std::memcpy(to + full_at, from + tiny_at, l.row_bytes);
        if (l.exponents != 0) to[u] = from[t];
      } else {
        std::memcpy(to + tiny_at, from + full_at, l.row_bytes);
        if (l.exponents != 0) to[t] = from[u];
      }
    }
  }
}

}  // namespace

void tiny_to_full(uint32_t format, TileGeometry g, const uint8_t* tiny, uint8_t* full) {
  std::memset(full, 0, tile_bytes_of_format(format));  // zero in every emulated format
  move_rows<true>(format, g, tiny, full);
}

void full_to_tiny(uint32_t format, TileGeometry g, const uint8_t* full, uint8_t* tiny) {
  const uint32_t bytes = tile_bytes_of(format, g);
  std::memset(tiny, 0, bytes);  // the exponent section's padding
  move_rows<false>(format, g, full, tiny);
}

void fill_outside(TileGeometry g, float* tile, float value) {
  for (uint32_t r = 0; r < 32; ++r)
    for (uint32_t c = 0; c < 32; ++c)
      if (r >= g.rows || c >= g.cols) tile[krt::dst_word(r, c)] = value;
}

}  // namespace zyxtt::emu::compute
