// tt-metal's hal:: facts, from the emulated cluster's chips (its options),
// so that they need no open device.
#include <tt-metalium/circular_buffer_constants.h>
#include <tt-metalium/hal.hpp>
#include <tt_metal/llrt/hal.hpp>

#include <tt_stl/assert.hpp>
#include <tt_stl/fmt.hpp>

#include <iterator>
#include <variant>

#include "device/arch.h"
#include "device/emu/dram.h"
#include "device/emu/l1_layout.h"
#include "metalium/emulator_options.h"
#include "zyxtt/noc_regs.h"

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

namespace tt::tt_metal {
namespace {

// RISC-Vs per processor class (DM, COMPUTE), in HalProgrammableCoreType's order.
struct CoreProcessors {
  const char* name;
  uint32_t classes;
  uint32_t per_class[2];
};
constexpr CoreProcessors kProcessors[] = {
    {"TENSIX", 2, {2, 3}}, {"ACTIVE_ETH", 1, {2, 0}}, {"IDLE_ETH", 1, {2, 0}}, {"DRAM", 1, {1, 0}}};

const CoreProcessors& processors_of(std::variant<HalProgrammableCoreType, uint32_t> core_type) {
  const uint32_t index = std::holds_alternative<uint32_t>(core_type)
                             ? std::get<uint32_t>(core_type)
                             : static_cast<uint32_t>(std::get<HalProgrammableCoreType>(core_type));
  TT_FATAL(index < std::size(kProcessors), "Programmable core type {} does not exist ({} types)", index,
           std::size(kProcessors));
  return kProcessors[index];
}

}  // namespace

uint32_t Hal::get_virtual_worker_start_x() const { return zyxtt::kBlackholeNoc.tensix_x; }
uint32_t Hal::get_virtual_worker_start_y() const { return zyxtt::kBlackholeNoc.tensix_y; }

uint32_t Hal::get_processor_classes_count(std::variant<HalProgrammableCoreType, uint32_t> core_type) const {
  return processors_of(core_type).classes;
}

uint32_t Hal::get_processor_types_count(std::variant<HalProgrammableCoreType, uint32_t> core_type,
                                        uint32_t processor_class_idx) const {
  const CoreProcessors& p = processors_of(core_type);
  TT_FATAL(processor_class_idx < p.classes, "A {} core has no processor class {} ({} classes)", p.name,
           processor_class_idx, p.classes);
  return p.per_class[processor_class_idx];
}

uint32_t Hal::get_num_risc_processors(HalProgrammableCoreType core_type) const {
  const CoreProcessors& p = processors_of(core_type);
  return p.per_class[0] + p.per_class[1];
}

DeviceAddr Hal::get_dev_addr(HalProgrammableCoreType core_type, HalL1MemAddrType addr_type) const {
  TT_FATAL(core_type == HalProgrammableCoreType::TENSIX || core_type == HalProgrammableCoreType::ACTIVE_ETH ||
               core_type == HalProgrammableCoreType::IDLE_ETH,
           "The emulator has no L1 regions of {} cores", core_type);
  switch (addr_type) {
    case HalL1MemAddrType::BASE: return 0;
    // Kernels of either core kind have L1 from the CB base up (emu/l1_layout.h).
    case HalL1MemAddrType::UNRESERVED:
    case HalL1MemAddrType::DEFAULT_UNRESERVED: return zyxtt::emu::l1::kCbBase;
    default: TT_THROW("The emulator has no {} region in L1 (only BASE and UNRESERVED)", addr_type);
  }
}

uint32_t Hal::get_dev_size(HalProgrammableCoreType core_type, HalL1MemAddrType addr_type) const {
  const DeviceAddr start = get_dev_addr(core_type, addr_type);  // refuses what the emulator lacks
  const uint64_t l1 = core_type == HalProgrammableCoreType::TENSIX ? zyxtt::metalium::emulated_chip(0).arch->l1_bytes
                                                                    : zyxtt::kEthL1Bytes;
  return static_cast<uint32_t>(l1 - start);
}

}  // namespace tt::tt_metal

namespace tt::tt_metal {
namespace {

namespace regs = zyxtt::noc_regs;

// NOC_CFG registers of `first` and the words after it, NOC 0's.
std::vector<uint32_t> cfg_words(uint32_t first) {
  std::vector<uint32_t> words;
  for (uint32_t i = 0; i < regs::kCfgTranslateWords; ++i) words.push_back(regs::cfg_addr(first + i));
  return words;
}

}  // namespace

DeviceAddr Hal::get_l1_noc_offset(HalProgrammableCoreType core_type) const {
  TT_FATAL(has_programmable_core_type(core_type),
           "{} cores are not programmable on the emulator (Blackhole's DRAM cores are opt-in and not emulated)",
           core_type);
  return 0;
}

DeviceAddr Hal::get_dev_addr(HalDramMemAddrType addr_type) const {
  TT_FATAL(addr_type == HalDramMemAddrType::UNRESERVED,
           "The emulator has no {} region in DRAM (only UNRESERVED, past the first {} bytes of a bank)", addr_type,
           zyxtt::emu::kDramUnreservedBase);
  return zyxtt::emu::kDramUnreservedBase;
}

uint32_t Hal::get_dev_size(HalDramMemAddrType addr_type) const {
  const DeviceAddr start = get_dev_addr(addr_type);  // refuses what the emulator lacks
  return static_cast<uint32_t>(zyxtt::metalium::emulated_chip(0).arch->dram_bank_bytes - start);
}

uint32_t Hal::get_alignment(HalMemType memory_type) const {
  switch (memory_type) {
    case HalMemType::L1: return hal::get_l1_alignment();
    case HalMemType::DRAM: return hal::get_dram_alignment();
    case HalMemType::HOST: return hal::get_pcie_alignment();
    default: TT_THROW("Memory type {} has no alignment (L1, DRAM or HOST)", static_cast<int>(memory_type));
  }
}

uint32_t Hal::get_noc_node_id_mask() const { return regs::kNodeIdMask; }
uint32_t Hal::get_noc_addr_node_id_bits() const { return regs::kNodeIdBits; }
uint32_t Hal::get_noc_encoding_reg() const { return regs::cfg_addr(regs::kCfgIdLogical); }

const std::vector<uint32_t>& Hal::get_noc_x_id_translate_table() const {
  static const std::vector<uint32_t> words = cfg_words(regs::kCfgXIdTranslate0);
  return words;
}
const std::vector<uint32_t>& Hal::get_noc_y_id_translate_table() const {
  static const std::vector<uint32_t> words = cfg_words(regs::kCfgYIdTranslate0);
  return words;
}

}  // namespace tt::tt_metal
