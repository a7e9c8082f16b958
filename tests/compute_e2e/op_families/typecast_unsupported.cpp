// A typecast pair with no kernel on silicon (Float32 -> Float16, appended to
// tile_loop.cpp): DST stays as it is, and the runtime warns naming this call.
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/typecast.h"

void family_init() { init_sfpu(cb_a, cb_out); }

uint32_t apply(uint32_t) {
  copy_tile(cb_a, 0, 0);
  typecast_tile_init<static_cast<uint32_t>(DataFormat::Float32), static_cast<uint32_t>(DataFormat::Float16)>();
  typecast_tile<static_cast<uint32_t>(DataFormat::Float32), static_cast<uint32_t>(DataFormat::Float16)>(0);
  return 0;
}
