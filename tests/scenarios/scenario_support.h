// Runs scenario programs (kernel sources in tests/scenarios/<name>/) through
// the real runtime over raw protocol lines and real shm, on top of
// RuntimeTest (whose TearDown checks the sentinel buffer).
#pragma once

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "runtime_fixture.h"
#include "scenario_programs.h"
#include "zyxtt/client.h"

namespace zyxtt::testing {

// The three sources of tests/scenarios/<name>/.
inline Kernels scenario_kernels(const std::string& name) {
  return read_kernels(std::filesystem::path(ZYXTT_SCENARIO_DIR) / name);
}

// Emulated grids give each core kTilesPerCore tiles starting at slot
// row * kPhysicalCols + col (the kernels' rule), so a gd0 x gd1 run touches
// this many slots of the buffers.
inline constexpr uint32_t kPhysicalCols = 12;
inline uint32_t slots_for_grid(uint32_t gd0, uint32_t gd1) { return (gd0 - 1) * kPhysicalCols + gd1; }
inline bool slot_active(uint32_t slot, uint32_t gd0, uint32_t gd1) {
  return slot / kPhysicalCols < gd0 && slot % kPhysicalCols < gd1;
}

class ScenarioTest : public RuntimeTest {
 protected:
  // Every test starts on a kernel cache shared by all test processes, so a
  // program compiles once per build rather than once per test.
  void SetUp() override { restart({}); }
  void restart(std::vector<std::string> args, const std::filesystem::path& stderr_path = {},
               std::vector<std::pair<std::string, std::string>> env = {});

  std::string compile(uint32_t id, const Kernels& k, std::span<const client::CbConfig> cbs) {
    return raw(compile_command(id, k, cbs), payload(k));
  }
  std::string run(uint32_t id, uint32_t gd0, uint32_t gd1, std::span<const uint32_t> srcs,
                  std::span<const uint32_t> dsts) {
    return raw(run_command(id, gd0, gd1, srcs, dsts));
  }
  // Compiles and runs a known-good copy program on one core and checks its
  // output: the runtime (and its device worker) still serves.
  void expect_still_serves();

  // Where restart(args, log_) sends the runtime's stderr; removed at the end.
  const std::filesystem::path log_ =
      std::filesystem::temp_directory_path() / ("zyxtt-scenario-stderr-" + std::to_string(getpid()) + ".log");
  std::string logged() const;
  void TearDown() override {
    RuntimeTest::TearDown();
    std::filesystem::remove(log_);
  }
};

}  // namespace zyxtt::testing
