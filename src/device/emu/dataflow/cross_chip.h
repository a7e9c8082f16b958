// Stores into another chip of the cluster, for ethernet sends and fabric
// packets: straight into its memory when this process's rank emulates it,
// else posted to the rank that does (rank_mail.h), in issue order.
#pragma once

#include <cstdint>

#include "device/emu/interconnect.h"

namespace zyxtt::emu::df {

// `to` points into chip `chip`'s DRAM or L1 as mapped in `linked`.
void chip_write(const LinkedChips& linked, uint32_t chip, uint8_t* to, const void* from, uint32_t bytes);
void chip_add(const LinkedChips& linked, uint32_t chip, uint32_t* word, uint32_t value);

}  // namespace zyxtt::emu::df
