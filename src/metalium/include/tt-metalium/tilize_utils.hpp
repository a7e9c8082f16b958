// Host-side tile layouts (tt-metal's tilize_utils.hpp). A tiled matrix is its
// 32 x 32 tiles in row-major order; inside a tile, four 16 x 16 faces
// (top-left, top-right, bottom-left, bottom-right), each row-major.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <array>
#include <cstdint>
#include <vector>

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

// An m x n row-major matrix (m, n multiples of 32) into tiles of faces.
template <typename T>
std::vector<T> tilize_nfaces(const std::vector<T>& input, uint32_t m, uint32_t n);
// The inverse of tilize_nfaces.
template <typename T>
std::vector<T> untilize_nfaces(const std::vector<T>& input, uint32_t m, uint32_t n);
