// TileSlice / TSLICE: prints a slice of a CB tile in the CB's data format,
// DPRINT("{}", TSLICE(cb, tile, SliceRange::hw0_32_8())) or DPRINT << TSLICE(...).
// As on silicon the values are copied when the slice is built; a row of the
// slice is one line (endl_rows), values are separated by one space.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "hostdevcommon/dprint_common.h"
#include "zyxtt/format_facts.h"
#include "zyxtt/kernel_base.h"
#include "zyxtt/krt_types.h"
#include "zyxtt/print_line.h"

using dprint_tslice_ptr_t = bool;
#define TSLICE_RD_PTR true
#define TSLICE_WR_PTR false
using dprint_tslice_cb_t = bool;
#define TSLICE_INPUT_CB true
#define TSLICE_OUTPUT_CB false
// tt-metal's defaults: the writer (NCRISC) looks at its write pointer, the reader at its read pointer.
#if defined(COMPILE_FOR_NCRISC)
#define ZYXTT_TSLICE_DEFAULT_PTR TSLICE_WR_PTR
#else
#define ZYXTT_TSLICE_DEFAULT_PTR TSLICE_RD_PTR
#endif

namespace zyxtt::dprint {
// Bytes one element takes in the slice's buffer; 0: tile_element cannot decode it.
constexpr uint32_t slice_datum_bytes(DataFormat f) {
  switch (f) {
    case DataFormat::Float32: case DataFormat::Int32: case DataFormat::UInt32:
    case DataFormat::Float16: case DataFormat::Float16_b: case DataFormat::UInt16:
    case DataFormat::Int8: case DataFormat::UInt8: return format_facts(uint32_t(f))->element_bytes;
    case DataFormat::Bfp8_b: case DataFormat::Bfp4_b: return 2;  // mantissa + exponent
    default: return 0;
  }
}

// Element (h, w) of a 32x32 tile at `p`; `tiled`: stored as four 16x16 faces.
inline double tile_element(const uint8_t* p, DataFormat f, uint32_t h, uint32_t w, bool tiled) {
  const uint32_t i = tiled ? zyxtt::krt::dst_word(h, w) : h * 32 + w;
  auto u32 = [&](uint32_t k) { uint32_t v; __builtin_memcpy(&v, p + 4 * k, 4); return v; };
  auto u16 = [&](uint32_t k) { uint16_t v; __builtin_memcpy(&v, p + 2 * k, 2); return v; };
  switch (f) {
    case DataFormat::Float32: return __builtin_bit_cast(float, u32(i));
    case DataFormat::Int32: return double(int32_t(u32(i)));
    case DataFormat::UInt32: return u32(i);
    case DataFormat::UInt16: return u16(i);
    case DataFormat::Float16_b: return __builtin_bit_cast(float, uint32_t(u16(i)) << 16);
    case DataFormat::Float16: {
      const uint16_t h16 = u16(i);
      const double sign = (h16 & 0x8000) ? -1.0 : 1.0;
      const int e = (h16 >> 10) & 0x1F, m = h16 & 0x3FF;
      if (e == 0x1F) return m ? __builtin_nan("") : sign * __builtin_inf();
      return sign * (e == 0 ? __builtin_ldexp(m, -24) : __builtin_ldexp(1024 + m, e - 25));
    }
    case DataFormat::Int8: return double(int8_t(p[i]));
    case DataFormat::UInt8: return p[i];
    case DataFormat::Bfp8_b: case DataFormat::Bfp4_b: {
      // 64 shared exponents (one per run of 16 stored elements: a face row when
      // tiled), then sign + magnitude with an explicit leading bit.
      const int exp = p[i / 16];
      const bool four = f == DataFormat::Bfp4_b;
      const uint8_t byte = four ? uint8_t((p[64 + i / 2] >> ((i % 2) * 4)) & 0xF) : p[64 + i];
      const uint32_t sign_bit = four ? 0x8 : 0x80, frac_bits = four ? 2 : 6;
      const double mag = __builtin_ldexp(byte & (sign_bit - 1), exp - 127 - int(frac_bits));
      return (byte & sign_bit) ? -mag : mag;
    }
    default: return 0;
  }
}
}  // namespace zyxtt::dprint

