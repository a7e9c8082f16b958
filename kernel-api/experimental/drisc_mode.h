// tt-metal's DRAM-core (DRISC) NIU mode switches. The emulator runs no
// kernels on DRAM cores (Blackhole makes them opt-in; CreateKernel with a
// DramConfig is refused), so a kernel compiled for a Tensix or ethernet
// core only names these under COMPILE_FOR_DRISC, which it never gets.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "zyxtt/krt.h"

namespace experimental {

inline void drisc_set_stream_mode(uint8_t = 0) { ::zyxtt::krt::fail("drisc_set_stream_mode: DRAM cores run no kernels on the emulator"); }
inline void drisc_set_noc2axi_mode(uint8_t = 0) { ::zyxtt::krt::fail("drisc_set_noc2axi_mode: DRAM cores run no kernels on the emulator"); }
inline bool drisc_is_noc2axi_mode(uint8_t = 0) { ::zyxtt::krt::fail("drisc_is_noc2axi_mode: DRAM cores run no kernels on the emulator"); }
inline void drisc_set_stream_mode_all() { ::zyxtt::krt::fail("drisc_set_stream_mode_all: DRAM cores run no kernels on the emulator"); }
inline void drisc_set_noc2axi_mode_all() { ::zyxtt::krt::fail("drisc_set_noc2axi_mode_all: DRAM cores run no kernels on the emulator"); }

}  // namespace experimental
