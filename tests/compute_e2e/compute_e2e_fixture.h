// Drives the real runtime with the programs of tests/compute_e2e: compile
// from a program folder, run on a grid, move typed vectors through real shm.
#pragma once

#include <cstring>
#include <vector>

#include "runtime_fixture.h"
#include "scenario_programs.h"

namespace zyxtt::testing {

class ComputeE2E : public RuntimeTest {
 public:
  using RuntimeTest::alloc;
  // The sources of tests/compute_e2e/<program>/.
  static Kernels kernels(const std::string& program) {
    return read_kernels(std::filesystem::path(ZYXTT_E2E_DIR) / program);
  }
  void compile(uint32_t id, const Kernels& k, const std::vector<client::CbConfig>& cbs) {
    ASSERT_EQ(raw(compile_command(id, k, cbs), payload(k)), R"({"status":"ok"})");
  }
  std::string run(uint32_t id, uint32_t gd0, uint32_t gd1, const std::vector<uint32_t>& srcs, uint32_t dst) {
    const uint32_t dsts[] = {dst};
    return raw(run_command(id, gd0, gd1, srcs, dsts));
  }
  template <class T>
  uint32_t upload(const std::vector<T>& v) {
    std::vector<std::byte> bytes(v.size() * sizeof(T));
    std::memcpy(bytes.data(), v.data(), bytes.size());
    uint32_t b = alloc(bytes.size());
    write(b, bytes);
    return b;
  }
  template <class T>
  std::vector<T> download(uint32_t b, size_t n) {
    auto bytes = read(b, n * sizeof(T));
    std::vector<T> v(n);
    std::memcpy(v.data(), bytes.data(), bytes.size());
    return v;
  }
};

}  // namespace zyxtt::testing
