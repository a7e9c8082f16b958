// Integer sums on the SFPU, written over the 32-lane layout as silicon runs
// them (sfpi.h), so partial sums land where they land on silicon:
//   sfpu_sum_int_col(idst): faces 0 and 1 (VectorMode R); in each, the vectors
//     of its rows and of the face below it summed, by column parity, into the
//     face's rows 0-3 (row r holds the column sum over rows = r mod 4).
//   sfpu_sum_int_row(idst): faces 0 and 2 (VectorMode C); in each, each 4-row
//     block's even-column vector gets its odd-column twin and both vectors of
//     the face to its right added (partial row sums in the even columns).
//   sfpu_add_int(idst, ...): DST[idst] += DST[idst + 1], int32, all faces.
//     Like silicon, it always adds the next tile: dst_offset and iterations
//     are not read.
#pragma once

#include "api/compute/common_globals.h"

namespace zyxtt::kernel::int_sum {
inline void col_face() {
  for (int i = 0; i < 2; ++i) {
    sfpi::vInt a = sfpi::dst_reg[i];
    for (int j = 2; j < 8; j += 2) a += sfpi::vInt(sfpi::dst_reg[i + j]);
    for (int j = 16; j < 24; j += 2) a += sfpi::vInt(sfpi::dst_reg[i + j]);
    sfpi::dst_reg[i] = a;
  }
}
inline void row_face() {
  for (int i = 0; i < 8; i += 2) {
    sfpi::vInt a = sfpi::dst_reg[i];
    for (int j : {1, 8, 9}) a += sfpi::vInt(sfpi::dst_reg[i + j]);
    sfpi::dst_reg[i] = a;
  }
}
inline void add_face() {
  for (int d = 0; d < 8; ++d) {
    sfpi::dst_reg[0] = sfpi::vInt(sfpi::dst_reg[0]) + sfpi::vInt(sfpi::dst_reg[32]);
    sfpi::dst_reg++;
  }
}
}  // namespace zyxtt::kernel::int_sum

namespace ckernel {
ALWI void sfpu_sum_int_init() {}
ALWI void sfpu_sum_int_col(uint32_t idst) {
  _llk_math_eltwise_unary_sfpu_params_(::zyxtt::kernel::int_sum::col_face, idst, (int)VectorMode::R);
}
ALWI void sfpu_sum_int_row(uint32_t idst) {
  _llk_math_eltwise_unary_sfpu_params_(::zyxtt::kernel::int_sum::row_face, idst, (int)VectorMode::C);
}
ALWI void sfpu_add_int(uint32_t idst, uint32_t dst_offset = 2, int32_t iterations = 8) {
  (void)dst_offset, (void)iterations;
  _llk_math_eltwise_unary_sfpu_params_(::zyxtt::kernel::int_sum::add_face, idst, (int)VectorMode::RC);
}
}  // namespace ckernel
