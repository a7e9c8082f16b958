// tt-metal's host layouts of a matrix (tilize_utils.hpp): row-major, tiles of
// row-major elements ("swizzled"), and tiles of faces ("nfaces"), with
// tt-metal's optional tile and face shapes and face transposes. One mapping
// from (row, column) to an offset serves every conversion.
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/tilize_utils.hpp>

#include <algorithm>
#include <ostream>

#include <tt_stl/assert.hpp>

namespace {

struct Geometry {
  size_t tile_h, tile_w, face_h, face_w;
  bool transpose_within_face, transpose_face_order;
};

Geometry geometry(const std::optional<PhysicalSize>& tile_shape, const std::optional<PhysicalSize>& face_shape,
                  bool transpose_within_face, bool transpose_face_order) {
  Geometry g{tile_shape ? (*tile_shape)[0] : tt::constants::TILE_HEIGHT,
             tile_shape ? (*tile_shape)[1] : tt::constants::TILE_WIDTH,
             face_shape ? (*face_shape)[0] : tt::constants::FACE_HEIGHT,
             face_shape ? (*face_shape)[1] : tt::constants::FACE_WIDTH, transpose_within_face, transpose_face_order};
  TT_FATAL(g.tile_h > 0 && g.tile_w > 0 && g.face_h > 0 && g.face_w > 0, "Tile and face shapes must not be empty");
  g.face_h = std::min(g.face_h, g.tile_h);
  g.face_w = std::min(g.face_w, g.tile_w);
  TT_FATAL(g.tile_h % g.face_h == 0 && g.tile_w % g.face_w == 0, "A {}x{} tile is not made of {}x{} faces", g.tile_h,
           g.tile_w, g.face_h, g.face_w);
  // Face order transposes only with faces both across and down.
  g.transpose_face_order = transpose_face_order && g.tile_h > g.face_h && g.tile_w > g.face_w;
  return g;
}

// Offset of element (r, c) of a matrix `cols` wide in `layout`.
size_t offset(TensorLayoutType layout, const Geometry& g, size_t cols, size_t r, size_t c) {
  if (layout == TensorLayoutType::LIN_ROW_MAJOR) return r * cols + c;
  const size_t tile = (r / g.tile_h) * (cols / g.tile_w) + c / g.tile_w;
  const size_t tr = r % g.tile_h, tc = c % g.tile_w;
  size_t in_tile = tr * g.tile_w + tc;
  if (layout == TensorLayoutType::TILED_NFACES) {
    const size_t fr = tr / g.face_h, fc = tc / g.face_w, er = tr % g.face_h, ec = tc % g.face_w;
    const size_t face = g.transpose_face_order ? fc * (g.tile_h / g.face_h) + fr : fr * (g.tile_w / g.face_w) + fc;
    in_tile = face * g.face_h * g.face_w + (g.transpose_within_face ? ec * g.face_h + er : er * g.face_w + ec);
  }
  return tile * g.tile_h * g.tile_w + in_tile;
}

// Columns of a row that lie next to each other in `layout`, from a column
// that starts a face (or a tile, or the row).
size_t contiguous_columns(TensorLayoutType layout, const Geometry& g, size_t cols) {
  switch (layout) {
    case TensorLayoutType::LIN_ROW_MAJOR: return cols;
    case TensorLayoutType::TILED_SWIZZLED: return g.tile_w;
    default: return g.transpose_within_face ? 1 : g.face_w;
  }
}

// Matrices of rows x cols, one after another, from layout `from` to `to`.
template <typename T>
std::vector<T> relayout(ttsl::Span<const T> in, size_t rows, size_t cols, TensorLayoutType from, TensorLayoutType to,
                        const Geometry& g) {
  std::vector<T> out(in.size());
  if (in.empty()) return out;
  TT_FATAL(rows > 0 && cols > 0 && in.size() % (rows * cols) == 0,
           "{} elements are not whole {}x{} matrices", in.size(), rows, cols);
  if (from != TensorLayoutType::LIN_ROW_MAJOR || to != TensorLayoutType::LIN_ROW_MAJOR) {
    TT_FATAL(rows % g.tile_h == 0 && cols % g.tile_w == 0, "A {}x{} matrix is not whole {}x{} tiles", rows, cols,
             g.tile_h, g.tile_w);
  }
  // Elements of a row stay together for `run` columns in both layouts, so
  // they move as one block (tt-metal's tests convert 4-GiB buffers).
  const size_t run = std::min(contiguous_columns(from, g, cols), contiguous_columns(to, g, cols));
  for (size_t base = 0; base < in.size(); base += rows * cols) {
    for (size_t r = 0; r < rows; ++r) {
      for (size_t c = 0; c < cols; c += run) {
        std::copy_n(in.data() + base + offset(from, g, cols, r, c), run, out.data() + base + offset(to, g, cols, r, c));
      }
    }
  }
  return out;
}

// tilize_* / untilize_*: whole m x n matrices from one layout to another.
template <typename T>
std::vector<T> matrices_between(const std::vector<T>& input, uint32_t m, uint32_t n, TensorLayoutType from,
                                TensorLayoutType to) {
  TT_FATAL(!input.empty() && m > 0 && n > 0, "None of the input size, m, nor n can be 0");
  TT_FATAL(input.size() % (size_t{m} * n) == 0, "Input size must be divisible by m and n");
  return relayout(ttsl::Span<const T>(input), m, n, from, to, geometry(std::nullopt, std::nullopt, false, false));
}

}  // namespace

