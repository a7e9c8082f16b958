// Host-side tile layouts (tt-metal's tilize_utils.hpp). A tiled matrix is its
// 32 x 32 tiles in row-major order; inside a tile, four 16 x 16 faces
// (top-left, top-right, bottom-left, bottom-right), each row-major.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <vector>

// An m x n row-major matrix (m, n multiples of 32) into tiles of faces.
template <typename T>
std::vector<T> tilize_nfaces(const std::vector<T>& input, uint32_t m, uint32_t n);
// The inverse of tilize_nfaces.
template <typename T>
std::vector<T> untilize_nfaces(const std::vector<T>& input, uint32_t m, uint32_t n);
