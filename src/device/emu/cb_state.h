// A circular buffer as the emulator keeps it per core: ring bounds, the shared
// page counters and each RISC's private pointers.
#pragma once

#include <cstdint>

#include "zyxtt/core_limits.h"

namespace zyxtt::emu {

inline constexpr uint32_t kMaxCbs = limits::kMaxCircularBuffers;
inline constexpr uint32_t kRoles = 3;

struct CbState {
  bool configured = false;
  bool on_buffer = false;    // globally allocated on an L1 buffer: unpushed pages hold its data
  uint32_t data_format = 0;  // tt::DataFormat value
  uint32_t page_bytes = 0;
  uint32_t num_pages = 0;
  // The tile shape compute kernels unpack and pack (32x32 unless the program set one).
  uint16_t tile_rows = 32;
  uint16_t tile_cols = 32;
  uint32_t base = 0;   // L1 byte address of the ring
  uint32_t limit = 0;  // base + page_bytes * num_pages
  // Shared counters (16-bit on silicon; kept wide, compared modulo 2^16).
  uint32_t pages_received = 0;
  uint32_t pages_acked = 0;
  // Per-role private pointers, as each RISC keeps its own copy.
  uint32_t rd_ptr[kRoles] = {};
  uint32_t wr_ptr[kRoles] = {};
  // Sanitizer bookkeeping: pages reserved but not pushed, waited but not popped.
  uint32_t reserved[kRoles] = {};
  uint32_t waited[kRoles] = {};
  uint32_t pack_cursor = 0;  // sequential pack_tile slot since the last push
};

}  // namespace zyxtt::emu
