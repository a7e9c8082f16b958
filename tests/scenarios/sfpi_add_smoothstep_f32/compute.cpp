// Custom SFPI in the shape of tt-metal's custom_sfpi examples: a + b by a
// binary face function, then smoothstep with edges -4 and 4 by a unary one,
// both under MATH(...) through the LLK params wrappers.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/eltwise_binary_sfpu.h"
#include "api/compute/compute_kernel_api.h"

#ifdef TRISC_MATH
inline void add_face(const uint32_t in0, const uint32_t in1, const uint32_t out) {
  constexpr uint32_t n_vector_in_tile = 32;
  for (size_t i = 0; i < 8; i++) {
    vFloat a = dst_reg[in0 * n_vector_in_tile + i];
    vFloat b = dst_reg[in1 * n_vector_in_tile + i];
    dst_reg[out * n_vector_in_tile + i] = a + b;
  }
}

inline void smoothstep_face(float edge0, float inv_delta) {
  for (size_t i = 0; i < 8; i++) {
    vFloat t = (dst_reg[0] - edge0) * inv_delta;
    v_if(t < sfpi::vConst0) { t = sfpi::vConst0; }
    v_elseif(t > sfpi::vConst1) { t = sfpi::vConst1; }
    v_endif;
    dst_reg[0] = t * t * (3.0f - 2.0f * t);
    dst_reg++;
  }
}
#endif

void kernel_main() {
  constexpr uint32_t kTilesPerCore = 7;
  constexpr auto cb_a = tt::CBIndex::c_0, cb_b = tt::CBIndex::c_1, cb_out = tt::CBIndex::c_16;
  init_sfpu(cb_a, cb_out);
  for (uint32_t i = 0; i < kTilesPerCore; ++i) {
    cb_wait_front(cb_a, 1);
    cb_wait_front(cb_b, 1);
    tile_regs_acquire();
    copy_tile(cb_a, 0, 0);
    copy_tile(cb_b, 0, 1);
    MATH(_llk_math_eltwise_binary_sfpu_params_(add_face, 0, 1, 0));
    MATH(_llk_math_eltwise_unary_sfpu_params_(smoothstep_face, 0, VectorMode::RC, -4.0f, 0.125f));
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_out, 1);
    pack_tile(0, cb_out);
    cb_push_back(cb_out, 1);
    cb_pop_front(cb_a, 1);
    cb_pop_front(cb_b, 1);
    tile_regs_release();
  }
}
