// Blackhole's NOC and stream-register addresses the emulator answers, shared
// by the kernel headers (noc_overlay_parameters.h), the emulator (stream
// registers reached by kernels and the NOC) and the host's Hal and
// Cluster::read_reg, so that no side can drift from the others.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

namespace zyxtt::noc_regs {

// Each core's stream registers (the NOC overlay): stream s, register r at
// kOverlayStart + s * kStreamSpace + 4 * r.
inline constexpr uint32_t kOverlayStart = 0xFFB40000;
inline constexpr uint32_t kStreamSpace = 0x1000;
inline constexpr uint32_t kTensixStreams = 64;
inline constexpr uint32_t kEthStreams = 32;
inline constexpr uint32_t kDramStreams = 16;
inline constexpr uint32_t kOverlayEnd = kOverlayStart + kTensixStreams * kStreamSpace;

// The registers with side effects: writing the remote buffer's size sets its
// free words to that size; writing the update register adds its words field
// (bits kWordsFreeInc.., kWordsFreeWidth wide, wrapping, so a two's
// complement field takes words away) to the free words.
inline constexpr uint32_t kRemoteSrc = 4;  // plain storage: the fabric's scratch register
inline constexpr uint32_t kRemoteDestBufStart = 8;
inline constexpr uint32_t kRemoteDestBufSize = 10;
inline constexpr uint32_t kRemoteDestBufSpaceAvailableUpdate = 270;
inline constexpr uint32_t kRemoteDestBufSpaceAvailable = 297;
inline constexpr uint32_t kWordsFreeInc = 6;
inline constexpr uint32_t kWordsFreeWidth = 17;
inline constexpr uint32_t kWordsFreeMask = (1u << kWordsFreeWidth) - 1;

constexpr bool is_stream_reg(uint64_t local) { return local >= kOverlayStart && local < kOverlayEnd; }
constexpr uint32_t stream_of(uint64_t local) { return uint32_t(local - kOverlayStart) / kStreamSpace; }
constexpr uint32_t reg_of(uint64_t local) { return (uint32_t(local - kOverlayStart) % kStreamSpace) / 4; }

// The NOC's own registers, NOC n's at kNocRegsStart + n * kNocInstanceSpan.
inline constexpr uint32_t kNocRegsStart = 0xFFB20000;
inline constexpr uint32_t kNocInstanceSpan = 0x10000;
inline constexpr uint32_t kNodeId = 0x44;                    // the node's NOC coordinates, x | y << 6
inline constexpr uint32_t kCfgBase = 0x100;                  // NOC_CFG(i) at kCfgBase + 4 * i
inline constexpr uint32_t kCfgXIdTranslate0 = 0x6;           // 6 words of 5-bit entries
inline constexpr uint32_t kCfgYIdTranslate0 = 0xC;
inline constexpr uint32_t kCfgTranslateWords = 6;
inline constexpr uint32_t kCfgIdLogical = 0x12;              // translated coordinates, x | y << 6
inline constexpr uint32_t kTranslateEntryBits = 5;
inline constexpr uint32_t kNodeIdBits = 6;
inline constexpr uint32_t kNodeIdMask = (1u << kNodeIdBits) - 1;

constexpr uint32_t cfg_addr(uint32_t index) { return kNocRegsStart + kCfgBase + 4 * index; }

}  // namespace zyxtt::noc_regs
