// Types both sides of the kernel ABI name: the kernel-API headers and the
// emulator. Plain data only; the calls themselves are in krt_abi.h.
#pragma once

#include <cstdint>

namespace zyxtt::krt {

// RISCV_0 (reader), RISCV_1 (writer), the TRISCs (compute).
enum class Role : uint32_t { kReader = 0, kWriter = 1, kCompute = 2 };

}  // namespace zyxtt::krt