std::ostream& operator<<(std::ostream& os, TensorLayoutType layout) {
  switch (layout) {
    case TensorLayoutType::LIN_ROW_MAJOR: return os << "LIN_ROW_MAJOR";
    case TensorLayoutType::TILED_SWIZZLED: return os << "TILED_SWIZZLED";
    case TensorLayoutType::TILED_NFACES: return os << "TILED_NFACES";
  }
  return os << "TensorLayoutType(" << static_cast<int>(layout) << ")";
}

template <class T>
std::vector<T> convert_layout_tile_swizzled_to_tile_nfaces(ttsl::Span<const T> in, std::optional<PhysicalSize> tile_shape,
                                                           std::optional<PhysicalSize> face_shape, bool transpose_face,
                                                           bool transpose_face_order) {
  const Geometry g = geometry(tile_shape, face_shape, transpose_face, transpose_face_order);
  return relayout(in, g.tile_h, g.tile_w, TensorLayoutType::TILED_SWIZZLED, TensorLayoutType::TILED_NFACES, g);
}

template <class T>
std::vector<T> convert_layout_tile_nfaces_to_tile_swizzled(ttsl::Span<const T> in, std::optional<PhysicalSize> tile_shape,
                                                           std::optional<PhysicalSize> face_shape, bool transpose_face,
                                                           bool transpose_face_order) {
  const Geometry g = geometry(tile_shape, face_shape, transpose_face, transpose_face_order);
  return relayout(in, g.tile_h, g.tile_w, TensorLayoutType::TILED_NFACES, TensorLayoutType::TILED_SWIZZLED, g);
}

template <typename T>
std::vector<T> convert_layout(ttsl::Span<const T> inp, const PhysicalSize& shape, TensorLayoutType inL,
                              TensorLayoutType outL, std::optional<PhysicalSize> tile_shape,
                              std::optional<PhysicalSize> face_shape, bool transpose_within_face,
                              bool transpose_of_faces) {
  const Geometry g = geometry(tile_shape, face_shape, transpose_within_face, transpose_of_faces);
  return relayout(inp, shape[0], shape[1], inL, outL, g);
}

template <typename T>
std::vector<T> convert_layout(ttsl::Span<const T> inp, ttsl::Span<const uint32_t> shape, TensorLayoutType inL,
                              TensorLayoutType outL, std::optional<PhysicalSize> tile_shape,
                              std::optional<PhysicalSize> face_shape, bool transpose_within_face,
                              bool transpose_of_faces) {
  TT_FATAL(!shape.empty(), "convert_layout needs a shape");
  // The last two dimensions are the matrix; the others count matrices.
  const PhysicalSize matrix{shape.size() >= 2 ? shape[shape.size() - 2] : 1u, shape.back()};
  return convert_layout(inp, matrix, inL, outL, tile_shape, face_shape, transpose_within_face, transpose_of_faces);
}

template <typename T>
std::vector<T> tilize_swizzled(const std::vector<T>& input, uint32_t m, uint32_t n) {
  return matrices_between(input, m, n, TensorLayoutType::LIN_ROW_MAJOR, TensorLayoutType::TILED_SWIZZLED);
}

template <typename T>
std::vector<T> untilize_swizzled(const std::vector<T>& input, uint32_t m, uint32_t n) {
  return matrices_between(input, m, n, TensorLayoutType::TILED_SWIZZLED, TensorLayoutType::LIN_ROW_MAJOR);
}

template <typename T>
std::vector<T> tilize_nfaces(const std::vector<T>& input, uint32_t m, uint32_t n) {
  return matrices_between(input, m, n, TensorLayoutType::LIN_ROW_MAJOR, TensorLayoutType::TILED_NFACES);
}

template <typename T>
std::vector<T> untilize_nfaces(const std::vector<T>& input, uint32_t m, uint32_t n) {
  return matrices_between(input, m, n, TensorLayoutType::TILED_NFACES, TensorLayoutType::LIN_ROW_MAJOR);
}

#define ZYXTT_LAYOUTS_FOR(T)                                                                                        \
  template std::vector<T> convert_layout_tile_swizzled_to_tile_nfaces<T>(                                            \
      ttsl::Span<const T>, std::optional<PhysicalSize>, std::optional<PhysicalSize>, bool, bool);                     \
  template std::vector<T> convert_layout_tile_nfaces_to_tile_swizzled<T>(                                            \
      ttsl::Span<const T>, std::optional<PhysicalSize>, std::optional<PhysicalSize>, bool, bool);                     \
  template std::vector<T> convert_layout<T>(ttsl::Span<const T>, const PhysicalSize&, TensorLayoutType,               \
                                            TensorLayoutType, std::optional<PhysicalSize>, std::optional<PhysicalSize>, \
                                            bool, bool);                                                             \
  template std::vector<T> convert_layout<T>(ttsl::Span<const T>, ttsl::Span<const uint32_t>, TensorLayoutType,        \
                                            TensorLayoutType, std::optional<PhysicalSize>, std::optional<PhysicalSize>, \
                                            bool, bool);                                                             \
  template std::vector<T> tilize_swizzled<T>(const std::vector<T>&, uint32_t, uint32_t);                            \
  template std::vector<T> untilize_swizzled<T>(const std::vector<T>&, uint32_t, uint32_t);                          \
  template std::vector<T> tilize_nfaces<T>(const std::vector<T>&, uint32_t, uint32_t);                              \
  template std::vector<T> untilize_nfaces<T>(const std::vector<T>&, uint32_t, uint32_t);

ZYXTT_LAYOUTS_FOR(uint8_t)
ZYXTT_LAYOUTS_FOR(uint16_t)
ZYXTT_LAYOUTS_FOR(int32_t)
ZYXTT_LAYOUTS_FOR(uint32_t)
ZYXTT_LAYOUTS_FOR(float)
ZYXTT_LAYOUTS_FOR(bfloat16)
