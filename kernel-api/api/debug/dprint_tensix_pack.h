// Printers of silicon's packer configuration registers (tt-metal's
// dprint_tensix_pack.h). The emulator's packer has no such registers, so each
// printer says so in one DPRINT line instead of printing invented values.
#pragma once

#include <sys/types.h>

#include "api/debug/dprint_tensix.h"

namespace zyxtt::dprint {
inline void no_registers(const char* printer, const char* unit) {
  DPRINT("{}: the emulator models no {} registers\n", printer, unit);
}
}  // namespace zyxtt::dprint

inline void dprint_tensix_pack_config(uint /*reg_id*/ = 0) { zyxtt::dprint::no_registers("dprint_tensix_pack_config", "packer"); }
inline void dprint_tensix_pack_relu_config() { zyxtt::dprint::no_registers("dprint_tensix_pack_relu_config", "packer"); }
inline void dprint_tensix_dest_rd_ctrl() { zyxtt::dprint::no_registers("dprint_tensix_dest_rd_ctrl", "packer"); }
inline void dprint_tensix_pack_edge_offset(uint /*reg_id*/ = 0) {
  zyxtt::dprint::no_registers("dprint_tensix_pack_edge_offset", "packer");
}
inline void dprint_tensix_pack_counters(uint /*reg_id*/ = 0) {
  zyxtt::dprint::no_registers("dprint_tensix_pack_counters", "packer");
}
inline void dprint_tensix_pack_strides(uint /*reg_id*/ = 0) {
  zyxtt::dprint::no_registers("dprint_tensix_pack_strides", "packer");
}
