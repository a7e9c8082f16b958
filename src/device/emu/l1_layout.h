// Where the emulator puts things in each core's L1. Low addresses stand in
// for firmware and mailboxes; user circular buffers start above them, as on
// silicon above l1_unreserved_base.
#pragma once

#include <cstdint>

namespace zyxtt::emu::l1 {

inline constexpr uint32_t kMaxArgs = 341;  // per kernel per core, as tt-metal allows
inline constexpr uint32_t kArgsBase[3] = {0x0100, 0x0700, 0x0D00};  // reader, writer, compute
inline constexpr uint32_t kCommonArgsBase[3] = {0x1300, 0x1900, 0x1F00};
inline constexpr uint32_t kSemaphoreBase = 0x2500;
inline constexpr uint32_t kSemaphoreStride = 16;  // tt-metal: one aligned L1 word each
inline constexpr uint32_t kMaxSemaphores = 16;
inline constexpr uint32_t kCbBase = 0x10000;  // 64 KiB; CBs are aligned to the arch's NOC alignments

}  // namespace zyxtt::emu::l1
