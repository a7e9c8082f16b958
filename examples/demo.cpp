// A first program: start zyx-tt-runtime through the client library, put a
// tensor into emulated DRAM, read it back and check every byte.
#include <fmt/format.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "zyxtt/client.h"

int main(int argc, char** argv) {
  namespace zc = zyxtt::client;
  zc::SpawnOptions spawn;
  spawn.program = argc > 1 ? argv[1] : ZYXTT_BUILT_RUNTIME;
  auto cache = std::filesystem::temp_directory_path() / "zyx-tt-demo-cache";
  try {
    zc::Session session(spawn, cache);
    fmt::print("started {} (pid {})\n", spawn.program.string(), session.runtime->process().pid());
    fmt::print("pool: {:.1f} GiB free\n", session.pool.free_bytes() / double(1ull << 30));

    const size_t n = 1000;  // not a page multiple, as zyx's buffers often are
    std::vector<float> x(n);
    for (size_t i = 0; i < n; ++i) x[i] = 0.5f * static_cast<float>(i) - 7.0f;

    zc::BufferId buf = session.pool.allocate(n * sizeof(float));
    session.pool.host_to_pool(std::as_bytes(std::span(x)), buf);
    std::vector<float> y(n, 0.0f);
    session.pool.pool_to_host(buf, std::as_writable_bytes(std::span(y)));
    fmt::print("wrote and read back {} floats through shared memory: x[0]={} x[999]={}\n", n, y[0], y[n - 1]);
    bool same = std::memcmp(x.data(), y.data(), n * sizeof(float)) == 0;
    session.pool.deallocate(buf);
    fmt::print("round trip {}\n", same ? "matches bit for bit" : "DIFFERS");
    return same ? 0 : 1;
  } catch (const zc::Error& e) {
    fmt::print(stderr, "demo failed: {}\n", e.what());
    return 1;
  }
}
