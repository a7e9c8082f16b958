// Comparisons with a scalar (fp32 bits; int32 words for _int32) or with zero: 1 where true, else 0.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void unary_eq_tile_init() {}
ALWI void unary_eq_tile(uint32_t idst, uint32_t param0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryEq, idst, param0); }
ALWI void unary_eq_tile_int32(uint32_t idst, uint32_t param0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryEqInt32, idst, param0); }
ALWI void unary_ne_tile_init() {}
ALWI void unary_ne_tile(uint32_t idst, uint32_t param0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryNe, idst, param0); }
ALWI void unary_ne_tile_int32(uint32_t idst, uint32_t param0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryNeInt32, idst, param0); }
ALWI void unary_gt_tile_init() {}
ALWI void unary_gt_tile(uint32_t idst, uint32_t param0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryGt, idst, param0); }
ALWI void unary_gt_tile_int32(uint32_t idst, uint32_t param0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryGtInt32, idst, param0); }
ALWI void unary_ge_tile_init() {}
ALWI void unary_ge_tile(uint32_t idst, uint32_t param0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryGe, idst, param0); }
ALWI void unary_ge_tile_int32(uint32_t idst, uint32_t param0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryGeInt32, idst, param0); }
ALWI void unary_lt_tile_init() {}
ALWI void unary_lt_tile(uint32_t idst, uint32_t param0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryLt, idst, param0); }
ALWI void unary_lt_tile_int32(uint32_t idst, uint32_t param0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryLtInt32, idst, param0); }
ALWI void unary_le_tile_init() {}
ALWI void unary_le_tile(uint32_t idst, uint32_t param0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryLe, idst, param0); }
ALWI void unary_le_tile_int32(uint32_t idst, uint32_t param0) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryLeInt32, idst, param0); }
ALWI void eqz_tile_init() {}
ALWI void eqz_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryEq, idst); }
ALWI void eqz_tile_int32(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryEqInt32, idst); }
ALWI void nez_tile_init() {}
ALWI void nez_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryNe, idst); }
ALWI void nez_tile_int32(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryNeInt32, idst); }
ALWI void gtz_tile_init() {}
ALWI void gtz_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryGt, idst); }
ALWI void gtz_tile_int32(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryGtInt32, idst); }
ALWI void gez_tile_init() {}
ALWI void gez_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryGe, idst); }
ALWI void gez_tile_int32(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryGeInt32, idst); }
ALWI void ltz_tile_init() {}
ALWI void ltz_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryLt, idst); }
ALWI void ltz_tile_int32(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryLtInt32, idst); }
ALWI void lez_tile_init() {}
ALWI void lez_tile(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryLe, idst); }
ALWI void lez_tile_int32(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryLeInt32, idst); }
ALWI void eqz_tile_uint16(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryEqInt32, idst); }
ALWI void eqz_tile_uint32(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryEqInt32, idst); }
ALWI void nez_tile_uint16(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryNeInt32, idst); }
ALWI void nez_tile_uint32(uint32_t idst) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kUnaryNeInt32, idst); }
}  // namespace ckernel
