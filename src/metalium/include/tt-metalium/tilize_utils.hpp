// Host-side tile layouts (tt-metal's tilize_utils.hpp). A tiled matrix is its
// tiles (32 x 32 unless given) in row-major order; inside a tile either its
// elements row-major ("swizzled") or its faces (16 x 16 unless given;
// top-left, top-right, bottom-left, bottom-right), each row-major ("nfaces").
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <vector>

#include <tt_stl/span.hpp>

enum class TensorLayoutType {
  LIN_ROW_MAJOR = 0,   // the matrix row-major
  TILED_SWIZZLED = 1,  // tiles row-major, each tile's elements row-major
  TILED_NFACES = 2,    // tiles row-major, each tile's faces row-major, each face row-major
};
std::ostream& operator<<(std::ostream& os, TensorLayoutType layout);

// A tile's or face's rows and columns.
using PhysicalSize = std::array<uint32_t, 2>;

// Element offsets in an N x C x H x W row-major tensor of shape `sh`.
struct TensAddr {
  std::vector<std::uint32_t> sh;

  TensAddr(const std::vector<std::uint32_t>& shape);
  std::uint32_t numel() const;
  // Asserts each index is within its dimension.
  int offs(int n, int c, int h, int w);
};

std::uint32_t round_up_to_mul16(std::uint32_t val);
std::uint32_t round_up_to_mul32(std::uint32_t val);
// The multiple of tile_val at or above val.
std::uint32_t round_up_to_tile(int val, int tile_val);

// One tile's (or consecutive tiles') elements between the tile layouts;
// transpose_face stores each face column-major, transpose_face_order takes
// the faces column by column (when there are faces both across and down).
template <class T>
std::vector<T> convert_layout_tile_swizzled_to_tile_nfaces(ttsl::Span<const T> in_tile_swizzled,
                                                           std::optional<PhysicalSize> tile_shape = std::nullopt,
                                                           std::optional<PhysicalSize> face_shape = std::nullopt,
                                                           bool transpose_face = false,
                                                           bool transpose_face_order = false);
template <class T>
std::vector<T> convert_layout_tile_nfaces_to_tile_swizzled(ttsl::Span<const T> in_tile_nfaces,
                                                           std::optional<PhysicalSize> tile_shape = std::nullopt,
                                                           std::optional<PhysicalSize> face_shape = std::nullopt,
                                                           bool transpose_face = false,
                                                           bool transpose_face_order = false);

// Matrices of shape rows x columns (one after another when inp holds more)
// from layout inL to outL; tiled layouts need whole tiles. The span form of
// shape takes its last two dimensions as the matrix.
template <typename T>
std::vector<T> convert_layout(ttsl::Span<const T> inp, const PhysicalSize& shape, TensorLayoutType inL,
                              TensorLayoutType outL, std::optional<PhysicalSize> tile_shape = std::nullopt,
                              std::optional<PhysicalSize> face_shape = std::nullopt, bool transpose_within_face = false,
                              bool transpose_of_faces = false);
template <typename T>
std::vector<T> convert_layout(ttsl::Span<const T> inp, ttsl::Span<const uint32_t> shape, TensorLayoutType inL,
                              TensorLayoutType outL, std::optional<PhysicalSize> tile_shape = std::nullopt,
                              std::optional<PhysicalSize> face_shape = std::nullopt, bool transpose_within_face = false,
                              bool transpose_of_faces = false);

// m x n row-major matrices to and from tiles of row-major elements, and tiles of faces.
template <typename T>
std::vector<T> tilize_swizzled(const std::vector<T>& input, uint32_t m, uint32_t n);
template <typename T>
std::vector<T> untilize_swizzled(const std::vector<T>& input, uint32_t m, uint32_t n);
template <typename T>
std::vector<T> tilize_nfaces(const std::vector<T>& input, uint32_t m, uint32_t n);
template <typename T>
std::vector<T> untilize_nfaces(const std::vector<T>& input, uint32_t m, uint32_t n);
