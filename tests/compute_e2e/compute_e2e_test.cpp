// Compute scenarios through the real runtime: matmul 640^3 bf16 on one core
// and on a 4 x 5 grid (tt-metal's matmul_single_core / matmul_multi_core
// shape), and a row softmax (reduce MAX, sub bcast, exp, reduce SUM, recip,
// mul bcast). References are fp64 on the same (rounded) inputs.
#include <cmath>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>

#include "runtime_fixture.h"

namespace zyxtt::testing {
namespace {

std::string source(const std::string& scenario, const std::string& role) {
  std::ifstream f(std::string(ZYXTT_E2E_DIR) + "/" + scenario + "/" + role + ".cpp", std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

uint32_t face_index(uint32_t r, uint32_t c) { return ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16; }

uint16_t to_bf16(float f) {  // round to nearest even (finite inputs)
  uint32_t u;
  std::memcpy(&u, &f, 4);
  u += 0x7FFF + ((u >> 16) & 1);
  return static_cast<uint16_t>(u >> 16);
}
float from_bf16(uint16_t h) {
  uint32_t u = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

struct Cb {
  uint32_t idx, fmt, tb;
};

class ComputeE2E : public RuntimeTest {
 public:
  using RuntimeTest::alloc;
  void compile(uint32_t id, const std::string& scenario, const std::vector<Cb>& cbs) {
    std::string r = source(scenario, "reader"), c = source(scenario, "compute"), w = source(scenario, "writer");
    ASSERT_FALSE(r.empty() || c.empty() || w.empty()) << scenario;
    std::string line = R"({"cmd":"compile_program","id":)" + std::to_string(id) + R"(,"reader_source_len":)" +
                       std::to_string(r.size()) + R"(,"compute_source_len":)" + std::to_string(c.size()) +
                       R"(,"writer_source_len":)" + std::to_string(w.size()) + R"(,"n_cbs":)" +
                       std::to_string(cbs.size());
    for (size_t i = 0; i < cbs.size(); ++i) {
      std::string n = std::to_string(i);
      line += R"(,"cb_idx)" + n + R"(":)" + std::to_string(cbs[i].idx) + R"(,"cb_fmt)" + n + R"(":)" +
              std::to_string(cbs[i].fmt) + R"(,"cb_tb)" + n + R"(":)" + std::to_string(cbs[i].tb);
    }
    line += "}";
    ASSERT_EQ(raw(line, r + c + w), R"({"status":"ok"})");
  }
  std::string run(uint32_t id, uint32_t gd0, uint32_t gd1, const std::vector<uint32_t>& src, uint32_t dst) {
    std::string line = R"({"cmd":"run","id":)" + std::to_string(id) + R"(,"gd0":)" + std::to_string(gd0) +
                       R"(,"gd1":)" + std::to_string(gd1);
    for (size_t i = 0; i < src.size(); ++i) line += R"(,"src)" + std::to_string(i) + R"(":)" + std::to_string(src[i]);
    line += R"(,"dst0":)" + std::to_string(dst) + "}";
    return raw(line);
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

  // Row-major M x N matrix -> tile layout, tile (i, j) at tile index i * (N/32) + j.
  template <class T>
  static std::vector<T> tilize(const std::vector<T>& m, uint32_t rows, uint32_t cols) {
    std::vector<T> out(m.size());
    const uint32_t ct = cols / 32;
    for (uint32_t r = 0; r < rows; ++r)
      for (uint32_t c = 0; c < cols; ++c)
        out[size_t((r / 32) * ct + c / 32) * 1024 + face_index(r % 32, c % 32)] = m[size_t(r) * cols + c];
    return out;
  }

  void matmul_case(const std::string& scenario, uint32_t gd0, uint32_t gd1) {
    constexpr uint32_t n = 640;
    std::mt19937 rng(640);
    std::uniform_real_distribution<float> d(-1, 1);
    std::vector<uint16_t> a(n * n), b(n * n);
    for (auto& x : a) x = to_bf16(d(rng));
    for (auto& x : b) x = to_bf16(d(rng));
    a[0] = 0, a[1] = 0x8000, b[5] = 0x0001;  // +0, -0, a bf16 subnormal
    uint32_t ba = upload(tilize(a, n, n)), bb = upload(tilize(b, n, n)), bc = alloc(n * n * 2);
    compile(1, scenario, {{0, 2, 2048}, {1, 2, 2048}, {16, 2, 2048}});
    ASSERT_EQ(run(1, gd0, gd1, {ba, bb}, bc), R"({"status":"ok"})");
    std::vector<uint16_t> c = download<uint16_t>(bc, size_t(n) * n);
    // fp64 reference on the bf16 inputs; allowed: bf16 rounding of the result
    // (2^-8 relative) plus fp32 accumulation over 640 terms.
    std::vector<double> af(n * n), bt(n * n);
    for (size_t i = 0; i < af.size(); ++i) af[i] = from_bf16(a[i]);
    for (uint32_t k = 0; k < n; ++k)
      for (uint32_t j = 0; j < n; ++j) bt[size_t(j) * n + k] = from_bf16(b[size_t(k) * n + j]);
    double max_rel = 0;
    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; ++i)
      for (uint32_t j = 0; j < n; ++j) {
        double ref = 0, mag = 0;
        const double* ar = &af[size_t(i) * n];
        const double* br = &bt[size_t(j) * n];
        for (uint32_t k = 0; k < n; ++k) ref += ar[k] * br[k], mag += std::fabs(ar[k] * br[k]);
        float got = from_bf16(c[size_t((i / 32) * (n / 32) + j / 32) * 1024 + face_index(i % 32, j % 32)]);
        double err = std::fabs(got - ref);
        if (err > std::ldexp(std::fabs(ref), -8) + 1e-5 * mag && bad++ < 5)
          ADD_FAILURE() << scenario << " C[" << i << "][" << j << "] = " << got << ", reference " << ref;
        max_rel = std::max(max_rel, err / mag);
      }
    EXPECT_EQ(bad, 0u);
    std::printf("%s: max |C - ref| / sum|a*b| = %.3g\n", scenario.c_str(), max_rel);
  }
};

TEST_F(ComputeE2E, MatmulSingleCore640Bf16) { matmul_case("matmul_single_core", 1, 1); }

TEST_F(ComputeE2E, MatmulMultiCore640Bf16OnAFourByFiveGrid) { matmul_case("matmul_multi_core", 4, 5); }

// tol: relative tolerance. Softmax runs on FPU ops (reduce, bcast sub/mul),
// whose fp32 operands pass through SrcA/SrcB and keep TF32 precision whatever
// the unpack-to-dest mode of copy_tile.
void softmax_case(ComputeE2E& t, double tol, const char* label);

TEST_F(ComputeE2E, SoftmaxOverRows) { softmax_case(*this, 8e-3, "softmax (TF32 FPU operands)"); }

void softmax_case(ComputeE2E& t, double tol, const char* label) {
  constexpr uint32_t rows = 128, cols = 64;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> d(-4, 4);
  std::vector<float> x(rows * cols);
  for (auto& v : x) v = d(rng);
  for (uint32_t c = 0; c < cols; ++c) x[5 * cols + c] = -30.0f - float(c);  // an all-negative row
  x[7 * cols + 3] = 50.0f;                                                  // a dominant element
  uint32_t bx = t.upload(ComputeE2E::tilize(x, rows, cols)), by = t.alloc(rows * cols * 4);
  t.compile(2, "softmax", {{0, 0, 4096}, {1, 0, 4096}, {2, 0, 4096}, {3, 0, 4096}, {4, 0, 4096}, {16, 0, 4096}});
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
