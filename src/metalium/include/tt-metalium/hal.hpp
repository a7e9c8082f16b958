// tt-metal's hardware facts for host programs, without a device: the
// emulated arch's (ZYX_TT_ARCH), as the device will have them.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <string>

#include <umd/device/types/arch.hpp>

namespace tt::tt_metal::hal {

tt::ARCH get_arch();
// "blackhole".
std::string get_arch_name();
// Bytes of one worker core's L1.
uint32_t get_l1_size();
uint32_t get_dram_alignment();
uint32_t get_l1_alignment();
uint32_t get_pcie_alignment();
// The emulator has no ethernet cores: these throw, saying so.
uint32_t get_erisc_l1_unreserved_base();
uint32_t get_erisc_l1_unreserved_size();
// Bytes of a worker's L1 above what the device reserves.
uint32_t get_max_worker_l1_unreserved_size();
// The SFPU's epsilon, NaN and infinity on Blackhole (tt-metal's constants).
float get_eps();
float get_nan();
float get_inf();
uint32_t get_arch_num_circular_buffers();

}  // namespace tt::tt_metal::hal
