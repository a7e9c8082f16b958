// Bytes of one 32x32 tile per tt::DataFormat, shared by the kernel API
// (get_tile_size) and the emulator's unpacker and packer.
#pragma once

#include <cstdint>

namespace zyxtt {

// 0 for formats the emulator cannot convert.
constexpr uint32_t tile_bytes_of_format(uint32_t format) {
  switch (format) {
    case 0: case 8: case 24: return 4096;   // Float32, Int32, UInt32
    case 1: case 5: case 9: return 2048;    // Float16, Float16_b, UInt16
    case 14: case 26: case 30: return 1024;  // Int8, Fp8_e4m3, UInt8
    case 6: return 1024 + 64;               // Bfp8_b: mantissas + one exponent per face row
    case 7: return 512 + 64;                // Bfp4_b
    default: return 0;
  }
}

}  // namespace zyxtt
