// Kernels on a chip's active ethernet cores, declared where tt-metal
// declares them (its kernel header, reached by its tests): an EthernetConfig
// and CreateKernel overloads taking one. The cores are logical ethernet
// cores, (0, channel). DramConfig names kernels on DRAM cores, which
// Blackhole makes opt-in and the emulator does not run: those overloads
// throw, saying so (Hal::has_programmable_core_type(DRAM) is false).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/program.hpp>

namespace tt::tt_metal {

// What the kernel's link end does; the emulator runs both the same way.
enum Eth : uint8_t {
  SENDER = 0,
  RECEIVER = 1,
  IDLE = 2,
};

struct EthernetConfig {
  Eth eth_mode = Eth::SENDER;
  NOC noc = NOC::NOC_0;
  DataMovementProcessor processor = DataMovementProcessor::RISCV_0;
  std::vector<uint32_t> compile_args;
  std::map<std::string, std::string> defines;
  std::unordered_map<std::string, uint32_t> named_compile_args;
  KernelBuildOptLevel opt_level = KernelBuildOptLevel::Os;
  NOC_MODE noc_mode = NOC_MODE::DM_DEDICATED_NOC;
};

KernelHandle CreateKernel(Program& program, const std::string& file_name,
                          const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                          const EthernetConfig& config);

KernelHandle CreateKernelFromString(Program& program, const std::string& kernel_src_code,
                                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                                    const EthernetConfig& config);

struct DramConfig {
  NOC noc = NOC::NOC_0;
  std::vector<uint32_t> compile_args;
  std::map<std::string, std::string> defines;
  std::unordered_map<std::string, uint32_t> named_compile_args;
  KernelBuildOptLevel opt_level = KernelBuildOptLevel::Os;
};

KernelHandle CreateKernel(Program& program, const std::string& file_name,
                          const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                          const DramConfig& config);

KernelHandle CreateKernelFromString(Program& program, const std::string& kernel_src_code,
                                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                                    const DramConfig& config);

}  // namespace tt::tt_metal
