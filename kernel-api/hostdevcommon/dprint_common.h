// What a tile-slice print carries (tt-metal's hostdevcommon/dprint_common.h):
// the slice of a 32x32 tile to print and the outcome codes.
#pragma once

#include <cstdint>

// Rows h0, h0+hs, ... < h1 and columns w0, w0+ws, ... < w1.
struct SliceRange {
  uint8_t h0, h1, hs, w0, w1, ws;
  // Every 16th / 8th / 4th row and column, row 0, column 0 or 1, the top-left 4x4.
  static SliceRange hw0_32_16() { return {0, 32, 16, 0, 32, 16}; }
  static SliceRange hw0_32_8() { return {0, 32, 8, 0, 32, 8}; }
  static SliceRange hw0_32_4() { return {0, 32, 4, 0, 32, 4}; }
  static SliceRange h0_w0_32() { return {0, 1, 1, 0, 32, 1}; }
  static SliceRange h0_32_w0() { return {0, 32, 1, 0, 1, 1}; }
  static SliceRange h0_32_w1() { return {0, 32, 1, 1, 2, 1}; }
  static SliceRange hw041() { return {0, 4, 1, 0, 4, 1}; }
};

enum dprint_tileslice_return_code_enum {
  DPrintOK = 2,
  DPrintErrorBadTileIdx = 3,
  DPrintErrorBadPointer = 4,
  DPrintErrorUnsupportedFormat = 5,
  DPrintErrorMath = 6,
  DPrintErrorEthernet = 7,
};
