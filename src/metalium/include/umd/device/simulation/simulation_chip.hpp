// tt-umd's simulator chip. The emulator is not tt-umd's simulator: tt-metal
// asks these only with TT_METAL_SIMULATOR set, and they throw saying so.
#pragma once

#include <filesystem>

#include <umd/device/cluster.hpp>
#include <umd/device/types/arch.hpp>

namespace tt::umd {

class SocDescriptor {
 public:
  static ARCH get_arch_from_soc_descriptor_path(const std::string& path);
};

class SimulationChip {
 public:
  static std::string get_soc_descriptor_path_from_simulator_path(const std::filesystem::path& simulator_path);
};

}  // namespace tt::umd
