// RunTimeOptions' fabric settings, read from the environment when the options
// are made. The kernel optimisation level: unset by default, named by
// TT_METAL_FABRIC_OPT_LEVEL (an unknown name throws, naming the valid ones),
// set or cleared by the setter. The reliability mode: named by
// RELIABILITY_MODE in any case or by number, unset for anything else.
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

// Restores one environment variable after each test.
template <const char* kVar>
class EnvVarTest : public ::testing::Test {
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
  std::optional<std::string> saved_;
};

constexpr char kOptLevelVar[] = "TT_METAL_FABRIC_OPT_LEVEL";
class FabricOptLevelOption : public EnvVarTest<kOptLevelVar> {
 protected:
  static constexpr const char* kVar = kOptLevelVar;
};

constexpr char kReliabilityVar[] = "RELIABILITY_MODE";
class ReliabilityModeOption : public EnvVarTest<kReliabilityVar> {
 protected:
  static constexpr const char* kVar = kReliabilityVar;
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

TEST_F(ReliabilityModeOption, WordsInAnyCaseOrNumbersNameTheModesAndAnythingElseLeavesItUnset) {
  using tt::tt_fabric::FabricReliabilityMode;
  unsetenv(kVar);
  EXPECT_EQ(RunTimeOptions().get_reliability_mode(), std::nullopt);
  const std::pair<const char*, FabricReliabilityMode> names[] = {
      {"strict", FabricReliabilityMode::STRICT_SYSTEM_HEALTH_SETUP_MODE},
      {"STRICT", FabricReliabilityMode::STRICT_SYSTEM_HEALTH_SETUP_MODE},
      {"0", FabricReliabilityMode::STRICT_SYSTEM_HEALTH_SETUP_MODE},
      {"Relaxed", FabricReliabilityMode::RELAXED_SYSTEM_HEALTH_SETUP_MODE},
      {"1", FabricReliabilityMode::RELAXED_SYSTEM_HEALTH_SETUP_MODE},
      {"dYnAmIc", FabricReliabilityMode::DYNAMIC_RECONFIGURATION_SETUP_MODE},
      {"2", FabricReliabilityMode::DYNAMIC_RECONFIGURATION_SETUP_MODE}};
  for (const auto& [name, mode] : names) {
    setenv(kVar, name, 1);
    EXPECT_EQ(RunTimeOptions().get_reliability_mode(), mode) << name;
  }
  for (const char* other : {"3", "stricter", "", " strict"}) {
    setenv(kVar, other, 1);
    EXPECT_EQ(RunTimeOptions().get_reliability_mode(), std::nullopt) << other;
  }
}

}  // namespace
