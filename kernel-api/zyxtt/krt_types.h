// Types both sides of the kernel ABI name: the kernel-API headers and the
// emulator. Plain data only; the calls themselves are in krt_abi.h.
#pragma once

#include <cstdint>

namespace zyxtt::krt {

// RISCV_0 (reader), RISCV_1 (writer), the TRISCs (compute).
enum class Role : uint32_t { kReader = 0, kWriter = 1, kCompute = 2 };

// What a device-profiler marker (tools/profiler/kernel_profiler.hpp) records:
// tt-metal's packet types, and the two ends of a summed zone (slot in data).
enum class ProfileMark : uint32_t {
  kZoneStart = 0,
  kZoneEnd = 1,
  kSumStart = 2,
  kSumEnd = 3,
  kData = 4,   // DeviceTimestampedData: 64-bit data
  kEvent = 5,  // DeviceRecordEvent: the event id in data
};

// A fabric packet's header as the emulator reads it when a worker commits a
// packet (krt fabric_send): the route a kernel set (to_chip_unicast, ...,
// fabric_set_unicast_route) and the NOC command at the far end (noc_send_type
// takes tt-metal's NocSendType values). tt-metal's PacketHeader types are
// this record (tt_metal/fabric/fabric_edm_packet_header.hpp).
enum class FabricRoute : uint8_t {
  kNone = 0,
  kLine = 1,        // 1-D: hops first .. first + count - 1 along the connection's direction
  kMesh = 2,        // 2-D unicast to (dst_mesh, dst_chip)
  kMeshMcast = 3,   // 2-D multicast: spine north / south, branches east / west
};
struct FabricPacket {
  uint64_t noc_address;        // the write's, inline write's or atomic's target
  uint64_t semaphore_address;  // fused write + atomic increment: the increment's target
  uint32_t value;              // inline write: the word; atomics: the increment
  uint16_t payload_size_bytes;
  uint8_t noc_send_type;
  FabricRoute route;
  uint8_t first_hop;  // kLine
  uint8_t hop_count;  // kLine
  uint16_t dst_chip;  // kMesh / kMeshMcast: the fabric chip id, and its mesh
  uint16_t dst_mesh;
  uint8_t mcast_hops[4];  // kMeshMcast: east, west, north, south
  uint8_t reserved[26];
};
static_assert(sizeof(FabricPacket) == 64);
inline constexpr uint32_t kFabricHeaderBytes = sizeof(FabricPacket);
// A packet's payload at most, as tt-metal's Blackhole fabric carries it.
inline constexpr uint32_t kFabricMaxPayloadBytes = 4096;
// A fabric connection as its runtime argument carries it (tt-metal's
// append_fabric_connection_rt_args): the sending chip and the channel of the
// router it connects to, under a tag that tells it from a stray word.
inline constexpr uint32_t kFabricLinkTag = 0xFAB00000u;
constexpr uint32_t fabric_link_word(uint32_t chip, uint32_t channel) {
  return kFabricLinkTag | (chip & 0xFFFu) << 8 | (channel & 0xFFu);
}
constexpr bool is_fabric_link_word(uint32_t word) { return (word & 0xFFF00000u) == kFabricLinkTag; }
constexpr uint32_t fabric_link_chip(uint32_t word) { return (word >> 8) & 0xFFFu; }
constexpr uint32_t fabric_link_channel(uint32_t word) { return word & 0xFFu; }
// Packet headers each processor may take from its core's pool.
inline constexpr uint32_t kFabricHeadersPerProcessor = 16;

// Bytes of the always-zero L1 region (tt-metal's MEM_ZEROS) at l1_zeros_addr,
// and its offset in the core's L1 (so a kernel knows where its L1 starts).
inline constexpr uint32_t kL1ZerosBytes = 512;
inline constexpr uint32_t kL1ZerosOffset = 0x2600;

// DST's layout, as kernel-side ops (cumsum, welford, ema, reshuffle, the
// PRNG) index it directly: a tile is kTileWords words, four 16 x 16 faces
// (top-left, top-right, bottom-left, bottom-right), each row-major.
inline constexpr uint32_t kTileDim = 32, kFaceDim = 16;
inline constexpr uint32_t kFaceWords = kFaceDim * kFaceDim, kTileWords = 4 * kFaceWords;
// The word of element (row, col) inside its tile.
inline constexpr uint32_t dst_word(uint32_t row, uint32_t col) {
  return ((row / kFaceDim) * 2 + col / kFaceDim) * kFaceWords + (row % kFaceDim) * kFaceDim + col % kFaceDim;
}

// The calling core's DST as SFPI code sees it (sfpu_dst_open): `tiles`
// consecutive tiles of kTileWords fp32 words in face layout from `base`.
struct SfpuDstView {
  float* base;
  uint32_t tiles;
  // What DST's words hold, by the CB of the last unpack init (silicon's DST
  // format register), as a tt::DataFormat code: Int32 for two's-complement
  // integers (Int32 CBs, Int8 ones by default), UInt32 for unsigned ones
  // (UInt32, UInt16, UInt8), Int8 for sign-magnitude integers (Int8 CBs
  // under the sign-magnitude DST model), Float32 for every float format.
  uint32_t data_format;
};

// The calling core's SFPU local registers (sfpu_lregs): LREG n, lane L is
// word n * kSfpuLanes + L. Stateful ops keep there what silicon keeps in
// LREGs between calls (welford's running mean and M2, quant's zero point,
// the PRNG of rand and dropout; rows 14 and 15: the compute sentinel, which
// silicon keeps in TRISC memory); the rest of the block is free for such
// state. Zero when a program starts.
inline constexpr uint32_t kSfpuLanes = 32;
inline constexpr uint32_t kSfpuLregWords = 16 * kSfpuLanes;

}  // namespace zyxtt::krt
