// The 64-bit NOC address layout (Blackhole), shared by the kernel headers and
// the emulator so that encoding and decoding cannot drift apart.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

namespace zyxtt::noc {

inline constexpr uint32_t kLocalBits = 36;
inline constexpr uint32_t kCoordBits = 6;
inline constexpr uint64_t kLocalMask = (uint64_t{1} << kLocalBits) - 1;
inline constexpr uint32_t kCoordMask = (1u << kCoordBits) - 1;
inline constexpr uint32_t kDramX = 0;  // DRAM bank b is the endpoint (0, b)
// Worker (0, 0) in translated coordinates, as Blackhole's VIRTUAL_TENSIX_START_X/Y;
// the arch table (src/device/arch.cpp) places workers from here.
inline constexpr uint32_t kTensixStartX = 1;
inline constexpr uint32_t kTensixStartY = 2;

constexpr uint64_t unicast(uint32_t x, uint32_t y, uint64_t local) {
  return (uint64_t{y & kCoordMask} << (kLocalBits + kCoordBits)) | (uint64_t{x & kCoordMask} << kLocalBits) |
         (local & kLocalMask);
}
constexpr uint64_t dram(uint32_t bank, uint64_t bank_offset) { return unicast(kDramX, bank, bank_offset); }
// Multicast: end x/y where unicast keeps x/y, start x/y in the next two fields.
constexpr uint64_t multicast(uint32_t x_start, uint32_t y_start, uint32_t x_end, uint32_t y_end, uint64_t local) {
  return (uint64_t{y_start & kCoordMask} << (kLocalBits + 3 * kCoordBits)) |
         (uint64_t{x_start & kCoordMask} << (kLocalBits + 2 * kCoordBits)) | unicast(x_end, y_end, local);
}

constexpr uint32_t x_of(uint64_t a) { return uint32_t(a >> kLocalBits) & kCoordMask; }
constexpr uint32_t y_of(uint64_t a) { return uint32_t(a >> (kLocalBits + kCoordBits)) & kCoordMask; }
constexpr uint32_t x_start_of(uint64_t a) { return uint32_t(a >> (kLocalBits + 2 * kCoordBits)) & kCoordMask; }
constexpr uint32_t y_start_of(uint64_t a) { return uint32_t(a >> (kLocalBits + 3 * kCoordBits)) & kCoordMask; }
constexpr uint64_t local_of(uint64_t a) { return a & kLocalMask; }

}  // namespace zyxtt::noc
