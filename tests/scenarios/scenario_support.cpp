#include "scenario_support.h"

#include <cstring>

namespace zyxtt::testing {

void ScenarioTest::restart(std::vector<std::string> args, const std::filesystem::path& stderr_path,
                           std::vector<std::pair<std::string, std::string>> env) {
  RuntimeTest::restart(std::move(args), stderr_path, ZYXTT_SCENARIO_CACHE_DIR, std::move(env));
}

std::string ScenarioTest::logged() const { return std::filesystem::exists(log_) ? read_text(log_) : ""; }

void ScenarioTest::expect_still_serves() {
  constexpr uint32_t kId = 900, kTiles = 8, kBytes = kTiles * 4096;
  const client::CbConfig cbs[] = {{0, client::CbFormat::kFloat32}, {16, client::CbFormat::kFloat32}};
  ASSERT_EQ(compile(kId, scenario_kernels("classic_copy_f32"), cbs), R"({"status":"ok"})");
  const uint32_t in = alloc(kBytes), out = alloc(kBytes);
  std::vector<std::byte> bytes(kBytes);
  for (uint32_t i = 0; i < kBytes / 4; ++i) {
    const float v = static_cast<float>(int(i % 1000) - 500) * 0.25f;
    std::memcpy(&bytes[i * 4], &v, 4);
  }
  write(in, bytes);
  const uint32_t srcs[] = {in}, dsts[] = {out};
  ASSERT_EQ(run(kId, 1, 1, srcs, dsts), R"({"status":"ok"})") << "the runtime no longer runs programs";
  EXPECT_EQ(read(out, kBytes), bytes);
}

}  // namespace zyxtt::testing
