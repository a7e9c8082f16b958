// tt-metal's run-time options, as far as its test fixtures read them.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt_metal/llrt/tt_target_device.hpp>

namespace tt::llrt {

// tt-metal's device debug features (TT_METAL_DPRINT_CORES and its siblings).
enum RunTimeDebugFeatures {
  RunTimeDebugFeatureDprint,
  RunTimeDebugFeatureReadDebugDelay,
  RunTimeDebugFeatureWriteDebugDelay,
  RunTimeDebugFeatureAtomicDebugDelay,
  RunTimeDebugFeatureEnableL1DataCache,
  RunTimeDebugFeatureCount
};

class RunTimeOptions {
 public:
  // Reads the environment; throws on a TT_METAL_FABRIC_OPT_LEVEL that is not
  // one of O0, O1, O2, O3, Os, Oz, Ofast.
  RunTimeOptions();
  // Workers, tt-metal's default; the emulator has no dispatch cores to place.
  tt_metal::DispatchCoreConfig get_dispatch_core_config() const { return {}; }
  // The emulator is not tt-umd's simulator.
  bool get_simulator_enabled() const { return false; }
  // tt-metal's emulator target (TT_METAL_EMULE_MODE): tests that need a
  // simulator or an emulator run here.
  TargetDevice get_target_device() const { return TargetDevice::Emule; }
  bool is_simulator_or_emulated() const { return true; }
  // DPRINT when TT_METAL_DPRINT_CORES is set (the emulator then prints it to
  // stderr too); the debug delays and the L1 data cache are not emulated: off.
  bool get_feature_enabled(RunTimeDebugFeatures feature) const {
    return feature == RunTimeDebugFeatureDprint && std::getenv("TT_METAL_DPRINT_CORES") != nullptr;
  }
  const std::filesystem::path& get_simulator_path() const { return simulator_path_; }
  // Fast dispatch unless TT_METAL_SLOW_DISPATCH_MODE is set, or while
  // experimental::DispatchContext holds a fast-dispatch session.
  bool get_fast_dispatch() const;
  // TT_METAL_DEVICE_PROFILER: the device profiler logs every run (tt_metal_profiler.hpp).
  bool get_profiler_enabled() const;
  // The folder kernel paths start from, with a trailing '/': TT_METAL_RUNTIME_ROOT, else
  // SetRootDir's, else TT_METAL_HOME, else the current folder when it holds tt_metal/.
  // Throws when none is set.
  const std::string& get_root_dir() const;
  // The optimisation level fabric router kernels are built at, when set
  // (TT_METAL_FABRIC_OPT_LEVEL or the setter). Kept for what reads it back: the
  // emulator's routers are not kernels, so no build uses it.
  std::optional<tt_metal::KernelBuildOptLevel> get_fabric_kernel_opt_level() const { return fabric_kernel_opt_level_; }
  void set_fabric_kernel_opt_level(std::optional<tt_metal::KernelBuildOptLevel> level) {
    fabric_kernel_opt_level_ = level;
  }
  // The fabric reliability mode RELIABILITY_MODE names (strict / relaxed /
  // dynamic or 0 / 1 / 2, any case), for fixtures to pass to SetFabricConfig;
  // unset when absent or another word, as tt-metal reads it.
  std::optional<tt_fabric::FabricReliabilityMode> get_reliability_mode() const { return reliability_mode_; }

 private:
  std::optional<tt_metal::KernelBuildOptLevel> fabric_kernel_opt_level_;
  std::optional<tt_fabric::FabricReliabilityMode> reliability_mode_;
  std::filesystem::path simulator_path_;
  mutable std::string root_dir_;
};

}  // namespace tt::llrt
