// Types both sides of the kernel ABI name: the kernel-API headers and the
// emulator. Plain data only; the calls themselves are in krt_abi.h.
#pragma once

#include <cstdint>

namespace zyxtt::krt {

// RISCV_0 (reader), RISCV_1 (writer), the TRISCs (compute).
enum class Role : uint32_t { kReader = 0, kWriter = 1, kCompute = 2 };

// Bytes of the always-zero L1 region (tt-metal's MEM_ZEROS) at l1_zeros_addr.
inline constexpr uint32_t kL1ZerosBytes = 512;

// The calling core's DST as SFPI code sees it (sfpu_dst_open): `tiles`
// consecutive 32 x 32 fp32 tiles in face layout from `base`.
struct SfpuDstView {
  float* base;
  uint32_t tiles;
};

}  // namespace zyxtt::krt
