#include "scenario_support.h"

#include <fmt/format.h>

#include <cstring>
#include <fstream>

namespace zyxtt::testing {

namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace

Kernels scenario_kernels(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::path(ZYXTT_SCENARIO_DIR) / name;
  return Kernels{read_text(dir / "reader.cpp"), read_text(dir / "compute.cpp"), read_text(dir / "writer.cpp")};
}

std::string compile_command(uint32_t id, const Kernels& k, std::span<const client::CbConfig> cbs) {
  std::string line = fmt::format(
      R"({{"cmd":"compile_program","id":{},"reader_source_len":{},"compute_source_len":{},"writer_source_len":{},"n_cbs":{})",
      id, k.reader.size(), k.compute.size(), k.writer.size(), cbs.size());
  for (size_t i = 0; i < cbs.size(); ++i) {
    line += fmt::format(R"(,"cb_idx{}":{},"cb_fmt{}":{},"cb_tb{}":{})", i, cbs[i].index, i,
                        static_cast<uint32_t>(cbs[i].format), i, cbs[i].tile_bytes());
  }
  return line + "}";
}

std::string run_command(uint32_t id, uint32_t gd0, uint32_t gd1, std::span<const uint32_t> srcs,
                        std::span<const uint32_t> dsts) {
  std::string line = fmt::format(R"({{"cmd":"run","id":{},"gd0":{},"gd1":{})", id, gd0, gd1);
  for (size_t i = 0; i < srcs.size(); ++i) line += fmt::format(R"(,"src{}":{})", i, srcs[i]);
  for (size_t i = 0; i < dsts.size(); ++i) line += fmt::format(R"(,"dst{}":{})", i, dsts[i]);
  return line + "}";
}

void ScenarioTest::restart(std::vector<std::string> args, const std::filesystem::path& stderr_path) {
  runtime_.reset();  // one runtime at a time: the old one exits on EOF first
  client::SpawnOptions options = runtime_options(std::move(args));
  options.stderr_path = stderr_path;
  start_with(options, ZYXTT_SCENARIO_CACHE_DIR);
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
