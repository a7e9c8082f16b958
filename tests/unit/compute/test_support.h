// A one-core fixture for the compute library: a 1 x 1 emu_grid whose compute
// instance is current, with CBs the test fills through the real CB calls of
// a producer instance.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emu_grid.h"
#include "kernel_loader.h"

namespace zyxtt::test {

// What fail_run throws in these tests.
using RunFailure = emu::test::Failure;

// Runs f and returns the fail_run message ("" when it did not fail).
template <class F>
std::string failure_of(F f) {
  try {
    f();
  } catch (const RunFailure& e) {
    return e.what();
  }
  return "";
}

class FakeCore {
 public:
  // `args`: the instance's runtime args (get_arg_val).
  explicit FakeCore(krt::Role role = krt::Role::kCompute, std::vector<uint32_t> args = {});
  FakeCore(const FakeCore&) = delete;
  FakeCore& operator=(const FakeCore&) = delete;

  emu::CoreState& core() { return grid_.core(0, 0); }
  emu::ComputeState& compute() { return core().compute; }
  emu::CbState& cb(uint32_t id) { return core().cbs[id]; }

  void configure_cb(uint32_t id, uint32_t data_format, uint32_t page_bytes, uint32_t num_pages,
                    TileGeometry tile = {});
  // A producer (the reader) reserves, writes and pushes `pages` pages of raw bytes.
  void feed(uint32_t id, const void* bytes, uint32_t pages);
  // Raw bytes of page `page` counted from the CB base.
  uint8_t* page_ptr(uint32_t id, uint32_t page);

 private:
  emu::test::Grid grid_{1, 1};
  emu::KernelInstance& self_;
  emu::KernelInstance& producer_;
};

// Builds `body` as a compute kernel named `name` with the runtime's kernel
// compiler and returns its entry; fails the test (and returns null) on errors.
emu::KernelEntry build_compute(const std::string& name, const std::string& body);

}  // namespace zyxtt::test
