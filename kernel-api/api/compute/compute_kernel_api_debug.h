// Reading and writing one DST tile from the kernel (tt-metal's debug access
// to DST through the RISC-V's memory map), in the DataFormat the caller
// names. The buffer holds the tile's 1024 values in DST's order (the face
// layout, which is what swizzled access returns; the emulator's DST has no
// other layout, so enable_swizzle changes nothing). 16-bit float formats are
// the top bits of a 32-bit DST word (Float16_b) or its conversion (Float16);
// integer formats are DST's integer words, narrowed.
#pragma once

#include <cstdint>

#include "api/compute/common_globals.h"

namespace ckernel {

constexpr bool dbg_dest_fmt_supported(DataFormat fmt) {
  return fmt == DataFormat::Float32 || fmt == DataFormat::Float16 || fmt == DataFormat::Float16_b ||
         fmt == DataFormat::Int32 || fmt == DataFormat::UInt32 || fmt == DataFormat::UInt16 ||
         fmt == DataFormat::Int8 || fmt == DataFormat::UInt8;
}

namespace dbg_dest_detail {
inline float* dst_tile(uint32_t tile_id) {
  zyxtt::krt::SfpuDstView view{};
  zyxtt::krt::sfpu_dst_open(&view);  // checks the DST handshake (math holds DST)
  if (tile_id >= view.tiles) zyxtt::krt::fail("dbg_read_dest_tile / dbg_write_dest_tile: tile index beyond DST");
  return view.base + tile_id * 1024;
}
inline uint32_t bits(float v) { return __builtin_bit_cast(uint32_t, v); }
inline float from_bits(uint32_t u) { return __builtin_bit_cast(float, u); }
}  // namespace dbg_dest_detail

template <DataFormat fmt>
ALWI void dbg_read_dest_tile(uint32_t tile_id, void* dst_buffer, bool /*enable_swizzle*/ = true) {
  static_assert(dbg_dest_fmt_supported(fmt), "dbg_read_dest_tile: unsupported DataFormat");
  const float* d = dbg_dest_detail::dst_tile(tile_id);
  for (uint32_t i = 0; i < 1024; ++i) {
    const uint32_t w = dbg_dest_detail::bits(d[i]);
    if constexpr (fmt == DataFormat::Float32 || fmt == DataFormat::Int32 || fmt == DataFormat::UInt32) {
      static_cast<uint32_t*>(dst_buffer)[i] = w;
    } else if constexpr (fmt == DataFormat::Float16_b) {
      static_cast<uint16_t*>(dst_buffer)[i] = static_cast<uint16_t>(w >> 16);
    } else if constexpr (fmt == DataFormat::Float16) {
      static_cast<_Float16*>(dst_buffer)[i] = static_cast<_Float16>(d[i]);
    } else if constexpr (fmt == DataFormat::UInt16) {
      static_cast<uint16_t*>(dst_buffer)[i] = static_cast<uint16_t>(w);
    } else {
      static_cast<uint8_t*>(dst_buffer)[i] = static_cast<uint8_t>(w);
    }
  }
}

template <DataFormat fmt>
ALWI void dbg_write_dest_tile(uint32_t tile_id, const void* src_buffer, bool /*enable_swizzle*/ = true) {
  static_assert(dbg_dest_fmt_supported(fmt), "dbg_write_dest_tile: unsupported DataFormat");
  float* d = dbg_dest_detail::dst_tile(tile_id);
  for (uint32_t i = 0; i < 1024; ++i) {
    uint32_t w;
    if constexpr (fmt == DataFormat::Float32 || fmt == DataFormat::Int32 || fmt == DataFormat::UInt32) {
      w = static_cast<const uint32_t*>(src_buffer)[i];
    } else if constexpr (fmt == DataFormat::Float16_b) {
      w = uint32_t(static_cast<const uint16_t*>(src_buffer)[i]) << 16;
    } else if constexpr (fmt == DataFormat::Float16) {
      w = dbg_dest_detail::bits(static_cast<float>(static_cast<const _Float16*>(src_buffer)[i]));
    } else if constexpr (fmt == DataFormat::UInt16) {
      w = static_cast<const uint16_t*>(src_buffer)[i];
    } else if constexpr (fmt == DataFormat::Int8) {
      w = static_cast<uint32_t>(int32_t(static_cast<const int8_t*>(src_buffer)[i]));
    } else {
      w = static_cast<const uint8_t*>(src_buffer)[i];
    }
    d[i] = dbg_dest_detail::from_bits(w);
  }
  zyxtt::krt::sfpu_dst_close();  // a 16-bit DST keeps 16-bit values
}

}  // namespace ckernel
