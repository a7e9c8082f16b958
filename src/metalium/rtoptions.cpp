// RunTimeOptions' settings read from the environment when it is made.
#include <tt_metal/llrt/rtoptions.hpp>

#include <array>
#include <string_view>
#include <utility>

#include <tt_stl/assert.hpp>

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

}  // namespace

RunTimeOptions::RunTimeOptions() : fabric_kernel_opt_level_(fabric_opt_level_from_env()) {}

}  // namespace tt::llrt
