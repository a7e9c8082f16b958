// hardtanh_tile(idst, min, max): the clamp of clamp.h (fp32 bits); the _pack forms run on the packer on silicon.
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void hardtanh_tile_init() {}
ALWI void hardtanh_tile_init_pack() {}
ALWI void hardtanh_tile(uint32_t idst, uint32_t param0, uint32_t param1) { ::zyxtt::kernel::unary(::zyxtt::krt::SfpuUnaryOp::kClamp, idst, param0, param1); }
ALWI void hardtanh_tile_pack(uint32_t idst, uint32_t param0, uint32_t param1) { hardtanh_tile(idst, param0, param1); }
}  // namespace ckernel
