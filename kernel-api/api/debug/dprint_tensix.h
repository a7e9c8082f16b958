// Printing DST from a compute kernel (tt-metal's dprint_tensix.h):
// dprint_tensix_dest_reg(tile) prints "Tile ID = <tile>" and the tile's 64 DST
// rows of 16 values, in DST's order (face 0 rows 0..15, then faces 1..3), one
// line each. Call it while math holds DST (after tile_regs_acquire).
// Values print in the format DST holds, as silicon reads it from its DST
// format register (here: the CB of the last unpack init): integers from
// Int32, UInt32, UInt16, UInt8 and Int8 CBs as integers, everything else as
// Float32 (the emulator's DST words hold a 16-bit DST's values exactly).
// Silicon's configuration registers are not modelled: no READ_*_REG_FIELD.
#pragma once

#include <cstdint>

#include "api/compute/compute_kernel_api.h"
#include "api/debug/dprint.h"
#include "zyxtt/format_facts.h"

constexpr int PRECISION = 4;
constexpr int WIDTH = 8;
constexpr uint16_t NUM_FACES_PER_TILE = 4;
constexpr uint16_t NUM_ROWS_PER_FACE = 16;
constexpr uint16_t NUM_ROWS_PER_TILE = NUM_FACES_PER_TILE * NUM_ROWS_PER_FACE;

// `len` words at `ptr` in DataFormat `type`: one value per 32-bit word, two
// (low half first) for 16-bit types; values separated by one space.
template <uint16_t len>
struct dp_typed_array_t {
  uint32_t* ptr;
  uint16_t type;
  dp_typed_array_t(uint16_t type, uint32_t* ptr) : ptr(ptr), type(type) {}

  void print_to(zyxtt::dprint::Line& l) const {
    const auto f = static_cast<DataFormat>(type);
    const bool halves = f == DataFormat::Float16_b || f == DataFormat::Float16 || f == DataFormat::UInt16 ||
                        f == DataFormat::Int8 || f == DataFormat::UInt8;
    for (uint32_t i = 0; i < len; ++i) {
      for (uint32_t h = 0; h < (halves ? 2u : 1u); ++h) {
        if (i + h != 0) l.put(' ');
        const uint32_t w = ptr[i], half = (w >> (16 * h)) & 0xFFFF;
        switch (f) {
          case DataFormat::Float32: l.put_float(__builtin_bit_cast(float, w)); break;
          case DataFormat::Int32: zyxtt::dprint::put_value(l, int32_t(w)); break;
          case DataFormat::Float16_b: l.put_float(__builtin_bit_cast(float, half << 16)); break;
          case DataFormat::Float16: l.put_float(double(__builtin_bit_cast(_Float16, uint16_t(half)))); break;
          case DataFormat::Int8: zyxtt::dprint::put_value(l, int32_t(int8_t(half))); break;
          case DataFormat::UInt8: l.put_int(half & 0xFF, false); break;
          case DataFormat::UInt16: l.put_int(half, false); break;
          default: l.put_int(w, false); break;
        }
      }
    }
  }
};

template <uint32_t count>
inline void dprint_array_with_data_type(uint32_t data_format, uint32_t* data) {
  DPRINT("{}\n", dp_typed_array_t<count>(uint16_t(data_format), data));
}

inline void dprint_data_format(uint8_t data_format) {
  const zyxtt::FormatFacts* f = zyxtt::format_facts(data_format);
  const char* name = f != nullptr && f->format != DataFormat::Invalid ? f->name : "INVALID DATA FORMAT";
  DPRINT("{}", name);
}

inline uint16_t get_logical_row_id(uint16_t tile_id, uint16_t face_id, uint16_t row_id) {
  return uint16_t(tile_id * NUM_ROWS_PER_TILE + face_id * NUM_ROWS_PER_FACE + row_id);
}
inline uint16_t lo_word(uint32_t dword) { return uint16_t(dword); }
inline uint16_t hi_word(uint32_t dword) { return uint16_t(dword >> 16); }
// A Float32 from the two 16-bit halves a Wormhole DST keeps it in: sign,
// exponent and top mantissa bits in `float16` ([sign | 7 mantissa | 8 exponent]),
// the low 16 mantissa bits in `mantissa16`.
inline uint32_t reconstruct_float32(uint32_t float16, uint32_t mantissa16) {
  const uint32_t sign = (float16 >> 15) & 1, exponent = float16 & 0xFF, top = (float16 >> 8) & 0x7F;
  return (sign << 31) | (exponent << 23) | (top << 16) | (mantissa16 & 0xFFFF);
}

