// tt-metal's hal:: facts, from the emulated cluster's chips (its options),
// so that they need no open device.
#include <tt-metalium/circular_buffer_constants.h>
#include <tt-metalium/hal.hpp>

#include <tt_stl/assert.hpp>

#include "device/arch.h"
#include "device/emu/l1_layout.h"
#include "metalium/emulator_options.h"

namespace tt::tt_metal::hal {
namespace {

// Blackhole facts alike on every chip of the emulated cluster: chip 0 answers.
const zyxtt::Arch& arch() { return *zyxtt::metalium::emulated_cluster().chip(0).arch; }

// Blackhole's PCIe NOC alignment (read 64, write 16: the larger).
constexpr uint32_t kPcieAlignment = 64;
// Blackhole's SFPU constants, as tt-metal's HAL gives them.
constexpr float kEps = 1.19209e-7f;
constexpr float kNan = 7.0040e+19f;
constexpr float kInf = 1.7014e+38f;

}  // namespace

tt::ARCH get_arch() { return tt::ARCH::BLACKHOLE; }
std::string get_arch_name() { return "blackhole"; }
uint32_t get_l1_size() { return static_cast<uint32_t>(arch().l1_bytes); }
uint32_t get_dram_alignment() { return arch().dram_alignment; }
uint32_t get_l1_alignment() { return arch().l1_alignment; }
uint32_t get_pcie_alignment() { return kPcieAlignment; }

// An ethernet core's kernels have its L1 from the CB base up (emu/l1_layout.h).
uint32_t get_erisc_l1_unreserved_base() { return zyxtt::emu::l1::kCbBase; }
uint32_t get_erisc_l1_unreserved_size() {
  return static_cast<uint32_t>(zyxtt::kEthL1Bytes) - zyxtt::emu::l1::kCbBase;
}

uint32_t get_max_worker_l1_unreserved_size() {
  return static_cast<uint32_t>(arch().l1_bytes) - zyxtt::emu::l1::kCbBase;
}

float get_eps() { return kEps; }
float get_nan() { return kNan; }
float get_inf() { return kInf; }
uint32_t get_arch_num_circular_buffers() { return NUM_CIRCULAR_BUFFERS; }

}  // namespace tt::tt_metal::hal
