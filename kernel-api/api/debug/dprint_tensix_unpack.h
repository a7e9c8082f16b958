// Printers of silicon's unpacker and ALU configuration registers (tt-metal's
// dprint_tensix_unpack.h); as for the packer (dprint_tensix_pack.h), the
// emulator has no such registers and each printer says so in one line.
#pragma once

#include "api/debug/dprint_tensix_pack.h"

inline void dprint_tensix_unpack_tile_descriptor(uint /*reg_id*/ = 0) {
  zyxtt::dprint::no_registers("dprint_tensix_unpack_tile_descriptor", "unpacker");
}
inline void dprint_tensix_unpack_config(uint /*reg_id*/ = 0) {
  zyxtt::dprint::no_registers("dprint_tensix_unpack_config", "unpacker");
}
inline void dprint_tensix_alu_config() { zyxtt::dprint::no_registers("dprint_tensix_alu_config", "ALU configuration"); }
