// typecast_tile between fp32 and the 32-bit integer formats (appended to
// tile_loop.cpp), all carried in fp32 CBs as raw words: tiles 0-3
// Float32 -> Int32, 4-7 Int32 -> Float32, 8-11 Float32 -> UInt32,
// 12-15 UInt32 -> Float32.
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/typecast.h"

constexpr uint32_t kFloat32 = static_cast<uint32_t>(DataFormat::Float32);
constexpr uint32_t kInt32 = static_cast<uint32_t>(DataFormat::Int32);
constexpr uint32_t kUInt32 = static_cast<uint32_t>(DataFormat::UInt32);

void family_init() { init_sfpu(cb_a, cb_out); }

uint32_t apply(uint32_t t) {
  copy_tile(cb_a, 0, 0);
  switch (t / 4) {
    case 0: typecast_tile_init<kFloat32, kInt32>(); typecast_tile<kFloat32, kInt32>(0); break;
    case 1: typecast_tile_init<kInt32, kFloat32>(); typecast_tile<kInt32, kFloat32>(0); break;
    case 2: typecast_tile_init<kFloat32, kUInt32>(); typecast_tile<kFloat32, kUInt32>(0); break;
    default: typecast_tile_init<kUInt32, kFloat32>(); typecast_tile<kUInt32, kFloat32>(0); break;
  }
  return 0;
}
