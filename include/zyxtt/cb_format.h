// The data formats a circular buffer may carry in zyx's protocol (cb_fmt codes)
// and the bytes of one 32 x 32 tile of each: shared by the client library and
// the runtime's protocol parser.
#pragma once

#include <cstdint>

namespace zyxtt {

// zyx V1 sends codes 0-2, V2.5 adds 3, V3 uses 0-8 (zyx-newer-protocol.md).
enum class CbFormat : uint32_t {
  kFloat32 = 0, kFloat16 = 1, kFloat16_b = 2, kUInt16 = 3, kFp8_e4m3 = 4,
  kUInt8 = 5, kInt8 = 6, kUInt32 = 7, kInt32 = 8,
};
inline constexpr uint32_t kCbFormats = 9;

constexpr uint32_t cb_tile_bytes(CbFormat format) {
  switch (format) {
    case CbFormat::kFloat32:
    case CbFormat::kUInt32:
    case CbFormat::kInt32: return 4096;
    case CbFormat::kFloat16:
    case CbFormat::kFloat16_b:
    case CbFormat::kUInt16: return 2048;
    case CbFormat::kFp8_e4m3:
    case CbFormat::kUInt8:
    case CbFormat::kInt8: return 1024;
  }
  return 0;
}

}  // namespace zyxtt
