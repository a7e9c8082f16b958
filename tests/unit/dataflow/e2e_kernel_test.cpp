// zyx's corpus kernels compiled into shared objects, loaded by the worker's loader and
// run against the emulator: bytes land where the interleaved layout says,
// the alignment rule catches the 1000x1000 reader, and the hot path is fast.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>

#include "common/error.h"
#include "device/emu/dataflow/dataflow_checks.h"
#include "kernel_loader.h"
#include "emu_grid.h"
#include "zyxtt/krt.h"

namespace zyxtt::emu::test {
namespace {

using ::testing::HasSubstr;
using krt::Role;

struct Loaded {
  KernelEntry entry = nullptr;
};

// Builds a corpus kernel and loads it; skips the test when the corpus is absent.
bool load(const std::string& rel, KernelRole role, Loaded& out, std::string& why) {
  const std::string root = corpus_dir();
  if (root.empty()) {
    why = "corpus not present";
    return false;
  }
  const BuildResult r = build_kernel({root + "/zyx/" + rel}, role, "");
  if (r.status != 0) {
    why = r.output;
    return false;
  }
  try {
    out.entry = load_kernel(r.object).entry;
  } catch (const Error& e) {
    why = e.what();
    return false;
  }
  return true;
}

#define LOAD_OR_SKIP(rel, role, var)                           \
  Loaded var;                                                  \
  {                                                            \
    std::string why;                                           \
    if (!load(rel, role, var, why)) {                          \
      if (why == "corpus not present") GTEST_SKIP() << why;    \
      FAIL() << why;                                           \
    }                                                          \
  }

float value_a(uint32_t i) { return float(i) * 0.5f; }
float value_b(uint32_t i) { return 1000.0f - float(i); }

void fill(Grid& g, uint64_t addr, uint64_t elems, float (*f)(uint32_t)) {
  for (uint64_t i = 0; i < elems; ++i) {
    const float v = f(uint32_t(i));
    std::memcpy(interleaved_byte(g, addr, 4096, i * 4), &v, 4);
  }
}

TEST(E2eKernelTest, BinaryAddReaderComputeWriter) {
  LOAD_OR_SKIP("head/binary_add_f32_32x32/session/prog0_id0_reader.cpp", KernelRole::kReader, reader_so);
  LOAD_OR_SKIP("head/binary_add_f32_32x32/session/prog0_id0_writer.cpp", KernelRole::kWriter, writer_so);
  Grid grid(1, 1);
  const uint64_t a = 0x10000, b = 0x20000, c = 0x30000;
  for (uint64_t x : {a, b, c}) grid.add_buffer(x, 4096);
  fill(grid, a, 1024, value_a);
  fill(grid, b, 1024, value_b);
  for (uint32_t cb : {0u, 1u, 2u}) grid.add_cb(cb, 4096, 2);

  // RTA 0 feeds CB 1 and RTA 1 feeds CB 0 in this kernel.
  KernelInstance& reader = grid.instance(0, 0, Role::kReader, {uint32_t(a), uint32_t(b), 0, 0});
  grid.use(reader);
  ASSERT_EQ(reader_so.entry(), 0);
  check_kernel_exit(reader);

  // Stand-in for compute: CB2 = CB0 + CB1, element by element.
  KernelInstance& compute = grid.instance(0, 0, Role::kCompute);
  grid.use(compute);
  krt::cb_wait_front(0, 1);
  krt::cb_wait_front(1, 1);
  krt::cb_reserve_back(2, 1);
  const auto* in0 = reinterpret_cast<const float*>(uintptr_t(krt::cb_read_ptr(0)));
  const auto* in1 = reinterpret_cast<const float*>(uintptr_t(krt::cb_read_ptr(1)));
  auto* out = reinterpret_cast<float*>(uintptr_t(krt::cb_write_ptr(2)));
  for (uint32_t i = 0; i < 1024; ++i) {
    EXPECT_EQ(in0[i], value_b(i));
    EXPECT_EQ(in1[i], value_a(i));
    out[i] = in0[i] + in1[i];
  }
  krt::cb_push_back(2, 1);
  krt::cb_pop_front(0, 1);
  krt::cb_pop_front(1, 1);

  KernelInstance& writer = grid.instance(0, 0, Role::kWriter, {uint32_t(c), 0, 0});
  grid.use(writer);
  ASSERT_EQ(writer_so.entry(), 0);
  check_kernel_exit(writer);
  for (uint32_t i = 0; i < 1024; ++i) {
    float v;
    std::memcpy(&v, interleaved_byte(grid, c, 4096, i * 4), 4);
    ASSERT_EQ(v, value_a(i) + value_b(i)) << i;
  }
  EXPECT_EQ(grid.core(0, 0).cbs[2].pages_acked, 1u);
}

class Reader1000 : public ::testing::Test {
 protected:
  static constexpr uint64_t kElems = 1000 * 1000;
  static constexpr uint64_t kPages = (kElems * 4 + 4095) / 4096;
  Grid grid{1, 2};
  uint64_t a = 0x0, b = 0;
  void SetUp() override {
    const uint64_t per_bank = (kPages + 3) / 4 * 4096;
    b = per_bank;
    grid.add_buffer(a, per_bank);
    grid.add_buffer(b, per_bank);
    fill(grid, a, kElems, value_a);
    fill(grid, b, kElems, value_b);
    grid.add_cb(0, 4096, 2);
    grid.add_cb(1, 4096, 2);
  }
};

TEST_F(Reader1000, AlignmentRuleCatchesTheCorpusReader) {
  LOAD_OR_SKIP("v016/shape_add_f32_1000x1000/session/prog0_id0_reader.cpp", KernelRole::kReader, so);
  // Core row 0, column 1: tensor row 1 starts at byte 4000 + 128 (== 32 mod 64) but lands at L1 offset 128.
  KernelInstance& k = grid.instance(0, 1, Role::kReader, {uint32_t(a), uint32_t(b), 0, 1});
  grid.use(k);
  grid.rs().align_policy = AlignPolicy::kError;
  EXPECT_THAT([&] { so.entry(); }, ::testing::ThrowsMessage<Failure>(HasSubstr("differ modulo 64 (32 vs 0)")));
}

TEST_F(Reader1000, IgnoredAlignmentCopiesTheTile) {
  LOAD_OR_SKIP("v016/shape_add_f32_1000x1000/session/prog0_id0_reader.cpp", KernelRole::kReader, so);
  grid.rs().align_policy = AlignPolicy::kIgnore;
  CoreState& core = grid.core(0, 1);
  const auto cbs = core.cbs;
  KernelInstance& k = grid.instance(0, 1, Role::kReader, {uint32_t(a), uint32_t(b), 0, 1});
  grid.use(k);
  ASSERT_EQ(so.entry(), 0);
  const auto* t0 = reinterpret_cast<const float*>(core.l1 + (cbs[0].base - grid.l1_addr(core, 0)));
  for (uint32_t i = 0; i < 32; ++i) {
    for (uint32_t j = 0; j < 32; ++j) ASSERT_EQ(t0[i * 32 + j], value_a(i * 1000 + 32 + j)) << i << "," << j;
  }

  // Its speed is measured by bench/emulator_bench (per-element path), not here.
}

}  // namespace
}  // namespace zyxtt::emu::test
