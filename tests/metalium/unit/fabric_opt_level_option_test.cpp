// RunTimeOptions' fabric kernel optimisation level: unset by default, read
// from TT_METAL_FABRIC_OPT_LEVEL by name when the options are made (an unknown
// name throws, naming the valid ones), and set or cleared by the setter.
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

#include "what_of.h"

#include <tt_metal/llrt/rtoptions.hpp>

namespace {

using tt::llrt::RunTimeOptions;
using tt::tt_metal::KernelBuildOptLevel;

class FabricOptLevelOption : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* v = std::getenv(kVar)) saved_ = v;
  }
  void TearDown() override {
    if (saved_) {
      setenv(kVar, saved_->c_str(), 1);
    } else {
      unsetenv(kVar);
    }
  }
  static constexpr const char* kVar = "TT_METAL_FABRIC_OPT_LEVEL";
  std::optional<std::string> saved_;
};

TEST_F(FabricOptLevelOption, UnsetWithoutTheVariable) {
  unsetenv(kVar);
  EXPECT_EQ(RunTimeOptions().get_fabric_kernel_opt_level(), std::nullopt);
}

TEST_F(FabricOptLevelOption, EachNameGivesItsLevel) {
  const std::pair<const char*, KernelBuildOptLevel> names[] = {
      {"O0", KernelBuildOptLevel::O0}, {"O1", KernelBuildOptLevel::O1}, {"O2", KernelBuildOptLevel::O2},
      {"O3", KernelBuildOptLevel::O3}, {"Os", KernelBuildOptLevel::Os}, {"Oz", KernelBuildOptLevel::Oz},
      {"Ofast", KernelBuildOptLevel::Ofast}};
  for (const auto& [name, level] : names) {
    setenv(kVar, name, 1);
    EXPECT_EQ(RunTimeOptions().get_fabric_kernel_opt_level(), level) << name;
  }
}

TEST_F(FabricOptLevelOption, AnUnknownNameThrowsNamingTheValidOnes) {
  for (const char* bad : {"o3", "O4", "", "-O2"}) {
    setenv(kVar, bad, 1);
    EXPECT_NE(what_of([] { RunTimeOptions(); }).find("TT_METAL_FABRIC_OPT_LEVEL is '" + std::string(bad) +
                                                     "': it takes O0, O1, O2, O3, Os, Oz or Ofast"),
              std::string::npos)
        << bad;
  }
}

TEST_F(FabricOptLevelOption, TheSetterOverridesAndClears) {
  setenv(kVar, "O3", 1);
  RunTimeOptions options;
  options.set_fabric_kernel_opt_level(KernelBuildOptLevel::Os);
  EXPECT_EQ(options.get_fabric_kernel_opt_level(), KernelBuildOptLevel::Os);
  options.set_fabric_kernel_opt_level(std::nullopt);
  EXPECT_EQ(options.get_fabric_kernel_opt_level(), std::nullopt);
}

}  // namespace
