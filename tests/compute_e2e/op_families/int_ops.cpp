// Integer and bitwise SFPU ops (appended to tile_loop.cpp) on 32-bit words
// carried in fp32 CBs: copy_tile moves them into DST unchanged, pack_tile
// back out. Op t on tile t.
#include "api/compute/add_int_sfpu.h"
#include "api/compute/binary_bitwise_sfpu.h"
#include "api/compute/binary_comp.h"
#include "api/compute/binary_max_min.h"
#include "api/compute/binary_shift.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"

void family_init() { init_sfpu(cb_a, cb_out); }

uint32_t apply(uint32_t t) {
  copy_a_and_b();
  switch (t) {
    case 0: add_int_tile_init(); add_int_tile<DataFormat::Int32>(0, 1, 0); break;
    case 1: sub_int_tile_init(); sub_int_tile<DataFormat::Int32>(0, 1, 0); break;
    case 2: rsub_int_tile_init(); rsub_int_tile<DataFormat::Int32>(0, 1, 0); break;
    case 3: mul_int_tile_init(); mul_int_tile<DataFormat::Int32>(0, 1, 0); break;
    case 4: binary_bitwise_tile_init(); bitwise_and_binary_tile<DataFormat::Int32>(0, 1, 0); break;
    case 5: binary_bitwise_tile_init(); bitwise_or_binary_tile<DataFormat::Int32>(0, 1, 0); break;
    case 6: binary_bitwise_tile_init(); bitwise_xor_binary_tile<DataFormat::Int32>(0, 1, 0); break;
    case 7: binary_shift_tile_init(); binary_left_shift_tile<DataFormat::Int32>(0, 1, 0); break;
    case 8: binary_shift_tile_init(); binary_right_shift_tile<DataFormat::Int32>(0, 1, 0); break;
    case 9: binary_shift_tile_init(); binary_logical_right_shift_tile<DataFormat::UInt32>(0, 1, 0); break;
    case 10: binary_max_int32_tile_init(); binary_max_int32_tile(0, 1, 0); break;
    case 11: binary_min_int32_tile_init(); binary_min_uint32_tile(0, 1, 0); break;
    case 12: add_int_tile_init<DataFormat::UInt16>(); add_int_tile<DataFormat::UInt16>(0, 1, 0); break;
    case 13: lt_int_tile_init<DataFormat::Int32>(); lt_int_tile<DataFormat::Int32>(0, 1, 0); break;
    case 14: ge_int_tile_init<DataFormat::UInt32>(); ge_int_tile<DataFormat::UInt32>(0, 1, 0); break;
    default: eq_int32_tile_init(); eq_int32_tile(0, 1); break;  // older era: the result overwrites DST 0
  }
  return 0;
}
