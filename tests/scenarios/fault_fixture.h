// The fixture of the fault tests: programs that must fail run on one input
// and one output buffer, and the runtime must still serve afterwards.
#pragma once

#include <cstring>
#include <string>
#include <vector>

#include "scenario_support.h"

namespace zyxtt::testing {

inline constexpr const char* kEmpty = "void kernel_main() {}\n";

// Reads page 0 of the input into CB 0 and pushes it.
inline constexpr const char* kReadOneTile = R"(
void kernel_main() {
  const InterleavedAddrGen<true> src = {.bank_base_address = get_arg_val<uint32_t>(0), .page_size = 4096};
  cb_reserve_back(tt::CBIndex::c_0, 1);
  noc_async_read(get_noc_addr(0, src), get_write_ptr(tt::CBIndex::c_0), 4096);
  noc_async_read_barrier();
  cb_push_back(tt::CBIndex::c_0, 1);
}
)";

class FaultTest : public ScenarioTest {
 protected:
  static constexpr uint32_t kBytes = 2 * 4096;

  // Input floats 0, 0.5, 1, ...: word 0 is zero (the divide-by-zero divisor).
  static std::vector<std::byte> input_bytes() {
    std::vector<std::byte> bytes(kBytes);
    for (uint32_t i = 0; i < kBytes / 4; ++i) {
      const float v = 0.5f * static_cast<float>(i);
      std::memcpy(&bytes[i * 4], &v, 4);
    }
    return bytes;
  }

  // Compiles `k` (CB 0 and CB 16, Float32) and runs it with one input and
  // one output buffer; returns the run's answer.
  std::string compile_and_run(const Kernels& k, uint32_t gd0 = 1, uint32_t gd1 = 1) {
    const client::CbConfig cbs[] = {{0, client::CbFormat::kFloat32}, {16, client::CbFormat::kFloat32}};
    const std::string compiled = compile(7, k, cbs);
    EXPECT_EQ(compiled, R"({"status":"ok"})");
    in_ = alloc(kBytes);
    write(in_, input_bytes());
    out_ = alloc(kBytes);
    write(out_, std::vector<std::byte>(kBytes));
    const uint32_t srcs[] = {in_}, dsts[] = {out_};
    return run(7, gd0, gd1, srcs, dsts);
  }

  uint32_t in_ = 0, out_ = 0;
};

}  // namespace zyxtt::testing