namespace zyxtt::dprint {
// DST row `row` (a logical row: tile * 64 + face * 16 + row in face) as 16
// words; returns the format they hold (krt::SfpuDstView::data_format).
inline DataFormat dst_row_words(uint16_t row, uint32_t (&words)[16]) {
  krt::SfpuDstView view{};
  krt::sfpu_dst_open(&view);  // fails the run unless math holds DST
  if (row / NUM_ROWS_PER_TILE >= view.tiles) krt::fail("dprint_tensix_dest_reg: tile index beyond DST");
  for (uint32_t i = 0; i < 16; ++i) words[i] = __builtin_bit_cast(uint32_t, view.base[row * 16u + i]);
  return static_cast<DataFormat>(view.data_format);
}
inline void print_dst_row(uint16_t row, DataFormat f) {
  uint32_t w[16];
  dst_row_words(row, w);
  dprint_array_with_data_type<16>(uint32_t(f), w);
}
// The row in the format DST holds; sign-magnitude integers print signed.
inline void print_dst_row_as_held(uint16_t row) {
  uint32_t w[16];
  DataFormat f = dst_row_words(row, w);
  if (f == DataFormat::Int8) {
    for (uint32_t& x : w) x = (x >> 31) ? 0u - (x & 0x7FFFFFFFu) : x;
    f = DataFormat::Int32;
  }
  dprint_array_with_data_type<16>(uint32_t(f), w);
}
}  // namespace zyxtt::dprint

inline void dprint_tensix_dest_reg_row_float32(uint16_t row) { zyxtt::dprint::print_dst_row(row, DataFormat::Float32); }
inline void dprint_tensix_dest_reg_row_int32(uint16_t row) { zyxtt::dprint::print_dst_row(row, DataFormat::Int32); }
// 16-bit DST rows: the emulator's DST words hold their values exactly as floats.
inline void dprint_tensix_dest_reg_row_float16(uint32_t /*data_format*/, uint16_t row) {
  zyxtt::dprint::print_dst_row(row, DataFormat::Float32);
}

template <bool print_by_face = false>
void dprint_tensix_dest_reg(int tile_id = 0) {
  DPRINT("Tile ID = {}\n", tile_id);
  if (tile_id < 0) zyxtt::krt::fail("dprint_tensix_dest_reg: tile index beyond DST");
  uint16_t row = uint16_t(tile_id * NUM_ROWS_PER_TILE);
  for (uint32_t face = 0; face < NUM_FACES_PER_TILE; ++face) {
    for (uint32_t r = 0; r < NUM_ROWS_PER_FACE; ++r) zyxtt::dprint::print_dst_row_as_held(row++);
    if constexpr (print_by_face) DPRINT("\n");
  }
}

// Prints a field (mask, shift) of a register word the kernel holds.
#define DPRINT_TENSIX_CONFIG_FIELD(reg_val, reg_field_name, name, printDec)                   \
  {                                                                                           \
    const uint32_t field_value = ((reg_val) & reg_field_name##_MASK) >> reg_field_name##_SHAMT; \
    if (printDec) {                                                                           \
      DPRINT(name " = {}; ", field_value);                                                    \
    } else {                                                                                  \
      DPRINT(name " = {:x}; ", field_value);                                                  \
    }                                                                                         \
  }
#define dprint_tensix_struct_field(word, mask, shamt, name, printDec) \
  {                                                                   \
    if (printDec) {                                                   \
      DPRINT(name ": {}\n", ((word) & (mask)) >> (shamt));            \
    } else {                                                          \
      DPRINT(name ": {:x}\n", ((word) & (mask)) >> (shamt));          \
    }                                                                 \
  }
