// The firmware's bank tables and NOC coordinate helpers, at tt-metal's path:
// kernels and ttnn's address generators index dram_bank_to_noc_xy[noc][bank],
// bank_to_dram_offset[bank] (and the L1 pair) and shift the XY into a NOC
// address themselves. On silicon these are arrays the firmware fills at boot;
// here each lookup asks the emulator's bank model, so the tables cannot
// disagree with get_noc_addr_from_bank_id.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "zyxtt/kernel_base.h"
#include "zyxtt/noc_addr.h"

// Blackhole's translated coordinates: the same on both NOCs, so no mirroring.
#define VIRTUAL_TENSIX_START_X (::zyxtt::noc::kTensixStartX)
#define VIRTUAL_TENSIX_START_Y (::zyxtt::noc::kTensixStartY)
#define NOC_ADDR_COORD_SHIFT (::zyxtt::noc::kLocalBits)
#define NOC_0_X(noc_index, noc_size_x, x) (x)
#define NOC_0_Y(noc_index, noc_size_y, y) (y)
#define DYNAMIC_NOC_X(noc, x) (x)
#define DYNAMIC_NOC_Y(noc, y) (y)

typedef uint16_t bank_noc_xy_t;

namespace zyxtt::kernel {
// Bank b's NOC address of its byte 0.
inline uint64_t bank_origin(bool dram, uint32_t bank) {
  return dram ? noc::dram(bank, 0) : krt::l1_bank_noc_addr(bank, 0);
}
// NOC_XY_ENCODING of bank b: the bits a NOC address keeps above NOC_ADDR_COORD_SHIFT.
template <bool DRAM>
struct BankNocXyRow {
  bank_noc_xy_t operator[](uint32_t bank) const {
    return bank_noc_xy_t(bank_origin(DRAM, bank) >> noc::kLocalBits);
  }
};
template <bool DRAM>
struct BankNocXyTable {
  BankNocXyRow<DRAM> operator[](uint32_t /*noc: translated coordinates are the same on both*/) const { return {}; }
};
// What bank b adds to an address inside the bank.
template <bool DRAM>
struct BankOffsetTable {
  int32_t operator[](uint32_t bank) const { return int32_t(noc::local_of(bank_origin(DRAM, bank))); }
};
}  // namespace zyxtt::kernel

inline constexpr zyxtt::kernel::BankNocXyTable<true> dram_bank_to_noc_xy{};
inline constexpr zyxtt::kernel::BankOffsetTable<true> bank_to_dram_offset{};
inline constexpr zyxtt::kernel::BankNocXyTable<false> l1_bank_to_noc_xy{};
inline constexpr zyxtt::kernel::BankOffsetTable<false> bank_to_l1_offset{};
