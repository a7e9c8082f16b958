// Kernel configurations (tt-metal's kernel_types.hpp). Members are declared
// in tt-metal's order, so designated initializers written for it compile.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include <tt-metalium/base_types.hpp>
#include <tt-metalium/hal_types.hpp>
#include <umd/device/types/arch.hpp>

namespace tt::tt_metal {

enum class DataMovementProcessor {
  RISCV_0 = 0,  // BRISC
  RISCV_1 = 1,  // NCRISC
  RISCV_2 = 2,
  RISCV_3 = 3,
  RISCV_4 = 4,
  RISCV_5 = 5,
  RISCV_6 = 6,
  RISCV_7 = 7,
};

enum NOC : uint8_t {
  RISCV_0_default = 0,
  RISCV_1_default = 1,
  NOC_0 = 0,
  NOC_1 = 1,
};

enum NOC_MODE : uint8_t {
  DM_DEDICATED_NOC = 0,
  DM_DYNAMIC_NOC = 1,
};

// Per-core and common runtime args of one kernel on one core, together.
constexpr uint32_t max_runtime_args = 341;

using KernelHandle = std::uint32_t;

enum class KernelBuildOptLevel : uint8_t { O1, O2, O3, O0, Os, Ofast, Oz };

struct DataMovementConfig {
  DataMovementProcessor processor = DataMovementProcessor::RISCV_0;
  NOC noc = NOC::RISCV_0_default;
  NOC_MODE noc_mode = NOC_MODE::DM_DEDICATED_NOC;
  std::vector<uint32_t> compile_args;
  std::map<std::string, std::string> defines;
  std::unordered_map<std::string, uint32_t> named_compile_args;
  KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2;
  std::vector<std::filesystem::path> compiler_include_paths;
};

// As tt-metal places them: a reader on RISCV_1 (NCRISC) reading over NOC 0,
// a writer on RISCV_0 (BRISC) writing over NOC 1.
struct ReaderDataMovementConfig : public DataMovementConfig {
  ReaderDataMovementConfig(std::vector<uint32_t> compile_args = {}, std::map<std::string, std::string> defines = {},
                           std::unordered_map<std::string, uint32_t> named_compile_args = {},
                           KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2,
                           std::vector<std::filesystem::path> compiler_include_paths = {});
};

struct WriterDataMovementConfig : public DataMovementConfig {
  WriterDataMovementConfig(std::vector<uint32_t> compile_args = {}, std::map<std::string, std::string> defines = {},
                           std::unordered_map<std::string, uint32_t> named_compile_args = {},
                           KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2,
                           std::vector<std::filesystem::path> compiler_include_paths = {});
};

struct ComputeConfig {
  MathFidelity math_fidelity = MathFidelity::HiFi4;
  bool fp32_dest_acc_en = false;
  bool dst_full_sync_en = false;
  std::vector<UnpackToDestMode> unpack_to_dest_mode;
  bool bfp8_pack_precise = false;
  bool math_approx_mode = false;
  std::vector<uint32_t> compile_args;
  std::map<std::string, std::string> defines;
  std::unordered_map<std::string, uint32_t> named_compile_args;
  KernelBuildOptLevel opt_level = KernelBuildOptLevel::O3;
  std::vector<std::filesystem::path> compiler_include_paths;
};

}  // namespace tt::tt_metal
