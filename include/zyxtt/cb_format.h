// The data formats a circular buffer may carry in zyx's protocol (cb_fmt codes)
// and the bytes of one 32 x 32 tile of each: shared by the client library and
// the runtime's protocol parser.
#pragma once

#include <cstdint>

namespace zyxtt {

enum class CbFormat : uint32_t { kFloat32 = 0, kFloat16 = 1, kFloat16_b = 2 };

constexpr uint32_t cb_tile_bytes(CbFormat format) { return format == CbFormat::kFloat32 ? 4096 : 2048; }

}  // namespace zyxtt
