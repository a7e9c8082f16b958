// Where the emulator puts things in each core's L1. Low addresses stand in
// for firmware and mailboxes; user circular buffers start above them, as on
// silicon above l1_unreserved_base.
#pragma once

#include <cstdint>

#include "eth_l1_address_map.h"
#include "zyxtt/core_limits.h"
#include "zyxtt/krt_types.h"

namespace zyxtt::emu::l1 {

using limits::kMaxRuntimeArgs;
using limits::kMaxSemaphores;
inline constexpr uint32_t kArgsBase[3] = {0x0100, 0x0700, 0x0D00};  // reader, writer, compute
inline constexpr uint32_t kCommonArgsBase[3] = {0x1300, 0x1900, 0x1F00};
inline constexpr uint32_t kSemaphoreBase = 0x2500;
inline constexpr uint32_t kSemaphoreStride = 16;  // tt-metal: one aligned L1 word each
// tt-metal's MEM_ZEROS: bytes the firmware keeps zero, a source for NOC reads
// that clear L1 (krt l1_zeros_addr); nothing of the emulator writes there.
inline constexpr uint32_t kZerosBase = krt::kL1ZerosOffset;
// Ethernet cores only: the sync block their dataflow calls keep (tt-metal's
// erisc_info at ERISC_APP_SYNC_INFO_BASE), above the zeros.
inline constexpr uint32_t kEthSyncBase = 0x8000;
inline constexpr uint32_t kEthSyncBytes = 16 + 16 * 8;  // four words, then 8 channels of 16 bytes
// Worker cores: each processor's fabric packet headers (tt-metal's packet
// header pool), kFabricHeadersPerProcessor of them per role.
inline constexpr uint32_t kPacketHeaderPoolBase = 0x9000;
inline constexpr uint32_t kPacketHeaderPoolBytes = krt::kFabricHeadersPerProcessor * krt::kFabricHeaderBytes;
inline constexpr uint32_t kCbBase = 0x10000;  // 64 KiB; CBs are aligned to the arch's NOC alignments

// Each args region holds kMaxRuntimeArgs words before the next region starts.
static_assert(kArgsBase[0] + kMaxRuntimeArgs * 4 <= kArgsBase[1]);
static_assert(kArgsBase[1] + kMaxRuntimeArgs * 4 <= kArgsBase[2]);
static_assert(kArgsBase[2] + kMaxRuntimeArgs * 4 <= kCommonArgsBase[0]);
static_assert(kCommonArgsBase[0] + kMaxRuntimeArgs * 4 <= kCommonArgsBase[1]);
static_assert(kCommonArgsBase[1] + kMaxRuntimeArgs * 4 <= kCommonArgsBase[2]);
static_assert(kCommonArgsBase[2] + kMaxRuntimeArgs * 4 <= kSemaphoreBase);
static_assert(kSemaphoreBase + kMaxSemaphores * kSemaphoreStride <= kZerosBase);
static_assert(kZerosBase + krt::kL1ZerosBytes <= kEthSyncBase);
static_assert(kEthSyncBase + kEthSyncBytes <= kPacketHeaderPoolBase);
static_assert(kPacketHeaderPoolBase + 3 * kPacketHeaderPoolBytes <= kCbBase);
// Ethernet kernels see the same layout through eth_l1_mem::address_map.
static_assert(kEthSyncBase == eth_l1_mem::address_map::ERISC_APP_SYNC_INFO_BASE);
static_assert(kCbBase == eth_l1_mem::address_map::ERISC_L1_UNRESERVED_BASE);

}  // namespace zyxtt::emu::l1
