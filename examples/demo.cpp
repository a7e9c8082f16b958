// A first program: start zyx-tt-runtime through the client library, put two
// tensors into emulated DRAM, run sin(a) + b on four Tensix cores (one tile
// each) and check the result against the host's own computation.
#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "zyxtt/client.h"

namespace zc = zyxtt::client;

namespace {

std::string kernel_source(const char* name) {
  std::ifstream in(std::filesystem::path(ZYXTT_DEMO_KERNELS) / "sin_add" / name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int main(int argc, char** argv) {
  zc::SpawnOptions spawn;
  spawn.program = argc > 1 ? argv[1] : ZYXTT_BUILT_RUNTIME;
  auto cache = std::filesystem::temp_directory_path() / "zyx-tt-demo-cache";
  try {
    zc::Session session(spawn, cache);
    fmt::print("started {} (pid {})\n", spawn.program.string(), session.runtime->process().pid());

    const uint32_t tiles = 4, n = tiles * 1024;
    std::vector<float> a(n), b(n);
    for (uint32_t i = 0; i < n; ++i) {
      a[i] = 0.001f * static_cast<float>(i) - 2.0f;
      b[i] = 0.25f * static_cast<float>(i % 7);
    }
    zc::BufferId da = session.pool.allocate(n * 4), db = session.pool.allocate(n * 4),
                 dout = session.pool.allocate(n * 4);
    session.pool.host_to_pool(std::as_bytes(std::span(a)), da);
    session.pool.host_to_pool(std::as_bytes(std::span(b)), db);

    // Three float32 CBs: a, b in; out.
    zc::CbConfig cbs[] = {{0, zc::CbFormat::kFloat32}, {1, zc::CbFormat::kFloat32}, {2, zc::CbFormat::kFloat32}};
    zc::ProgramId program = session.device.compile(kernel_source("reader.cpp"), kernel_source("compute.cpp"),
                                                   kernel_source("writer.cpp"), cbs, 2, 1, /*gd0=*/1, /*gd1=*/tiles);
    zc::BufferId args[] = {da, db, dout};
    session.device.launch(program, session.pool, args);

    std::vector<float> out(n);
    session.pool.pool_to_host(dout, std::as_writable_bytes(std::span(out)));
    double worst = 0;
    for (uint32_t i = 0; i < n; ++i) worst = std::max(worst, std::fabs(out[i] - (std::sin(double(a[i])) + b[i])));
    fmt::print("ran sin(a) + b over {} floats on a 1x{} grid of emulated Tensix cores\n", n, tiles);
    for (uint32_t i : {0u, 1000u, 2048u, n - 1})
      fmt::print("  out[{:4}] = sin({:+.3f}) + {:.2f} = {:+.6f}\n", i, a[i], b[i], out[i]);
    fmt::print("largest difference from the host's sin(a) + b: {:.2e}\n", worst);
    bool ok = worst < 1e-5;
    fmt::print("result {}\n", ok ? "matches" : "DIFFERS");
    return ok ? 0 : 1;
  } catch (const zc::Error& e) {
    fmt::print(stderr, "demo failed: {}\n", e.what());
    return 1;
  }
}
