// DST ownership handshake (math acquires/commits, pack waits/releases).
#pragma once

#include "api/compute/common_globals.h"

namespace ckernel {
ALWI void tile_regs_acquire() { zyxtt::krt::dst_acquire(); }
ALWI void tile_regs_wait() { zyxtt::krt::dst_wait(); }
ALWI void tile_regs_commit() { zyxtt::krt::dst_commit(); }
ALWI void tile_regs_release() { zyxtt::krt::dst_release(); }

// Deprecated forms; the oldest took a tt::DstMode that no longer matters.
ALWI void acquire_dst() { zyxtt::krt::dst_acquire_legacy(); }
ALWI void acquire_dst(tt::DstMode) { zyxtt::krt::dst_acquire_legacy(); }
ALWI void release_dst() { zyxtt::krt::dst_release_legacy(); }
ALWI void release_dst(tt::DstMode) { zyxtt::krt::dst_release_legacy(); }
}  // namespace ckernel
