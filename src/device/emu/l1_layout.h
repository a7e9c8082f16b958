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

// Each kernel's arg slots hold kMaxArgs words without reaching the next
// region: more args are refused before a run (OUT_OF_RANGE), never written.
static_assert(kArgsBase[1] - kArgsBase[0] >= kMaxArgs * 4 && kArgsBase[2] - kArgsBase[1] >= kMaxArgs * 4);
static_assert(kCommonArgsBase[0] - kArgsBase[2] >= kMaxArgs * 4);
static_assert(kCommonArgsBase[1] - kCommonArgsBase[0] >= kMaxArgs * 4 &&
              kCommonArgsBase[2] - kCommonArgsBase[1] >= kMaxArgs * 4);
static_assert(kSemaphoreBase - kCommonArgsBase[2] >= kMaxArgs * 4);
static_assert(kCbBase - kSemaphoreBase >= kMaxSemaphores * kSemaphoreStride);

}  // namespace zyxtt::emu::l1
