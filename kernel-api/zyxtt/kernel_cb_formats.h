// The CB formats of the program this kernel was compiled for
// (-DKERNEL_CB_DATA_FORMATS, see cb_formats.h), and the descriptor tables
// tt-metal's JIT generates from them. Included by the entry stub, after the
// precompiled kernel API.
#pragma once

#include <cstdint>

#include "zyxtt/cb_formats.h"

namespace zyxtt::kernel {
inline constexpr uint8_t kCbDataFormats[] = {
#ifdef KERNEL_CB_DATA_FORMATS
    KERNEL_CB_DATA_FORMATS
#else
    255
#endif
};

// Deliberately not constexpr: reaching it in a constant expression is the
// compile error that says what is missing.
inline uint32_t cb_format_not_known_when_this_kernel_was_compiled() { return 255; }

constexpr uint32_t compile_time_cb_format(uint32_t cb) {
  if (cb < sizeof(kCbDataFormats) && kCbDataFormats[cb] != 255) return kCbDataFormats[cb];
  return cb_format_not_known_when_this_kernel_was_compiled();
}

inline constexpr uint8_t kCbTileShapes[] = {
#ifdef KERNEL_CB_TILE_SHAPES
    KERNEL_CB_TILE_SHAPES
#else
    32, 32
#endif
};

constexpr TileGeometry cb_tile(uint32_t cb) {
  if (2 * cb + 1 < sizeof(kCbTileShapes)) return {kCbTileShapes[2 * cb], kCbTileShapes[2 * cb + 1]};
  return {};
}

constexpr PerCb<uint8_t> cb_format_table() {
  PerCb<uint8_t> t{};
  for (uint32_t i = 0; i < zyxtt::limits::kMaxCircularBuffers; ++i) t.v[i] = i < sizeof(kCbDataFormats) ? kCbDataFormats[i] : 255;
  return t;
}
constexpr PerCb<uint32_t> cb_tile_bytes_table() {
  PerCb<uint32_t> t{};
  for (uint32_t i = 0; i < zyxtt::limits::kMaxCircularBuffers; ++i) t.v[i] = tile_bytes_of(cb_format_table()[i], cb_tile(i));
  return t;
}
// One number of each CB's tile shape (`what` of TileGeometry).
template <uint32_t (*what)(TileGeometry)>
constexpr PerCb<uint8_t> cb_tile_table() {
  PerCb<uint8_t> t{};
  for (uint32_t i = 0; i < zyxtt::limits::kMaxCircularBuffers; ++i) t.v[i] = static_cast<uint8_t>(what(cb_tile(i)));
  return t;
}
constexpr uint32_t tile_rows_of(TileGeometry g) { return g.rows; }
constexpr uint32_t tile_cols_of(TileGeometry g) { return g.cols; }
constexpr uint32_t num_faces_of(TileGeometry g) { return g.num_faces(); }
constexpr uint32_t face_rows_of(TileGeometry g) { return g.face_rows(); }
}  // namespace zyxtt::kernel

#ifdef KERNEL_CB_DATA_FORMATS
// The descriptor tables tt-metal's JIT generates, for kernels and helper
// headers that index them directly: each CB's tile shape, the CB's format on
// both sides of the unpacker and packer (DST's own format is not modelled
// here), tile sizes in bytes.
#define DATA_FORMATS_DEFINED 1
inline constexpr auto unpack_src_format = ::zyxtt::kernel::cb_format_table();
inline constexpr auto unpack_dst_format = ::zyxtt::kernel::cb_format_table();
inline constexpr auto pack_src_format = ::zyxtt::kernel::cb_format_table();
inline constexpr auto pack_dst_format = ::zyxtt::kernel::cb_format_table();
inline constexpr auto unpack_tile_r_dim = ::zyxtt::kernel::cb_tile_table<::zyxtt::kernel::tile_rows_of>();
inline constexpr auto unpack_tile_c_dim = ::zyxtt::kernel::cb_tile_table<::zyxtt::kernel::tile_cols_of>();
inline constexpr auto unpack_tile_num_faces = ::zyxtt::kernel::cb_tile_table<::zyxtt::kernel::num_faces_of>();
inline constexpr auto unpack_tile_face_r_dim = ::zyxtt::kernel::cb_tile_table<::zyxtt::kernel::face_rows_of>();
inline constexpr auto pack_tile_r_dim = unpack_tile_r_dim;
inline constexpr auto pack_tile_c_dim = unpack_tile_c_dim;
inline constexpr auto pack_tile_num_faces = unpack_tile_num_faces;
inline constexpr auto pack_tile_face_r_dim = unpack_tile_face_r_dim;
inline constexpr auto unpack_tile_size = ::zyxtt::kernel::cb_tile_bytes_table();
inline constexpr auto pack_tile_size = ::zyxtt::kernel::cb_tile_bytes_table();
#endif
