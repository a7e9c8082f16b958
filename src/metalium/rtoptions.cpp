// RunTimeOptions' settings read from the environment when it is made.
#include <tt_metal/llrt/rtoptions.hpp>

#include <array>
#include <string_view>
#include <utility>

#include <tt_stl/assert.hpp>
#include <tt_stl/caseless_comparison.hpp>

namespace tt::llrt {
namespace {

std::optional<tt_metal::KernelBuildOptLevel> fabric_opt_level_from_env() {
  using tt_metal::KernelBuildOptLevel;
  const char* value = std::getenv("TT_METAL_FABRIC_OPT_LEVEL");
  if (value == nullptr) return std::nullopt;
  static constexpr std::array<std::pair<std::string_view, KernelBuildOptLevel>, 7> kLevels{{
      {"O0", KernelBuildOptLevel::O0},
      {"O1", KernelBuildOptLevel::O1},
      {"O2", KernelBuildOptLevel::O2},
      {"O3", KernelBuildOptLevel::O3},
      {"Os", KernelBuildOptLevel::Os},
      {"Oz", KernelBuildOptLevel::Oz},
      {"Ofast", KernelBuildOptLevel::Ofast},
  }};
  for (const auto& [name, level] : kLevels)
    if (name == value) return level;
  TT_THROW("TT_METAL_FABRIC_OPT_LEVEL is '{}': it takes O0, O1, O2, O3, Os, Oz or Ofast", value);
}

std::optional<tt_fabric::FabricReliabilityMode> reliability_mode_from_env() {
  using tt_fabric::FabricReliabilityMode;
  const char* value = std::getenv("RELIABILITY_MODE");
  if (value == nullptr) return std::nullopt;
  const std::string_view v(value);
  const auto is = [&](std::string_view word, std::string_view digit) {
    return ttsl::ascii_caseless_comp(v, word) || v == digit;
  };
  if (is("strict", "0")) return FabricReliabilityMode::STRICT_SYSTEM_HEALTH_SETUP_MODE;
  if (is("relaxed", "1")) return FabricReliabilityMode::RELAXED_SYSTEM_HEALTH_SETUP_MODE;
  if (is("dynamic", "2")) return FabricReliabilityMode::DYNAMIC_RECONFIGURATION_SETUP_MODE;
  return std::nullopt;
}

}  // namespace

RunTimeOptions::RunTimeOptions()
    : fabric_kernel_opt_level_(fabric_opt_level_from_env()), reliability_mode_(reliability_mode_from_env()) {}

}  // namespace tt::llrt
