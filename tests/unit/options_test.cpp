// The one parser of the runtime's options, as a TT-Metalium program's
// emulator uses it (the environment alone), and how messages name options.
#include "options/options_parser.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include "common/byte_size.h"
#include "common/error.h"

namespace zyxtt {
namespace {

// Sets the variables for one test and restores the environment after.
class Environment {
 public:
  Environment(std::initializer_list<std::pair<const char*, const char*>> vars) {
    for (const auto& [name, value] : vars) {
      names_.push_back(name);
      setenv(name, value, 1);
    }
  }
  ~Environment() {
    for (const char* name : names_) unsetenv(name);
  }

 private:
  std::vector<const char*> names_;
};

TEST(OptionHint, TheRuntimeNamesFlagAndVariableATTMetaliumProgramTheVariable) {
  EXPECT_EQ(option_hint(OptionHints::kFlagAndVariable, "noc-alignment", "warn"),
            "--noc-alignment warn (ZYX_TT_NOC_ALIGNMENT=warn)");
  EXPECT_EQ(option_hint(OptionHints::kVariable, "noc-alignment", "warn"), "ZYX_TT_NOC_ALIGNMENT=warn");
  EXPECT_EQ(option_hint(OptionHints::kFlagAndVariable, "run-timeout"), "--run-timeout (ZYX_TT_RUN_TIMEOUT)");
  EXPECT_EQ(switch_hint(OptionHints::kFlagAndVariable, "strict"), "--strict (ZYX_TT_STRICT=1)");
  EXPECT_EQ(switch_hint(OptionHints::kVariable, "strict"), "ZYX_TT_STRICT=1");
  EXPECT_EQ(option_variable("log-level"), "ZYX_TT_LOG");
}

TEST(OptionsFromEnvironment, TakesEveryVariableByTheRuntimesRules) {
  Environment env{{"ZYX_TT_STRICT", "true"},        {"ZYX_TT_DPRINT", "yes"},          {"ZYX_TT_THREADS", "3"},
                  {"ZYX_TT_NOC_ALIGNMENT", "ignore"}, {"ZYX_TT_WORKER_MEMORY", "2G"},    {"ZYX_TT_ARCH", "p150"},
                  {"ZYX_TT_VIRTUAL_GRID", "on"},     {"ZYX_TT_UNPACK_TO_DEST", "default"}, {"ZYX_TT_LOG", "error"}};
  const Options o = options_from_environment("/nonexistent");
  EXPECT_TRUE(o.strict);
  EXPECT_TRUE(o.dprint);
  EXPECT_TRUE(o.virtual_grid);
  EXPECT_EQ(o.threads, 3u);
  EXPECT_EQ(o.worker_memory, uint64_t{2} << 30);
  const emu::EmuOptions e = emulator_options(o, OptionHints::kVariable);
  EXPECT_EQ(e.arch->name, "p150");
  EXPECT_EQ(e.align_policy, emu::AlignPolicy::kIgnore);
  EXPECT_FALSE(e.unpack_fp32_to_dest);
  EXPECT_TRUE(e.strict);
  EXPECT_EQ(e.log_level, 4);  // spdlog's error
  EXPECT_EQ(e.hints, OptionHints::kVariable);
  EXPECT_EQ(e.compiler.hints, OptionHints::kVariable);
}

TEST(OptionsFromEnvironment, DefaultsAreTheRuntimes) {
  const Options o = options_from_environment("/nonexistent");
  EXPECT_FALSE(o.strict);
  EXPECT_EQ(o.noc_alignment, "error");
  EXPECT_EQ(o.log_level, "warn");
  // Half the host's RAM, as the runtime's --worker-memory.
  const std::optional<uint64_t> total = host_memory_bytes();
  ASSERT_TRUE(total);
  EXPECT_EQ(o.worker_memory, *total / 2 / (1 << 20) * (1 << 20));
  EXPECT_EQ(o.kernel_api, ZYXTT_SOURCE_KERNEL_API);  // nothing installed at /nonexistent
}

TEST(OptionsFromEnvironment, RefusesWhatTheRuntimeRefusesNamingTheVariable) {
  for (const auto& [name, value] : {std::pair{"ZYX_TT_THREADS", "lots"}, std::pair{"ZYX_TT_THREADS", "100"},
                                    std::pair{"ZYX_TT_NOC_ALIGNMENT", "sometimes"},
                                    std::pair{"ZYX_TT_WORKER_MEMORY", "1.5x"}, std::pair{"ZYX_TT_ARCH", "p200"},
                                    std::pair{"ZYX_TT_DEVICE_ID", "-1"}}) {
    Environment env{{name, value}};
    try {
      options_from_environment("/nonexistent");
      ADD_FAILURE() << name << "=" << value << " was taken";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), Code::kInvalidArgument);
      const std::string what = e.what();
      EXPECT_NE(what.find(name), std::string::npos) << what;
      EXPECT_EQ(what.find("--"), std::string::npos) << what;
    }
  }
}

}  // namespace
}  // namespace zyxtt
