// tt-metal's split-include umbrella. The small eltwise_unary headers come
// unconditionally; what lives elsewhere comes, as on tt-metal, only with its
// SFPU_OP_*_INCLUDE define (hosts pass them beside SFPU_OP_CHAIN_0), so
// kernels that set none parse no more.
#pragma once

#include "api/compute/eltwise_unary/activations.h"
#include "api/compute/eltwise_unary/binop_with_scalar.h"
#include "api/compute/eltwise_unary/bitwise.h"
#include "api/compute/eltwise_unary/bitwise_not.h"
#include "api/compute/eltwise_unary/elu.h"
#include "api/compute/eltwise_unary/erf_erfc.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/fill.h"
#include "api/compute/eltwise_unary/gelu.h"
#include "api/compute/eltwise_unary/identity.h"
#include "api/compute/eltwise_unary/isinf_isnan.h"
#include "api/compute/eltwise_unary/log1p.h"
#include "api/compute/eltwise_unary/logical_not.h"
#include "api/compute/eltwise_unary/negative.h"
#include "api/compute/eltwise_unary/recip.h"
#include "api/compute/eltwise_unary/relu.h"
#include "api/compute/eltwise_unary/rounding.h"
#include "api/compute/eltwise_unary/rsqrt.h"
#include "api/compute/eltwise_unary/sqrt.h"
#include "api/compute/eltwise_unary/trigonometry.h"
#include "api/compute/eltwise_unary/typecast.h"
#include "api/compute/eltwise_unary/cbrt.h"
#include "api/compute/eltwise_unary/digamma.h"
#include "api/compute/eltwise_unary/erfinv.h"
#include "api/compute/eltwise_unary/clamp.h"
#include "api/compute/eltwise_unary/comp.h"
#include "api/compute/eltwise_unary/fmod.h"
#include "api/compute/eltwise_unary/hardmish.h"
#include "api/compute/eltwise_unary/hardtanh.h"
#include "api/compute/eltwise_unary/i0.h"
#include "api/compute/eltwise_unary/i1.h"
#include "api/compute/eltwise_unary/lgamma.h"
#include "api/compute/eltwise_unary/mish.h"
#include "api/compute/eltwise_unary/prelu.h"
#include "api/compute/eltwise_unary/rdiv.h"
#include "api/compute/eltwise_unary/remainder.h"
#include "api/compute/eltwise_unary/rpow.h"
#include "api/compute/eltwise_unary/rsub.h"
#include "api/compute/eltwise_unary/selu.h"
#include "api/compute/eltwise_unary/where.h"
#include "api/compute/eltwise_unary/lerp.h"
#include "api/compute/eltwise_unary/addcmul.h"
#include "api/compute/eltwise_unary/addcdiv.h"
#include "api/compute/eltwise_unary/softplus.h"
#include "api/compute/eltwise_unary/tanh_derivative.h"
#include "api/compute/eltwise_unary/threshold.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"

#if SFPU_OP_DROPOUT_INCLUDE
#include "api/compute/eltwise_unary/dropout.h"
#endif
#if SFPU_OP_POLYGAMMA_INCLUDE
#include "api/compute/eltwise_unary/polygamma.h"
#endif
#if SFPU_OP_XIELU_INCLUDE
#include "api/compute/eltwise_unary/xielu.h"
#endif
#if SFPU_OP_LOGSIGMOID_INCLUDE
#include "api/compute/logsigmoid.h"
#endif
#if SFPU_OP_COMPUTE_KERNEL_API_INCLUDE
#include "api/compute/compute_kernel_api.h"  // sigmoid, tanh, log, ... (a no-op when it includes this header)
#endif
#if SFPU_OP_BINARY_DIV_INCLUDE
#include "api/compute/eltwise_binary_sfpu.h"
#endif
#if SFPU_OP_BINARY_ADD_INT_INCLUDE
#include "api/compute/add_int_sfpu.h"
#endif
#if SFPU_OP_BINARY_MUL_INT_INCLUDE
#include "api/compute/mul_int_sfpu.h"
#endif
#if SFPU_OP_BINARY_GT_INT_INCLUDE
#include "api/compute/binary_comp.h"
#endif
