// Compute scenarios through the real runtime: matmul 640^3 bf16 on one core
// and on a 4 x 5 grid (tt-metal's matmul_single_core / matmul_multi_core
// shape), and a row softmax (reduce MAX, sub bcast, exp, reduce SUM, recip,
// mul bcast). References are fp64 on the same (rounded) inputs.
#include <cmath>
#include <cstring>
#include <random>

#include "compute_e2e_fixture.h"
#include "float_bits.h"
#include "tile_layout.h"

namespace zyxtt::testing {
namespace {

using client::CbFormat;

class ComputeE2ECases : public ComputeE2E {
 public:
  void matmul_case(const std::string& scenario, uint32_t gd0, uint32_t gd1) {
    constexpr uint32_t n = 640;
    std::mt19937 rng(640);
    std::uniform_real_distribution<float> d(-1, 1);
    std::vector<uint16_t> a(n * n), b(n * n);
    for (auto& x : a) x = float_to_bf16(d(rng));
    for (auto& x : b) x = float_to_bf16(d(rng));
    a[0] = 0, a[1] = 0x8000, b[5] = 0x0001;  // +0, -0, a bf16 subnormal
    uint32_t ba = upload(tilize(a, n, n)), bb = upload(tilize(b, n, n)), bc = alloc(n * n * 2);
    compile(1, kernels(scenario), {{0, CbFormat::kFloat16_b}, {1, CbFormat::kFloat16_b}, {16, CbFormat::kFloat16_b}});
    ASSERT_EQ(run(1, gd0, gd1, {ba, bb}, bc), R"({"status":"ok"})");
    std::vector<uint16_t> c = download<uint16_t>(bc, size_t(n) * n);
    // fp64 reference on the bf16 inputs; allowed: bf16 rounding of the result
    // (2^-8 relative) plus fp32 accumulation over 640 terms.
    std::vector<double> af(n * n), bt(n * n);
    for (size_t i = 0; i < af.size(); ++i) af[i] = bf16_to_float(a[i]);
    for (uint32_t k = 0; k < n; ++k)
      for (uint32_t j = 0; j < n; ++j) bt[size_t(j) * n + k] = bf16_to_float(b[size_t(k) * n + j]);
    double max_rel = 0;
    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; ++i)
      for (uint32_t j = 0; j < n; ++j) {
        double ref = 0, mag = 0;
        const double* ar = &af[size_t(i) * n];
        const double* br = &bt[size_t(j) * n];
        for (uint32_t k = 0; k < n; ++k) ref += ar[k] * br[k], mag += std::fabs(ar[k] * br[k]);
        float got = bf16_to_float(c[size_t((i / 32) * (n / 32) + j / 32) * 1024 + face_index(i % 32, j % 32)]);
        double err = std::fabs(got - ref);
        if (err > std::ldexp(std::fabs(ref), -8) + 1e-5 * mag && bad++ < 5)
          ADD_FAILURE() << scenario << " C[" << i << "][" << j << "] = " << got << ", reference " << ref;
        max_rel = std::max(max_rel, err / mag);
      }
    EXPECT_EQ(bad, 0u);
    std::printf("%s: max |C - ref| / sum|a*b| = %.3g\n", scenario.c_str(), max_rel);
  }
};

TEST_F(ComputeE2ECases, MatmulSingleCore640Bf16) { matmul_case("matmul_single_core", 1, 1); }

TEST_F(ComputeE2ECases, MatmulMultiCore640Bf16OnAFourByFiveGrid) { matmul_case("matmul_multi_core", 4, 5); }

// The same matmul with fp32 accumulation off (zyx V2.5 `fp32_dest_acc` 0):
// DST is bf16, and each MVMUL (16 products of a dot, two per matmul_tiles)
// is added to it and rounded to nearest even, over the 20-tile K loop. Bit for
// bit against a host reference that rounds the same way after every step.
TEST_F(ComputeE2ECases, MatmulSingleCore640Bf16With16BitDstRoundsEveryStep) {
  constexpr uint32_t n = 640;
  std::mt19937 rng(641);
  std::uniform_real_distribution<float> d(-1, 1);
  std::vector<uint16_t> a(n * n), b(n * n);
  for (auto& x : a) x = float_to_bf16(d(rng));
  for (auto& x : b) x = float_to_bf16(d(rng));
  uint32_t ba = upload(tilize(a, n, n)), bb = upload(tilize(b, n, n)), bc = alloc(n * n * 2);
  const Kernels k = kernels("matmul_single_core");
  std::string line = compile_command(3, k, std::vector<client::CbConfig>{{0, CbFormat::kFloat16_b},
                                                                        {1, CbFormat::kFloat16_b},
                                                                        {16, CbFormat::kFloat16_b}});
  line.insert(line.size() - 1, R"(,"fp32_dest_acc":0)");
  ASSERT_EQ(raw(line, payload(k)), R"({"status":"ok"})");
  ASSERT_EQ(run(3, 1, 1, {ba, bb}, bc), R"({"status":"ok"})");
  std::vector<uint16_t> c = download<uint16_t>(bc, size_t(n) * n);
  std::vector<float> af(n * n), bt(n * n);
  for (size_t i = 0; i < af.size(); ++i) af[i] = bf16_to_float(a[i]);
  for (uint32_t kk = 0; kk < n; ++kk)
    for (uint32_t j = 0; j < n; ++j) bt[size_t(j) * n + kk] = bf16_to_float(b[size_t(kk) * n + j]);
  uint32_t bad = 0;
  double max_rel = 0;
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      const float* ar = &af[size_t(i) * n];
      const float* br = &bt[size_t(j) * n];
      float acc = 0.0f, dot = 0.0f;
      double exact = 0, mag = 0;
      for (uint32_t kk = 0; kk < n; ++kk) {
        dot += ar[kk] * br[kk];  // bf16 x bf16: exact in fp32
        exact += double(ar[kk]) * br[kk], mag += std::fabs(double(ar[kk]) * br[kk]);
        if (kk % 16 == 15) acc = bf16_to_float(float_to_bf16(acc + dot)), dot = 0.0f;
      }
      const uint16_t got = c[size_t((i / 32) * (n / 32) + j / 32) * 1024 + face_index(i % 32, j % 32)];
      if (got != float_to_bf16(acc) && bad++ < 5)
        ADD_FAILURE() << "C[" << i << "][" << j << "] = " << bf16_to_float(got) << ", reference " << acc;
      max_rel = std::max(max_rel, std::fabs(acc - exact) / mag);
    }
  EXPECT_EQ(bad, 0u);
  std::printf("matmul_single_core, 16-bit DST: max |C - fp64| / sum|a*b| = %.3g\n", max_rel);
}

