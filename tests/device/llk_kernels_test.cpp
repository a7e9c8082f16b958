// Compute kernels in the shape of ttnn's kernels that reach below the compute
// API: tt-metal's LLK calls (llk_unpack_*, llk_math_*, llk_pack_*: the matmul
// split at its own fidelity, MM_THROTTLE, SrcA reconfiguration, packer ReLU),
// fast tilize, the compute sentinel (its core and ComputeKernelSentinel with
// the inits reporting to it) and the debug DST access, each run on one
// emulated core and checked against a host reference.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "common/error.h"
#include "emu_device_fixture.h"
#include "tile_layout.h"

namespace zyxtt::emu::device_test {
namespace {

constexpr uint32_t kOneCore = 0;

struct Io {
  DataFormat format;
  uint32_t page;  // bytes of one tile
};

// eltwise_reader (a -> c_0, b -> c_1) -> `compute` -> eltwise_writer (c_16)
// over `tiles` tiles on one core; returns c_16's tiles as `Out` words.
template <class Out, class A, class B>
std::vector<Out> run_two_inputs(EmuDeviceTest& t, KernelSpec compute, const std::vector<A>& a, Io ia,
                                const std::vector<B>& b, Io ib, Io io, uint32_t tiles) {
  const CoreRangeSet core = rect(kOneCore, kOneCore, kOneCore, kOneCore);
  PlacedBuffer ba = t.upload(a, ia.page), bb = t.upload(b, ib.page);
  PlacedBuffer bc = t.device_.allocate(spec_of(uint64_t(tiles) * io.page, io.page));
  Program p;
  compute.cores = core;
  p.kernels = {kernel("eltwise_reader.cpp", Processor::kRiscv0, core), std::move(compute),
               kernel("eltwise_writer.cpp", Processor::kRiscv1, core)};
  p.kernels[2].compile_args = {16};
  p.circular_buffers = {cb(0, ia.format, ia.page, 2, core), cb(1, ib.format, ib.page, 2, core),
                        cb(16, io.format, io.page, 2, core)};
  ModelRun r;
  r.kernels.resize(3);
  for (auto& k : r.kernels) k.common = {tiles};
  r.kernels[0].per_core[Core{0, 0}] = {addr(ba), addr(bb), 0};
  r.kernels[2].per_core[Core{0, 0}] = {addr(bc), 0};
  t.run(p, r);
  return t.download<Out>(bc);
}

// tile_reader (c_0) -> `compute` -> tile_writer (c_16), `in_pages` pages in
// and `out_pages` out on one core; the compute kernel's common arg is `common`.
template <class Out, class In>
std::vector<Out> run_one_input(EmuDeviceTest& t, KernelSpec compute, const std::vector<In>& in, Io ii, Io io,
                               uint32_t in_pages, uint32_t out_pages, uint32_t common) {
  const CoreRangeSet core = rect(kOneCore, kOneCore, kOneCore, kOneCore);
  PlacedBuffer bi = t.upload(in, ii.page);
  PlacedBuffer bo = t.device_.allocate(spec_of(uint64_t(out_pages) * io.page, io.page));
  Program p;
  compute.cores = core;
  p.kernels = {kernel("tile_reader.cpp", Processor::kRiscv0, core), std::move(compute),
               kernel("tile_writer.cpp", Processor::kRiscv1, core)};
  p.kernels[2].named_compile_args = {{"tiles_per_unit", 1}};
  const uint32_t depth = std::max(in_pages, out_pages);
  p.circular_buffers = {cb(0, ii.format, ii.page, depth, core), cb(16, io.format, io.page, depth, core)};
  ModelRun r;
  r.kernels.resize(3);
  r.kernels[1].common = {common};
  r.kernels[0].per_core[Core{0, 0}] = {addr(bi), 0, in_pages};
  r.kernels[2].per_core[Core{0, 0}] = {addr(bo), 0, out_pages};
  t.run(p, r);
  return t.download<Out>(bo);
}

// The top half of a float's word: a bf16 value, truncated.
float bf16_truncate(float f) { return testing::float_of(testing::bits_of(f) & 0xFFFF0000u); }

std::vector<uint16_t> random_bf16(size_t n, uint32_t seed, float lo, float hi) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<uint16_t> v(n);
  for (auto& x : v) x = float_to_bf16(d(rng));
  return v;
}

// ---- The LLK matmul split (ttnn's reduce-by-matmul) ---------------------------

// The largest |C - C_fp64| / sum |a * b| of llk_matmul_compute.cpp over
// `tiles` bf16 tile pairs, the kernel built at `fidelity` with `defines`.
double llk_matmul_error(EmuDeviceTest& t, program::MathFidelity fidelity,
                        const std::map<std::string, std::string>& defines) {
  constexpr uint32_t tiles = 3;
  const std::vector<uint16_t> a = random_bf16(tiles * 1024, 5, -1, 1), b = random_bf16(tiles * 1024, 6, -1, 1);
  KernelSpec k = kernel("llk_matmul_compute.cpp", Processor::kCompute, {});
  k.compute.math_fidelity = fidelity;
  k.defines = defines;
  const Io bf16{DataFormat::Float16_b, 2048};
  const std::vector<float> c = run_two_inputs<float>(t, k, a, bf16, b, bf16, {DataFormat::Float32, 4096}, tiles);
  double worst = 0;
  for (uint32_t tile = 0; tile < tiles; ++tile) {
    auto at = [&](const std::vector<uint16_t>& m, uint32_t row, uint32_t col) {
      return double(bf16_to_float(m[tile * 1024 + face_index(row, col)]));
    };
    for (uint32_t i = 0; i < 32; ++i) {
      for (uint32_t j = 0; j < 32; ++j) {
        double exact = 0, scale = 0;
        for (uint32_t k2 = 0; k2 < 32; ++k2)
          exact += at(a, i, k2) * at(b, k2, j), scale += std::abs(at(a, i, k2) * at(b, k2, j));
        worst = std::max(worst, std::abs(c[tile * 1024 + face_index(i, j)] - exact) / scale);
      }
    }
  }
  return worst;
}

// The kernel asks for HiFi4 in the LLK template: built at LoFi it still
// multiplies bf16 exactly (a LoFi matmul is off by more than 1e-3, see
// EmuDeviceTest.MatmulAtEachMathFidelityOnOneCore); MM_THROTTLE from the host
// only throttles.
TEST_F(EmuDeviceTest, LlkMatmulSplitComputesAtItsTemplateFidelityAnyThrottle) {
  EXPECT_LT(llk_matmul_error(*this, program::MathFidelity::kLoFi, {}), 1e-6);
  EXPECT_LT(llk_matmul_error(*this, program::MathFidelity::kLoFi, {{"MM_THROTTLE", "5"}}), 1e-6);
}

// ---- The packer's ReLU ------------------------------------------------------------

TEST_F(EmuDeviceTest, PackerReluFollowsTheLlkPackCalls) {
  constexpr uint32_t tiles = 8;
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> d(-4, 4);
  std::vector<float> x(tiles * 1024);
  for (auto& v : x) v = d(rng);
  const Io f32{DataFormat::Float32, 4096};
  KernelSpec k = kernel("llk_pack_relu_compute.cpp", Processor::kCompute, {});
  k.compute.unpack_to_dest = {0};  // exact copies
  const std::vector<float> y = run_one_input<float>(*this, k, x, f32, f32, tiles, tiles, tiles);
  for (size_t i = 0; i < y.size(); ++i) {
    const uint32_t mode = (i / 1024) % 4;
    const float want = (mode == 0 || mode == 3) ? std::max(x[i], 0.0f) : x[i];
    ASSERT_EQ(y[i], want) << "tile " << i / 1024 << " element " << i % 1024;
  }
}

// ---- Packing rows of DST ------------------------------------------------------------

// pack_rows writes a tile's first rows of 16 datums in its storage order at
// the start of the output page: 24 rows are face 0 and 8 rows of face 1.
TEST_F(EmuDeviceTest, PackRowsWritesATilesFirstRowsInStorageOrder) {
  constexpr uint32_t tiles = 2, rows = 24;
  const std::vector<uint16_t> x = random_bf16(tiles * 1024, 21, -50, 50);
  KernelSpec k = kernel("pack_rows_compute.cpp", Processor::kCompute, {});
  k.compile_args = {rows};
  const Io bf16{DataFormat::Float16_b, 2048};
  const std::vector<uint16_t> y = run_one_input<uint16_t>(*this, k, x, bf16, bf16, tiles, tiles, tiles);
  ASSERT_EQ(y.size(), tiles * 1024);
  for (uint32_t t = 0; t < tiles; ++t) {
    for (uint32_t i = 0; i < rows * 16; ++i) ASSERT_EQ(y[t * 1024 + i], x[t * 1024 + i]) << t << " " << i;
  }
}

// ---- Fast tilize (ttnn's tilize helper) --------------------------------------------

TEST_F(EmuDeviceTest, FastTilizeSkipRemapTilizesRowMajorStrips) {
  constexpr uint32_t block = 3, blocks = 2, rows = 32 * blocks, cols = 32 * block;
  const std::vector<uint16_t> m = random_bf16(rows * cols, 13, -100, 100);
  KernelSpec k = kernel("fast_tilize_compute.cpp", Processor::kCompute, {});
  k.compile_args = {block};
  const Io bf16{DataFormat::Float16_b, 2048};
  const std::vector<uint16_t> tiles = run_one_input<uint16_t>(*this, k, m, bf16, bf16, block * blocks, block * blocks,
                                                              blocks);
  EXPECT_EQ(tiles, testing::tilize(m, rows, cols));
}

// ---- SrcA reconfiguration and the sentinel --------------------------------------------

// fp16 values 1 + k / 1024 (k < 128) through a 16-bit DST after the kernel's
// `defines` choose how (or whether) SrcA is reconfigured to the fp16 CB.
std::vector<float> fp16_through_16bit_dst(EmuDeviceTest& t, const std::map<std::string, std::string>& defines,
                                          std::vector<_Float16>& in) {
  constexpr uint32_t tiles = 2;
  in.resize(tiles * 1024);
  for (size_t i = 0; i < in.size(); ++i) in[i] = _Float16(1.0f + float(i % 128) / 1024.0f);
  const std::vector<uint16_t> zeros(tiles * 1024, 0);
  KernelSpec k = kernel("llk_unpack_reconfig_compute.cpp", Processor::kCompute, {});
  k.compute.fp32_dest_acc = false;
  k.defines = defines;
  return run_two_inputs<float>(t, k, zeros, {DataFormat::Float16_b, 2048}, in, {DataFormat::Float16, 2048},
                               {DataFormat::Float32, 4096}, tiles);
}

TEST_F(EmuDeviceTest, LlkSrcAReconfigurationSwitchesA16BitDstToFp16) {
  std::vector<_Float16> in;
  for (const char* how : {"", "USE_SENTINEL"}) {
    std::map<std::string, std::string> defines;
    if (*how) defines = {{how, "1"}, {"TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED", "1"}};
    const std::vector<float> y = fp16_through_16bit_dst(*this, defines, in);
    for (size_t i = 0; i < y.size(); ++i) ASSERT_EQ(y[i], float(in[i])) << (*how ? how : "LLK calls") << " element " << i;
  }
  // Without it the unpacker keeps the bf16 CB's format: bf16 precision.
  const std::vector<float> y = fp16_through_16bit_dst(*this, {{"SKIP_RECONFIG", "1"}}, in);
  for (size_t i = 0; i < y.size(); ++i) ASSERT_EQ(y[i], bf16_truncate(float(in[i]))) << "element " << i;
}

// ---- Debug access to DST -----------------------------------------------------------------

// The compute sentinel per core: which operands each init changed (the host's
// expectation per step as runtime args), then the CBs it ends with.
void sentinel_steps(EmuDeviceTest& t, const std::vector<uint32_t>& args, Grid g) {
  KernelSpec k = kernel("sentinel_compute.cpp", Processor::kCompute, g.all());
  k.defines = {{"TT_METAL_COMPUTE_KERNEL_SENTINEL_ENABLED", "1"},
               {"TT_METAL_COMPUTE_KERNEL_SENTINEL_TESTING_ENABLED", "1"}};
  Program p;
  p.kernels = {std::move(k)};
  for (uint32_t index : {0u, 1u, 2u, 16u, 17u}) p.circular_buffers.push_back(cb(index, DataFormat::Float16_b, 2048, 1, g.all()));
  ModelRun r;
  r.kernels.resize(1);
  for (uint32_t i = 0; i < g.cores(); ++i) r.kernels[0].per_core[g.core(i)] = args;
  t.run(p, r);
}

constexpr uint32_t kA = 1, kB = 2, kPack = 4;  // RECONFIG_CHANGED_SRCA / _SRCB / _PACK
// Step by step (sentinel_compute.cpp): from no CBs all three change; the hw
// startup reports nothing; the same CBs again change nothing; mm_init puts
// in1 in SrcA; then copy (SrcA b: same), pack_untilize (pack), untilize (SrcA
// c), reduce (SrcB b), unary (SrcA a, pack c_17); ending on c_0, c_1, c_17.
const std::vector<uint32_t> kSentinelSteps = {kA | kB | kPack, 0, kA | kB | kPack, 0, kA | kB | kPack, 0, kPack, kA, kB,
                                              kA | kPack, 0, 1, 17};

TEST_F(EmuDeviceTest, InitsReportTheOperandsTheyChangeToTheComputeSentinelOfEachCore) {
  sentinel_steps(*this, kSentinelSteps, {3, 1});  // each core's sentinel starts empty
}

TEST_F(EmuDeviceTest, AComputeSentinelCheckThatDoesNotHoldFailsTheRun) {
  std::vector<uint32_t> wrong = kSentinelSteps;
  wrong[5] = kA;  // copy_tile_to_dst_init_short(c_1) after mm_init changes nothing
  try {
    sentinel_steps(*this, wrong, {1, 1});
    FAIL() << "ran";
  } catch (const Error& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("ASSERT(TEST_RECONFIG_CALLS"));
  }
}

TEST_F(EmuDeviceTest, DebugDestTileReadsAndWritesDst) {
  constexpr uint32_t tiles = 4;
  std::mt19937 rng(21);
  std::uniform_real_distribution<float> d(-3, 3);
  std::vector<float> x(tiles * 1024);
  for (auto& v : x) v = d(rng);
  const Io f32{DataFormat::Float32, 4096};
  KernelSpec k = kernel("dbg_dest_compute.cpp", Processor::kCompute, {});
  k.compute.unpack_to_dest = {0};
  const std::vector<float> y = run_one_input<float>(*this, k, x, f32, f32, tiles, tiles, tiles);
  for (size_t i = 0; i < y.size(); ++i) {
    const float want = (i / 1024) % 2 == 0 ? 2.0f * x[i] + 1.0f : bf16_truncate(x[i]);
    ASSERT_EQ(y[i], want) << "tile " << i / 1024 << " element " << i % 1024;
  }
}

}  // namespace
}  // namespace zyxtt::emu::device_test
