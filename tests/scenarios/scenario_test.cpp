// Each scenario's program runs through the real runtime on one core and on a
// grid. Every core's tiles are checked against a reference computed here in
// double precision; slots that no core of the grid owns must keep their fill.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fmt/format.h>

#include "float_bits.h"
#include "mixed_bits.h"
#include "scenario_support.h"

namespace zyxtt::testing {
namespace {

using client::CbConfig;
using client::CbFormat;

constexpr std::byte kFill{0xEE};  // never a value any scenario produces
constexpr uint32_t kTileElems = 1024;

uint32_t element_bytes(CbFormat f) { return f == CbFormat::kFloat32 ? 4 : 2; }

double decode(CbFormat f, const std::byte* p) {
  if (f == CbFormat::kFloat32) {
    float v;
    std::memcpy(&v, p, 4);
    return v;
  }
  uint16_t h;
  std::memcpy(&h, p, 2);
  return f == CbFormat::kFloat16 ? half_to_float(h) : bf16_to_float(h);
}

// An element-wise scenario: out[i] = reference(in0[i], in1[i], ...).
struct Elementwise {
  const char* name;
  uint32_t inputs;
  CbFormat in_format, out_format;
  uint32_t tiles_per_core;  // as the scenario's kernels say
  uint32_t (*input_bits)(uint32_t which, uint64_t element);
  double (*reference)(const double* in);
  double rel_tol;  // 0: inputs are chosen so that the result is exact
};

// gtest prints parameters through these (test names and ctest listings).
void PrintTo(const Elementwise& s, std::ostream* os) { *os << s.name; }

const Elementwise kElementwise[] = {
    {"classic_copy_f32", 1, CbFormat::kFloat32, CbFormat::kFloat32, 8,
     [](uint32_t, uint64_t i) {  // normal floats of either sign, exponents 2^-27 .. 2^27
       const uint32_t r = mix(i);
       return (r & 0x807FFFFFu) | ((100u + (r >> 23) % 55u) << 23);
     },
     [](const double* in) { return in[0]; }, 0},
    {"addrgen_exp_sqrt_bf16", 1, CbFormat::kFloat16_b, CbFormat::kFloat16_b, 6,
     [](uint32_t, uint64_t i) { return bits_of((int(mix(i) % 8001) - 4000) / 1000.0f) >> 16; },
     [](const double* in) { return std::sqrt(std::exp(in[0])); }, 1.0 / 256},
    {"accessor_add_f32", 2, CbFormat::kFloat32, CbFormat::kFloat32, 7,
     [](uint32_t which, uint64_t i) {  // multiples of 1/8 and 1/16: TF32-exact, so is the sum
       return bits_of((int(mix(i * 2 + which) % 1024) - 512) / (which == 0 ? 8.0f : 16.0f));
     },
     [](const double* in) { return in[0] + in[1]; }, 0},
    {"g3_mul_f32", 2, CbFormat::kFloat32, CbFormat::kFloat32, 5,
     [](uint32_t which, uint64_t i) {
       return bits_of((int(mix(i * 2 + which) % 129) - 64) / (which == 0 ? 8.0f : 16.0f));
     },
     [](const double* in) { return in[0] * in[1] + in[0]; }, 0},
    {"dprint_widen_f16", 1, CbFormat::kFloat16, CbFormat::kFloat32, 4,
     [](uint32_t, uint64_t i) {  // any finite half, subnormals included
       uint32_t h = mix(i) & 0xFFFF;
       return ((h >> 10) & 0x1F) == 0x1F ? h & ~0x4000u : h;
     },
     [](const double* in) { return in[0]; }, 0},
    // Custom SFPI (vFloat, dst_reg, v_if) through the LLK params wrappers:
    // smoothstep((a + b + 4) / 8) computed in fp32.
    {"sfpi_add_smoothstep_f32", 2, CbFormat::kFloat32, CbFormat::kFloat32, 7,
     [](uint32_t which, uint64_t i) {  // a + b in [-6, 6): both clamps and the curve
       return bits_of((int(mix(i * 2 + which) % 64) - 32) / (which == 0 ? 8.0f : 16.0f));
     },
     [](const double* in) {
       const double t = std::min(std::max((in[0] + in[1] + 4) / 8, 0.0), 1.0);
       return t * t * (3 - 2 * t);
     },
     1e-6},
};

class ElementwiseScenarioTest : public ScenarioTest {
 protected:
  // Runs `s` on a gd0 x gd1 grid and checks every element of the output.
  void run_and_check(const Elementwise& s, uint32_t gd0, uint32_t gd1) {
    const uint64_t elements = uint64_t{slots_for_grid(gd0, gd1)} * s.tiles_per_core * kTileElems;
    const uint32_t in_eb = element_bytes(s.in_format), out_eb = element_bytes(s.out_format);
    std::vector<CbConfig> cbs;
    std::vector<uint32_t> srcs;
    std::vector<std::vector<std::byte>> inputs;
    for (uint32_t k = 0; k < s.inputs; ++k) {
      std::vector<std::byte>& bytes = inputs.emplace_back(elements * in_eb);
      for (uint64_t i = 0; i < elements; ++i) {
        const uint32_t bits = s.input_bits(k, i);
        std::memcpy(&bytes[i * in_eb], &bits, in_eb);  // little endian: the low bytes
      }
      srcs.push_back(alloc(bytes.size()));
      write(srcs.back(), bytes);
      cbs.push_back({k, s.in_format});
    }
    cbs.push_back({16, s.out_format});
    const uint32_t out = alloc(elements * out_eb);
    write(out, std::vector<std::byte>(elements * out_eb, kFill));
    const uint32_t dsts[] = {out};

    ASSERT_EQ(compile(1, scenario_kernels(s.name), cbs), R"({"status":"ok"})");
    ASSERT_EQ(run(1, gd0, gd1, srcs, dsts), R"({"status":"ok"})");
    const std::vector<std::byte> got = read(out, elements * out_eb);

    uint64_t bad = 0;
    std::string first;
    for (uint64_t i = 0; i < elements; ++i) {
      const uint32_t slot = static_cast<uint32_t>(i / kTileElems / s.tiles_per_core);
      const std::byte* g = &got[i * out_eb];
      std::string why;
      if (!slot_active(slot, gd0, gd1)) {
        for (uint32_t b = 0; b < out_eb; ++b)
          if (g[b] != kFill) why = "written, but no core owns this slot";
      } else {
        double in[2];
        for (uint32_t k = 0; k < s.inputs; ++k) in[k] = decode(s.in_format, &inputs[k][i * in_eb]);
        const double want = s.reference(in), have = decode(s.out_format, g);
        const bool ok = s.rel_tol == 0 ? have == want : std::fabs(have - want) <= s.rel_tol * std::fabs(want);
        if (!ok) why = fmt::format("got {} want {}", have, want);
      }
      if (!why.empty() && bad++ == 0) first = fmt::format("element {} (slot {}): {}", i, slot, why);
    }
    EXPECT_EQ(bad, 0u) << s.name << " on " << gd0 << "x" << gd1 << ": first bad " << first;
  }
};

struct Grid {
  uint32_t rows, cols;
};
void PrintTo(const Grid& g, std::ostream* os) { *os << g.rows << "x" << g.cols; }

class ElementwiseGridTest : public ElementwiseScenarioTest,
                            public ::testing::WithParamInterface<std::tuple<Elementwise, Grid>> {};

TEST_P(ElementwiseGridTest, MatchesReference) {
  const auto& [s, grid] = GetParam();
  run_and_check(s, grid.rows, grid.cols);
}

std::string grid_test_name(const ::testing::TestParamInfo<std::tuple<Elementwise, Grid>>& info) {
  const auto& [s, g] = info.param;
  return fmt::format("{}_{}x{}", s.name, g.rows, g.cols);
}

INSTANTIATE_TEST_SUITE_P(Scenarios, ElementwiseGridTest,
                         ::testing::Combine(::testing::ValuesIn(kElementwise),
                                            ::testing::Values(Grid{1, 1}, Grid{2, 3})),
                         grid_test_name);

// All 120 cores of the p100a grid in one run.
TEST_F(ElementwiseScenarioTest, ClassicCopyOnFullGrid) { run_and_check(kElementwise[0], 10, 12); }

// --unpack-to-dest default: copy_tile passes Float32 through SrcA, which keeps
// TF32 (the low 13 mantissa bits dropped); the default run above is exact.
TEST_F(ElementwiseScenarioTest, CopyThroughSrcAKeepsTf32Precision) {
  restart({"--unpack-to-dest", "default"});
  Elementwise s = kElementwise[0];
  s.reference = [](const double* in) { return static_cast<double>(tf32_truncate(static_cast<float>(in[0]))); };
  run_and_check(s, 1, 1);
}

// DPRINT and DEVICE_PRINT lines reach the runtime's stderr with --dprint,
// tagged with core and role, and nothing is printed without it.
class DprintScenarioTest : public ElementwiseScenarioTest {
 protected:
  std::string printed(bool dprint) {
    restart(dprint ? std::vector<std::string>{"--dprint"} : std::vector<std::string>{}, log_);
    run_and_check(kElementwise[4], 2, 3);
    return logged();
  }
};

TEST_F(DprintScenarioTest, PrintsEveryCoreAndRoleWithDprint) {
  const std::string text = printed(true);
  for (uint32_t r = 0; r < 2; ++r) {
    for (uint32_t c = 0; c < 3; ++c) {
      for (const std::string& line :
           {fmt::format("[core ({},{}) reader] reader row={} col={}\n", c, r, r, c),
            fmt::format("[core ({},{}) compute] compute packed 4 tiles\n", c, r),
            fmt::format("[core ({},{}) writer] writer wrote 4 tiles from core {},{}\n", c, r, r, c)}) {
        EXPECT_NE(text.find(line), std::string::npos) << "missing: " << line << "stderr was:\n" << text;
      }
    }
  }
}

TEST_F(DprintScenarioTest, PrintsNothingWithoutDprint) {
  const std::string text = printed(false);
  EXPECT_EQ(text.find("[core ("), std::string::npos) << text;
}

// A barrier on semaphores across the grid (see semaphore_barrier/reader.cpp):
// each core reports its coordinates and what it observed.
class SemaphoreBarrier : public ScenarioTest {
 protected:
  void check(uint32_t rows, uint32_t cols);
};

class SemaphoreScenarioTest : public SemaphoreBarrier, public ::testing::WithParamInterface<Grid> {};

TEST_P(SemaphoreScenarioTest, EveryCoreArrivesAndIsReleased) { check(GetParam().rows, GetParam().cols); }

// The deterministic single-thread mode: 360 fibers of 120 cores on one host
// thread still meet at cross-core semaphores.
TEST_F(SemaphoreBarrier, SingleThreadModeRunsTheFullGrid) {
  restart({"--threads", "1"});
  check(10, 12);
}

void SemaphoreBarrier::check(uint32_t rows, uint32_t cols) {
  const uint32_t cores = rows * cols, slots = slots_for_grid(rows, cols);
  const CbConfig cbs[] = {{0, CbFormat::kFloat32}, {16, CbFormat::kFloat32}};
  ASSERT_EQ(compile(2, scenario_kernels("semaphore_barrier"), cbs), R"({"status":"ok"})");
  const uint32_t params = alloc(64);
  std::vector<std::byte> p(64);
  std::memcpy(&p[0], &rows, 4);
  std::memcpy(&p[4], &cols, 4);
  write(params, p);
  const uint32_t out = alloc(uint64_t{slots} * 4096);
  write(out, std::vector<std::byte>(uint64_t{slots} * 4096, kFill));
  const uint32_t srcs[] = {params}, dsts[] = {out};
  ASSERT_EQ(run(2, rows, cols, srcs, dsts), R"({"status":"ok"})");
  const std::vector<std::byte> got = read(out, uint64_t{slots} * 4096);

  for (uint32_t slot = 0; slot < slots; ++slot) {
    const uint32_t r = slot / kPhysicalCols, c = slot % kPhysicalCols;
    const std::byte* tile = &got[uint64_t{slot} * 4096];
    if (!slot_active(slot, rows, cols)) {
      EXPECT_EQ(std::count(tile, tile + 4096, kFill), 4096) << "slot " << slot << " written by no core";
      continue;
    }
    float v[kTileElems];
    std::memcpy(v, tile, 4096);
    const uint32_t me = r * cols + c;
    // Blackhole's translated worker coordinates (tt-metal's layout).
    const float want[6] = {float(r), float(c), float(c < 7 ? c + 1 : c + 3), float(r + 2),
                           me == 0 ? float(cores - 1) : float(1000 + cores),
                           me == 0 ? float(uint64_t{cores} * (cores - 1) / 2) : 0.0f};
    for (int i = 0; i < 6; ++i) EXPECT_EQ(v[i], want[i]) << "core (" << r << "," << c << ") word " << i;
    EXPECT_EQ(std::count(v + 6, v + kTileElems, 0.0f), kTileElems - 6) << "core (" << r << "," << c << ")";
  }
}

// p150 has 8 DRAM banks: host transfers and the kernels' address generators
// must agree on the interleave.
TEST_F(ElementwiseScenarioTest, EightBankArchAgreesWithItsKernels) {
  restart({"--arch", "p150"});
  run_and_check(kElementwise[0], 2, 3);
  run_and_check(kElementwise[2], 2, 3);
}

INSTANTIATE_TEST_SUITE_P(Grids, SemaphoreScenarioTest, ::testing::Values(Grid{1, 1}, Grid{2, 3}, Grid{10, 12}),
                         [](const auto& info) { return fmt::format("{}x{}", info.param.rows, info.param.cols); });

}  // namespace
}  // namespace zyxtt::testing