// tol: relative tolerance. Softmax runs on FPU ops (reduce, bcast sub/mul),
// whose fp32 operands pass through SrcA/SrcB and keep TF32 precision whatever
// the unpack-to-dest mode of copy_tile.
void softmax_case(ComputeE2ECases& t, double tol, const char* label);

TEST_F(ComputeE2ECases, SoftmaxOverRows) { softmax_case(*this, 8e-3, "softmax (TF32 FPU operands)"); }

void softmax_case(ComputeE2ECases& t, double tol, const char* label) {
  constexpr uint32_t rows = 128, cols = 64;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> d(-4, 4);
  std::vector<float> x(rows * cols);
  for (auto& v : x) v = d(rng);
  for (uint32_t c = 0; c < cols; ++c) x[5 * cols + c] = -30.0f - float(c);  // an all-negative row
  x[7 * cols + 3] = 50.0f;                                                  // a dominant element
  uint32_t bx = t.upload(tilize(x, rows, cols)), by = t.alloc(rows * cols * 4);
  t.compile(2, ComputeE2E::kernels("softmax"), {{0, CbFormat::kFloat32}, {1, CbFormat::kFloat32}, {2, CbFormat::kFloat32},
                          {3, CbFormat::kFloat32}, {4, CbFormat::kFloat32}, {16, CbFormat::kFloat32}});
  ASSERT_EQ(t.run(2, 1, 1, {bx}, by), R"({"status":"ok"})");
  std::vector<float> y = t.download<float>(by, rows * cols);
  double max_rel = 0;
  for (uint32_t r = 0; r < rows; ++r) {
    double m = -INFINITY, sum = 0;
    for (uint32_t c = 0; c < cols; ++c) m = std::max(m, double(x[r * cols + c]));
    for (uint32_t c = 0; c < cols; ++c) sum += std::exp(double(x[r * cols + c]) - m);
    for (uint32_t c = 0; c < cols; ++c) {
      double ref = std::exp(double(x[r * cols + c]) - m) / sum;
      float got = y[size_t((r / 32) * (cols / 32) + c / 32) * 1024 + face_index(r % 32, c % 32)];
      ASSERT_NEAR(got, ref, tol * ref + 1e-30) << label << " y[" << r << "][" << c << "]";
      max_rel = std::max(max_rel, std::fabs(got - ref) / ref);
    }
  }
  std::printf("%s: max relative error %.3g\n", label, max_rel);
}

}  // namespace
}  // namespace zyxtt::testing