template <int MAX_BYTES = 64>
struct TileSlice {
  SliceRange slice_range{};
  uint8_t cb_id = 0;
  uint8_t data_format = 0;
  uint8_t data_count = 0;  // elements captured (the slice may hold more)
  bool endl_rows = true;
  uint8_t return_code = DPrintOK;
  double values[MAX_BYTES]{};

  TileSlice(uint8_t cb, int tile_idx, const SliceRange& s,
#if !defined(COMPILE_FOR_TRISC)
            dprint_tslice_cb_t /*cb_type*/, dprint_tslice_ptr_t ptr_type = ZYXTT_TSLICE_DEFAULT_PTR,
#endif
            bool endl = true, bool print_untilized = true)
      : slice_range(s), cb_id(cb), endl_rows(endl) {
#if defined(COMPILE_FOR_TRISC)
    const bool rd = true;  // compute runs unpack and pack as one: the tile being read
#else
    const bool rd = ptr_type == TSLICE_RD_PTR;
#endif
    const DataFormat f = static_cast<DataFormat>(zyxtt::krt::cb_data_format(cb));
    data_format = uint8_t(f);
    const uint32_t bytes = zyxtt::dprint::slice_datum_bytes(f);
    if (bytes == 0) {
      return_code = DPrintErrorUnsupportedFormat;
      return;
    }
    if (tile_idx < 0) {
      return_code = DPrintErrorBadTileIdx;
      return;
    }
    const uint32_t addr = (rd ? zyxtt::krt::cb_read_ptr(cb) : zyxtt::krt::cb_write_ptr(cb)) +
                          uint32_t(tile_idx) * zyxtt::krt::cb_page_bytes(cb);
    const auto* p = reinterpret_cast<const uint8_t*>(uintptr_t(addr));
    for (uint32_t h = s.h0; h < s.h1; h += s.hs) {
      for (uint32_t w = s.w0; w < s.w1; w += s.ws) {
        if ((data_count + 1u) * bytes > uint32_t(MAX_BYTES)) return;
        values[data_count++] = zyxtt::dprint::tile_element(p, f, h, w, print_untilized);
      }
    }
  }

  void print_to(zyxtt::dprint::Line& l) const {
    if (return_code == DPrintErrorUnsupportedFormat) {
      l.fmt = {};
      put_text(l, "Tried printing CBIndex::c_");
      l.put_int(cb_id, false);
      put_text(l, ": Unsupported data format (");
      l.put_int(data_format, false);
      put_text(l, ")\n");
      return;
    }
    if (return_code == DPrintErrorBadTileIdx) {
      put_text(l, "Tried printing a tile slice: BAD TILE INDEX\n");
      return;
    }
    const bool integral = zyxtt::is_integer_format_code(data_format);  // a printable format: see slice_datum_bytes
    uint32_t i = 0;
    const auto& s = slice_range;
    for (uint32_t h = s.h0; h < s.h1; h += s.hs) {
      for (uint32_t w = s.w0; w < s.w1; w += s.ws) {
        if (i >= data_count) {
          put_text(l, "<TileSlice data truncated due to exceeding max count (");
          l.put_int(data_count, false);
          put_text(l, ")>\n");
          return;
        }
        const double v = values[i++];
        if (integral) {
          l.put_int(uint64_t(v < 0 ? -v : v), v < 0);
        } else {
          l.put_float(v);
        }
        if (w + s.ws < s.w1) l.put(' ');
      }
      if (endl_rows) l.put('\n');
    }
  }

 private:
  static void put_text(zyxtt::dprint::Line& l, const char* t) {
    while (*t != '\0') l.put(*t++);
  }
};

using TSLICE = TileSlice<64>;

namespace zyxtt::dprint {
// Row `row`, columns [c0, c1), of tile `tile` at the CB's read pointer, one
// line in the CB's format: the dump helpers' row (wide enough for 32 Float32).
inline TileSlice<128> tile_row(uint8_t cb, int tile, uint32_t row, bool untilize, uint32_t c0 = 0, uint32_t c1 = 32) {
  const SliceRange s{uint8_t(row), uint8_t(row + 1), 1, uint8_t(c0), uint8_t(c1), 1};
#if defined(COMPILE_FOR_TRISC)
  return TileSlice<128>(cb, tile, s, true, untilize);
#else
  return TileSlice<128>(cb, tile, s, TSLICE_INPUT_CB, TSLICE_RD_PTR, true, untilize);
#endif
}
}  // namespace zyxtt::dprint
