// SFPU unary ops on fp32 (appended to tile_loop.cpp), A in DST 0: tile 0 is
// a chain in the shape of tt-metal's sfpu_eltwise_chain (softplus =
// log(1 + exp(x))), the other tiles apply one op each.
#include "api/compute/compute_kernel_api.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/binop_with_scalar.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/gelu.h"
#include "api/compute/eltwise_unary/isinf_isnan.h"
#include "api/compute/eltwise_unary/negative.h"
#include "api/compute/eltwise_unary/relu.h"
#include "api/compute/eltwise_unary/rounding.h"
#include "api/compute/eltwise_unary/rsqrt.h"
#include "api/compute/eltwise_unary/sqrt.h"
#include "api/compute/eltwise_unary/trigonometry.h"

constexpr uint32_t kOne = 0x3F800000u, kSix = 0x40C00000u, kTenth = 0x3DCCCCCDu, kHalf = 0x3F000000u;

void family_init() { init_sfpu(cb_a, cb_out); }

uint32_t apply(uint32_t t) {
  copy_tile(cb_a, 0, 0);
  switch (t) {
    case 0:
      exp_tile_init();
      exp_tile(0);
      binop_with_scalar_tile_init();
      add_unary_tile(0, kOne);
      log_tile_init();
      log_tile(0);
      break;
    case 1: relu_max_tile_init(); relu_max_tile(0, kSix); break;
    case 2: leaky_relu_tile_init(); leaky_relu_tile(0, kTenth); break;
    case 3: floor_tile_init(); floor_tile(0); break;
    case 4: trunc_tile_init(); trunc_tile(0); break;
    case 5: abs_tile_init(); abs_tile(0); sqrt_tile_init(); sqrt_tile(0); break;
    case 6: rsqrt_tile_init(); rsqrt_tile(0); break;
    case 7: sign_tile_init(); sign_tile(0); break;
    case 8: isnan_tile_init(); isnan_tile(0); break;
    case 9: heaviside_tile_init(); heaviside_tile(0, kHalf); break;
    case 10: expm1_tile_init(); expm1_tile(0); break;
    case 11: sin_tile_init(); sin_tile(0); break;
    case 12: tanh_tile_init(); tanh_tile(0); break;
    case 13: sigmoid_tile_init(); sigmoid_tile(0); break;
    case 14: gelu_tile_init<false>(); gelu_tile<false>(0); break;
    default: negative_tile_init(); negative_tile(0); exp2_tile_init(); exp2_tile(0); break;
  }
  return 0;
}
