// tt-metal's hardware abstraction, as far as its test fixtures ask it.
#pragma once

#include <cstdint>
#include <variant>

#include <tt-metalium/circular_buffer_constants.h>
#include <tt-metalium/hal_types.hpp>
#include <umd/device/types/arch.hpp>

namespace tt::tt_metal {

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
};

}  // namespace tt::tt_metal
