// tt-metal's hardware abstraction, as far as its test fixtures ask it.
#pragma once

#include <cstdint>
#include <variant>
#include <vector>

#include <tt-metalium/circular_buffer_constants.h>
#include <tt-metalium/hal_types.hpp>
#include <umd/device/types/arch.hpp>

namespace tt::tt_metal {

// Regions of each DRAM bank, as tt-metal's HAL names them.
enum class HalDramMemAddrType : uint8_t {
  BARRIER = 0,
  PROFILER = 1,
  DEVICE_PRINT_DISPATCH = 2,
  DRAM_BACKED_COMMAND_QUEUES = 3,
  UNRESERVED = 4,
  COUNT = 5
};

class Hal {
 public:
  tt::ARCH get_arch() const { return tt::ARCH::BLACKHOLE; }
  uint32_t get_arch_num_circular_buffers() const { return NUM_CIRCULAR_BUFFERS; }
  // Blackhole's RISC-Vs per core type, by class (HalProcessorClassType: DM,
  // COMPUTE): Tensix 2 DM (BRISC, NCRISC) and 3 compute (TRISC0-2); active
  // and idle ethernet 2 DM each (tt-metal's default two-ERISC mode); DRAM 1 DM.
  // A core type given as an index counts as HalProgrammableCoreType's order.
  // Throw on a class or core type the arch lacks, naming it.
  uint32_t get_processor_classes_count(std::variant<HalProgrammableCoreType, uint32_t> core_type) const;
  uint32_t get_processor_types_count(std::variant<HalProgrammableCoreType, uint32_t> core_type,
                                     uint32_t processor_class_idx) const;
  // Kernels and host address cores by translated (virtual) coordinates, as
  // on every Blackhole; Tensix logical (0, 0) sits at this start.
  bool is_coordinate_virtualization_enabled() const { return true; }
  uint32_t get_virtual_worker_start_x() const;
  uint32_t get_virtual_worker_start_y() const;
  // Whether ethernet firmware shares its RISC-V with kernels by switching
  // context (Wormhole); Blackhole's ethernet cores give kernels their own.
  bool get_eth_fw_is_cooperative() const { return false; }
  // Every RISC-V of a core of this type.
  uint32_t get_num_risc_processors(HalProgrammableCoreType core_type) const;
  // Where a region of a Tensix or ethernet core's L1 starts. The emulator has
  // BASE (0) and the kernels' free L1 (UNRESERVED, DEFAULT_UNRESERVED) only;
  // other regions throw, naming them.
  DeviceAddr get_dev_addr(HalProgrammableCoreType core_type, HalL1MemAddrType addr_type) const;
  // That region's size: BASE the whole L1 (1.5 MiB Tensix, 512 KiB ethernet),
  // UNRESERVED from its start to the end of L1.
  uint32_t get_dev_size(HalProgrammableCoreType core_type, HalL1MemAddrType addr_type) const;
  // Tensix and both ethernet kinds; DRAM cores only when enabled, which
  // Blackhole makes opt-in and the emulator does not do (it runs no kernels there).
  bool has_programmable_core_type(HalProgrammableCoreType core_type) const {
    return core_type != HalProgrammableCoreType::DRAM && core_type != HalProgrammableCoreType::COUNT;
  }
  // What the host adds to an L1 address to reach it over the NOC: 0 on every
  // core type the emulator has.
  DeviceAddr get_l1_noc_offset(HalProgrammableCoreType core_type) const;
  DeviceAddr get_dev_noc_addr(HalProgrammableCoreType core_type, HalL1MemAddrType addr_type) const {
    return get_dev_addr(core_type, addr_type) + get_l1_noc_offset(core_type);
  }
  // A DRAM bank's regions: the emulator reserves the first 64 KiB and
  // has UNRESERVED (the rest) only; others throw, naming them.
  DeviceAddr get_dev_addr(HalDramMemAddrType addr_type) const;
  uint32_t get_dev_size(HalDramMemAddrType addr_type) const;
  uint32_t get_alignment(HalMemType memory_type) const;

  // The NOC's registers a host reads with Cluster::read_reg (zyxtt/noc_regs.h).
  uint32_t get_noc_node_id_mask() const;
  uint32_t get_noc_addr_node_id_bits() const;
  // The register holding the node's own translated coordinates (x | y << bits).
  uint32_t get_noc_encoding_reg() const;
  const std::vector<uint32_t>& get_noc_x_id_translate_table() const;
  const std::vector<uint32_t>& get_noc_y_id_translate_table() const;
};

}  // namespace tt::tt_metal
