// The tile layout of a 32 x 32 tile (four 16 x 16 faces, row-major inside
// each face), written from the hardware description for the tests.
#pragma once

#include <cstdint>
#include <vector>

namespace zyxtt::testing {

inline uint32_t face_index(uint32_t r, uint32_t c) { return ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16; }
// The row and column of element i of a tile (the inverse of face_index).
inline uint32_t row_of(uint32_t i) { return (i / 512) * 16 + (i % 256) / 16; }
inline uint32_t col_of(uint32_t i) { return ((i / 256) % 2) * 16 + i % 16; }

// Row-major rows x cols matrix -> tiles, tile (i, j) at index i * (cols / 32) + j.
template <class T>
std::vector<T> tilize(const std::vector<T>& m, uint32_t rows, uint32_t cols) {
  std::vector<T> out(m.size());
  const uint32_t ct = cols / 32;
  for (uint32_t r = 0; r < rows; ++r)
    for (uint32_t c = 0; c < cols; ++c)
      out[size_t((r / 32) * ct + c / 32) * 1024 + face_index(r % 32, c % 32)] = m[size_t(r) * cols + c];
  return out;
}

}  // namespace zyxtt::testing
