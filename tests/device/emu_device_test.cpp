// The emulator through the device interface only: programs of the model (in
// the shape of tt-metal's programming examples) on one core and on a grid,
// with the real device worker, each checked against a host reference.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>

#include "common/error.h"
#include "device/emu/emu_device.h"
#include "float_bits.h"
#include "emu_device_fixture.h"
#include "tile_layout.h"

namespace zyxtt::emu::device_test {
namespace {

// ---- Two cores exchange a tile over the NOC, with a semaphore ---------------

void exchange(EmuDeviceTest& t, EmuDevice& device, uint32_t pairs, uint32_t rows) {
  const uint32_t tiles = pairs * rows;
  std::vector<uint32_t> src(tiles * 1024);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint32_t>(i * 2654435761u);
  PlacedBuffer in = device.allocate(spec_of(src.size() * 4, 4096));
  device.write(in, 0, std::as_bytes(std::span(src)));
  PlacedBuffer out = device.allocate(spec_of(src.size() * 4, 4096));

  // Senders on columns [0, pairs), receivers on [pairs, 2 pairs): different
  // kernels on the same processor of different cores.
  const CoreRangeSet senders = rect(0, 0, pairs - 1, rows - 1);
  const CoreRangeSet receivers = rect(pairs, 0, 2 * pairs - 1, rows - 1);
  Program p;
  p.kernels = {kernel("exchange_sender.cpp", Processor::kRiscv0, senders),
               kernel("exchange_receiver.cpp", Processor::kRiscv0, receivers)};
  p.circular_buffers = {cb(0, DataFormat::UInt32, 4096, 1, rect(0, 0, 2 * pairs - 1, rows - 1))};
  p.semaphores = {program::SemaphoreSpec{0, receivers, 5}};  // the receivers wait for 6
  ModelRun r;
  r.kernels.resize(2);
  for (uint32_t y = 0; y < rows; ++y) {
    for (uint32_t x = 0; x < pairs; ++x) {
      const uint32_t tile = y * pairs + x;
      const GridXY peer = worker_noc(default_arch(), x + pairs, y);
      r.kernels[0].per_core[Core{x, y}] = {addr(in), tile, peer.x, peer.y};
      r.kernels[1].per_core[Core{x + pairs, y}] = {addr(out), tile};
    }
  }
  r.kernels[1].common = {6};
  auto compiled = device.compile(p);
  device.run(*compiled, r, "exchange");
  std::vector<uint32_t> got(src.size());
  device.read(out, 0, std::as_writable_bytes(std::span(got)));
  for (size_t i = 0; i < src.size(); ++i) ASSERT_EQ(got[i], 2 * src[i] + 1) << "word " << i;
  (void)t;
}

TEST_F(EmuDeviceTest, TwoCoresExchangeATileWithASemaphore) { exchange(*this, device_, 1, 1); }
TEST_F(EmuDeviceTest, SixPairsOnTenRowsExchangeTilesWithSemaphores) { exchange(*this, device_, 6, 10); }

// ---- Vector add with named compile-time args --------------------------------

void vector_add(EmuDeviceTest& t, EmuDevice& device, Grid g) {
  constexpr uint32_t kTilesPerCore = 3;
  const uint32_t tiles = g.cores() * kTilesPerCore;
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> d(-1000, 1000);
  std::vector<float> a(tiles * 1024), b(a.size());
  // Quarters below 2^8: exact in TF32 operands (FPU ops read fp32 so) and in their sum.
  for (size_t i = 0; i < a.size(); ++i) a[i] = d(rng) / 4.0f, b[i] = d(rng) / 4.0f;
  PlacedBuffer ba = t.upload(a, 4096), bb = t.upload(b, 4096);
  PlacedBuffer bc = device.allocate(spec_of(a.size() * 4, 4096));

  Program p;
  const std::map<std::string, uint32_t> named = {{"cb_a", 3}, {"cb_b", 7}, {"cb_out", 20}, {"tiles_per_core", kTilesPerCore}};
  for (auto [file, proc] : {std::pair{"vadd_reader.cpp", Processor::kRiscv0}, {"vadd_compute.cpp", Processor::kCompute},
                            {"vadd_writer.cpp", Processor::kRiscv1}}) {
    p.kernels.push_back(kernel(file, proc, g.all()));
    p.kernels.back().named_compile_args = named;
  }
  p.circular_buffers = {cb(3, DataFormat::Float32, 4096, 2, g.all()), cb(7, DataFormat::Float32, 4096, 2, g.all()),
                        cb(20, DataFormat::Float32, 4096, 2, g.all())};
  ModelRun r;
  r.kernels.resize(3);
  for (uint32_t i = 0; i < g.cores(); ++i) {
    r.kernels[0].per_core[g.core(i)] = {addr(ba), addr(bb), i * kTilesPerCore};
    r.kernels[2].per_core[g.core(i)] = {addr(bc), i * kTilesPerCore};
  }
  auto compiled = device.compile(p);
  device.run(*compiled, r, "vector add");
  std::vector<float> c(a.size());
  device.read(bc, 0, std::as_writable_bytes(std::span(c)));
  for (size_t i = 0; i < c.size(); ++i) ASSERT_EQ(c[i], a[i] + b[i]) << "element " << i;
}

TEST_F(EmuDeviceTest, VectorAddWithNamedCompileArgsOnOneCore) { vector_add(*this, device_, {1, 1}); }
TEST_F(EmuDeviceTest, VectorAddWithNamedCompileArgsOnTheFullGrid) { vector_add(*this, device_, {12, 10}); }

// Any string names a named compile-time arg, "" and quotes included, as on
// tt-metal; "a" and "ab" stay apart.
TEST_F(EmuDeviceTest, NamedCompileArgsMayBeAnyString) {
  const CoreRangeSet core = rect(0, 0, 0, 0);
  PlacedBuffer out = device_.allocate(spec_of(64, 64));
  Program p;
  p.kernels = {kernel("named_args_writer.cpp", Processor::kRiscv0, core)};
  p.kernels[0].named_compile_args = {{"", 3},
                                     {"!@#$%^&*()", 12},
                                     {"say \"hi\" \\ bye", 77},
                                     {"tab\there\nline", 5},
                                     {"caf\xc3\xa9", 9},
                                     {"a", 1},
                                     {"ab", 2},
                                     {"0starts_with_a_digit", 1024}};
  p.circular_buffers = {cb(0, DataFormat::UInt32, 64, 1, core)};
  ModelRun r;
  r.kernels.resize(1);
  r.kernels[0].per_core[Core{0, 0}] = {addr(out)};
  run(p, r);
  const std::vector<uint32_t> got = download<uint32_t>(out);
  EXPECT_EQ(std::vector<uint32_t>(got.begin(), got.begin() + 8), (std::vector<uint32_t>{3, 12, 77, 5, 9, 1, 2, 1024}));
}

TEST_F(EmuDeviceTest, ANamedCompileArgWithANulIsRefused) {
  Program p;
  p.kernels = {kernel("named_args_writer.cpp", Processor::kRiscv0, rect(0, 0, 0, 0))};
  p.kernels[0].named_compile_args = {{std::string("a\0b", 3), 1}};
  try {
    device_.compile(p);
    FAIL() << "compiled";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kInvalidArgument);
    EXPECT_THAT(e.what(), ::testing::HasSubstr("named compile-time arg \"a\\000b\" holds a NUL character"));
  }
}

// ---- A CB's page counters as kernels read them --------------------------------

// 2050 rounds of 32 pages: the 16-bit counters wrap past 65536. The producer
// spins on them until the consumer (another RISC of the core) caught up.
TEST_F(EmuDeviceTest, CbCountersReadAsSixteenBitRegistersAndASpinOnThemSeesTheConsumer) {
  constexpr uint32_t kRounds = 2050, kStep = 32;
  const CoreRangeSet core = rect(0, 0, 0, 0);
  PlacedBuffer out = device_.allocate(spec_of(64, 64));
  Program p;
  p.kernels = {kernel("cb_counter_producer.cpp", Processor::kRiscv0, core),
               kernel("cb_counter_consumer.cpp", Processor::kRiscv1, core)};
  p.circular_buffers = {cb(0, DataFormat::UInt32, 16, 2 * kStep, core), cb(1, DataFormat::UInt32, 64, 1, core)};
  ModelRun r;
  r.kernels.resize(2);
  r.kernels[0].per_core[Core{0, 0}] = {addr(out), kRounds, kStep};
  r.kernels[1].per_core[Core{0, 0}] = {kRounds, kStep};
  run(p, r);
  const uint32_t total = (kRounds * kStep) % 65536;  // 64
  const std::vector<uint32_t> got = download<uint32_t>(out);
  EXPECT_EQ(std::vector<uint32_t>(got.begin(), got.begin() + 3), (std::vector<uint32_t>{total, total, total}));
}

// riscv_wait lets the core's other kernels run meanwhile: the reader, first to
// run, waits; the writer sets the flag it then reads.
TEST_F(EmuDeviceTest, RiscvWaitLetsTheCoresOtherKernelsRun) {
  const CoreRangeSet core = rect(0, 0, 0, 0);
  PlacedBuffer out = device_.allocate(spec_of(64, 64));
  Program p;
  p.kernels = {kernel("riscv_wait_reader.cpp", Processor::kRiscv0, core),
               kernel("riscv_wait_writer.cpp", Processor::kRiscv1, core)};
  p.circular_buffers = {cb(0, DataFormat::UInt32, 64, 1, core)};
  p.semaphores = {program::SemaphoreSpec{0, core, 0}};
  ModelRun r;
  r.kernels.resize(2);
  r.kernels[0].per_core[Core{0, 0}] = {addr(out)};
  run(p, r);
  EXPECT_EQ(download<uint32_t>(out)[0], 7u);
}

// DRAM the host wrote raw (tt-metal's detail::WriteToDeviceDRAMChannel), no
// buffer holding it, is the kernels' to read as on silicon; a byte past it is not.
void read_raw_dram(EmuDeviceTest& t, uint32_t bytes_read) {
  std::vector<uint8_t> src(512);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint8_t>(i * 37 + 5);
  RawAddress at;
  at.memory = MemoryKind::kDram;
  at.bank = 3;
  at.address = 3ull << 30;
  t.device_.write_raw(at, std::as_bytes(std::span(src)).first(256));
  at.address += 256;  // a second write right after: one readable range
  t.device_.write_raw(at, std::as_bytes(std::span(src)).subspan(256));
  const CoreRangeSet core = rect(0, 0, 0, 0);
  PlacedBuffer out = t.device_.allocate(spec_of(bytes_read, bytes_read));
  Program p;
  p.kernels = {kernel("raw_dram_reader.cpp", Processor::kRiscv0, core)};
  p.circular_buffers = {cb(0, DataFormat::UInt8, 1024, 1, core)};
  ModelRun r;
  r.kernels.resize(1);
  r.kernels[0].per_core[Core{0, 0}] = {3, uint32_t(3u << 30), addr(out), bytes_read};
  t.run(p, r);
  EXPECT_EQ(t.download<uint8_t>(out), std::vector<uint8_t>(src.begin(), src.begin() + bytes_read));
}

TEST_F(EmuDeviceTest, KernelsReadDramTheHostWroteRaw) { read_raw_dram(*this, 512); }

TEST_F(EmuDeviceTest, AKernelReadPastDramTheHostWroteRawFails) {
  try {
    read_raw_dram(*this, 544);
    FAIL() << "ran";
  } catch (const Error& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("is not inside one live buffer"));
  }
}

// ---- Element-wise add on bf16 with 2048-byte pages --------------------------

void eltwise_add_bf16(EmuDeviceTest& t, EmuDevice& device, Grid g) {
  constexpr uint32_t kTilesPerCore = 4;
  const uint32_t tiles = g.cores() * kTilesPerCore;
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> d(-100, 100);
  std::vector<uint16_t> a(tiles * 1024), b(a.size());
  for (size_t i = 0; i < a.size(); ++i) a[i] = float_to_bf16(float(d(rng))), b[i] = float_to_bf16(float(d(rng)));
  PlacedBuffer ba = t.upload(a, 2048), bb = t.upload(b, 2048);
  PlacedBuffer bc = device.allocate(spec_of(a.size() * 2, 2048));
  EXPECT_EQ(ba.aligned_page_size, 2048u);

  Program p;
  p.kernels = {kernel("eltwise_reader.cpp", Processor::kRiscv0, g.all()),
               kernel("eltwise_compute.cpp", Processor::kCompute, g.all()),
               kernel("eltwise_writer.cpp", Processor::kRiscv1, g.all())};
  p.kernels[1].compile_args = {16};
  p.kernels[2].compile_args = {16};
  p.kernels[1].compute.fp32_dest_acc = false;
  p.circular_buffers = {cb(0, DataFormat::Float16_b, 2048, 2, g.all()), cb(1, DataFormat::Float16_b, 2048, 2, g.all()),
                        cb(16, DataFormat::Float16_b, 2048, 2, g.all())};
  ModelRun r;
  r.kernels.resize(3);
  for (auto& k : r.kernels) k.common = {kTilesPerCore};  // n_tiles, read by all three
  for (uint32_t i = 0; i < g.cores(); ++i) {
    r.kernels[0].per_core[g.core(i)] = {addr(ba), addr(bb), i * kTilesPerCore};
    r.kernels[2].per_core[g.core(i)] = {addr(bc), i * kTilesPerCore};
  }
  auto compiled = device.compile(p);
  device.run(*compiled, r, "eltwise add");
  std::vector<uint16_t> c(a.size());
  device.read(bc, 0, std::as_writable_bytes(std::span(c)));
  for (size_t i = 0; i < c.size(); ++i)
    ASSERT_EQ(bf16_to_float(c[i]), bf16_to_float(a[i]) + bf16_to_float(b[i])) << "element " << i;
}

TEST_F(EmuDeviceTest, EltwiseAddBf16With2048BytePagesOnOneCore) { eltwise_add_bf16(*this, device_, {1, 1}); }
TEST_F(EmuDeviceTest, EltwiseAddBf16With2048BytePagesOnAGrid) { eltwise_add_bf16(*this, device_, {5, 4}); }
// 16 x 14 cores, beyond the 12 x 10 arch: waves of 7 rows on the physical cores' L1.
TEST_F(EmuDeviceTest, EltwiseAddBf16OnAGridBeyondTheArchRunsInWaves) { eltwise_add_bf16(*this, device_, {16, 14}); }

// ---- A matmul at each math fidelity -----------------------------------------

// The largest |C - C_fp64| of a tile-by-tile matmul of bf16 inputs, relative
// to sum |a * b| of that element, at `fidelity`.
double matmul_error(EmuDeviceTest& t, EmuDevice& device, Grid g, program::MathFidelity fidelity) {
  const uint32_t tiles = g.cores();
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> d(-1.0f, 1.0f);
  // bf16 values: SrcA and SrcB hold them exactly, so the fidelity alone
  // decides which mantissa bits reach the products.
  std::vector<uint16_t> a(tiles * 1024), b(a.size());
  for (size_t i = 0; i < a.size(); ++i) a[i] = float_to_bf16(d(rng)), b[i] = float_to_bf16(d(rng));
  PlacedBuffer ba = t.upload(a, 2048), bb = t.upload(b, 2048);
  PlacedBuffer bc = device.allocate(spec_of(tiles * 4096, 4096));

  Program p;
  p.kernels = {kernel("eltwise_reader.cpp", Processor::kRiscv0, g.all()),
               kernel("matmul_compute.cpp", Processor::kCompute, g.all()),
               kernel("eltwise_writer.cpp", Processor::kRiscv1, g.all())};
  p.kernels[1].compile_args = {16};
  p.kernels[2].compile_args = {16};
  p.kernels[1].compute.math_fidelity = fidelity;
  p.circular_buffers = {cb(0, DataFormat::Float16_b, 2048, 2, g.all()), cb(1, DataFormat::Float16_b, 2048, 2, g.all()),
                        cb(16, DataFormat::Float32, 4096, 2, g.all())};
  ModelRun r;
  r.kernels.resize(3);
  for (auto& k : r.kernels) k.common = {1};
  for (uint32_t i = 0; i < tiles; ++i) {
    r.kernels[0].per_core[g.core(i)] = {addr(ba), addr(bb), i};
    r.kernels[2].per_core[g.core(i)] = {addr(bc), i};
  }
  auto compiled = device.compile(p);
  device.run(*compiled, r, "matmul");
  std::vector<float> c(tiles * 1024);
  device.read(bc, 0, std::as_writable_bytes(std::span(c)));
  double worst = 0;
  for (uint32_t tile = 0; tile < tiles; ++tile) {
    auto at = [&](const std::vector<uint16_t>& m, uint32_t row, uint32_t col) {
      return double(bf16_to_float(m[tile * 1024 + face_index(row, col)]));
    };
    for (uint32_t i = 0; i < 32; ++i) {
      for (uint32_t j = 0; j < 32; ++j) {
        double exact = 0, scale = 0;
        for (uint32_t k = 0; k < 32; ++k) exact += at(a, i, k) * at(b, k, j), scale += std::abs(at(a, i, k) * at(b, k, j));
        worst = std::max(worst, std::abs(c[tile * 1024 + face_index(i, j)] - exact) / scale);
      }
    }
  }
  return worst;
}

void matmul_at_each_fidelity(EmuDeviceTest& t, EmuDevice& device, Grid g) {
  using program::MathFidelity;
  const double lofi = matmul_error(t, device, g, MathFidelity::kLoFi);
  const double hifi2 = matmul_error(t, device, g, MathFidelity::kHiFi2);
  const double hifi3 = matmul_error(t, device, g, MathFidelity::kHiFi3);
  const double hifi4 = matmul_error(t, device, g, MathFidelity::kHiFi4);
  // Each phase adds mantissa bits of the operands (docs/fidelity.md); HiFi4
  // multiplies bf16 values exactly and only sums in fp32.
  EXPECT_GT(lofi, hifi2);
  EXPECT_GT(hifi2, hifi3);
  EXPECT_GE(hifi3, hifi4);
  EXPECT_GT(lofi, 1e-3);
  EXPECT_LT(hifi4, 1e-6);
}

TEST_F(EmuDeviceTest, MatmulAtEachMathFidelityOnOneCore) { matmul_at_each_fidelity(*this, device_, {1, 1}); }
TEST_F(EmuDeviceTest, MatmulAtEachMathFidelityOnAGrid) { matmul_at_each_fidelity(*this, device_, {4, 3}); }

// ---- A copy through an interleaved L1 buffer --------------------------------

// `kernel_file`: l1_copy.cpp (address generators) or bank_table_copy.cpp (the
// firmware's bank tables by hand, which must agree with the allocator's placement).
void copy_through_l1(EmuDeviceTest& t, EmuDevice& device, Grid g, const char* kernel_file = "l1_copy.cpp") {
  // 1000-byte pages: 1024 apart in DRAM, 1008 apart in L1.
  constexpr uint32_t kPage = 1000;
  const uint32_t pages = 250 + g.cores();  // more pages than L1 banks
  std::vector<uint8_t> src(pages * kPage);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint8_t>(i * 7 + i / kPage);
  PlacedBuffer in = t.upload(src, kPage);
  PlacedBuffer mid = device.allocate(spec_of(src.size(), kPage, MemoryKind::kL1));
  PlacedBuffer out = device.allocate(spec_of(src.size(), kPage));
  EXPECT_EQ(mid.aligned_page_size, 1008u);
  // Top-down from the end of L1, as tt-metal's allocator places L1 buffers.
  const uint32_t banks = 120;
  EXPECT_EQ(mid.address, device.capabilities().arch->l1_bytes - (pages + banks - 1) / banks * 1008);

  Program p;
  p.kernels = {kernel(kernel_file, Processor::kRiscv0, g.all())};
  p.circular_buffers = {cb(0, DataFormat::UInt8, 1024, 1, g.all())};
  ModelRun r;
  r.kernels.resize(1);
  const uint32_t per_core = (pages + g.cores() - 1) / g.cores();
  for (uint32_t i = 0; i < g.cores(); ++i) {
    const uint32_t start = std::min(pages, i * per_core), end = std::min(pages, start + per_core);
    r.kernels[0].per_core[g.core(i)] = {addr(in), addr(mid), addr(out), start, end - start, kPage,
                                        device.capabilities().arch->dram_banks, banks, 1024, 1008};
  }
  auto compiled = device.compile(p);
  device.run(*compiled, r, "copy through L1");
  EXPECT_EQ(t.download<uint8_t>(mid), src) << "the L1 buffer as the host reads it";
  EXPECT_EQ(t.download<uint8_t>(out), src);
  // Page 121 lives on L1 bank 1: core (1, 0), one page slot up.
  std::vector<std::byte> page(kPage);
  device.read(mid, 121 * kPage, page);
  EXPECT_EQ(std::memcmp(page.data(), src.data() + 121 * kPage, kPage), 0);
}

TEST_F(EmuDeviceTest, CopyThroughAnL1BufferOnOneCore) { copy_through_l1(*this, device_, {1, 1}); }
TEST_F(EmuDeviceTest, CopyThroughAnL1BufferOnAGrid) { copy_through_l1(*this, device_, {12, 10}); }
TEST_F(EmuDeviceTest, CopyThroughAnL1BufferByTheFirmwareBankTables) {
  copy_through_l1(*this, device_, {12, 10}, "bank_table_copy.cpp");
}

// ---- Softmax whose input CB holds Wt + 1 pages: a tile row and its scaler ---

void softmax(EmuDeviceTest& t, EmuDevice& device, Grid g) {
  constexpr uint32_t Wt = 4;
  const uint32_t rows = 32 * 2 * g.cores(), cols = 32 * Wt;  // two tile rows per core
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> d(-4, 4);
  std::vector<float> x(rows * cols);
  for (auto& v : x) v = d(rng);
  x[3 * cols + 5] = 40.0f;  // a dominant element
  PlacedBuffer bx = t.upload(testing::tilize(x, rows, cols), 4096);
  PlacedBuffer by = device.allocate(spec_of(x.size() * 4, 4096));

  Program p;
  p.kernels = {kernel("softmax_reader.cpp", Processor::kRiscv0, g.all()),
               kernel("softmax_compute.cpp", Processor::kCompute, g.all()),
               kernel("tile_writer.cpp", Processor::kRiscv1, g.all())};
  for (auto& k : p.kernels) k.named_compile_args = {{"Wt", Wt}, {"tiles_per_unit", Wt}};
  p.circular_buffers = {cb(0, DataFormat::Float32, 4096, Wt + 1, g.all()), cb(2, DataFormat::Float32, 4096, 1, g.all()),
                        cb(3, DataFormat::Float32, 4096, Wt, g.all()), cb(4, DataFormat::Float32, 4096, 1, g.all()),
                        cb(16, DataFormat::Float32, 4096, 2, g.all())};
  ModelRun r;
  r.kernels.resize(3);
  for (uint32_t i = 0; i < g.cores(); ++i) {
    r.kernels[0].per_core[g.core(i)] = {addr(bx), 2 * i, 2};
    r.kernels[1].per_core[g.core(i)] = {2};
    r.kernels[2].per_core[g.core(i)] = {addr(by), 2 * i, 2};
  }
  auto compiled = device.compile(p);
  device.run(*compiled, r, "softmax");
  const std::vector<float> y = t.download<float>(by);
  for (uint32_t row = 0; row < rows; ++row) {
    double m = -INFINITY, sum = 0;
    for (uint32_t c = 0; c < cols; ++c) m = std::max(m, double(x[row * cols + c]));
    for (uint32_t c = 0; c < cols; ++c) sum += std::exp(double(x[row * cols + c]) - m);
    for (uint32_t c = 0; c < cols; ++c) {
      const double ref = std::exp(double(x[row * cols + c]) - m) / sum;
      const float got = y[size_t((row / 32) * Wt + c / 32) * 1024 + face_index(row % 32, c % 32)];
      // FPU operands (reduce, bcast) keep TF32 precision: as compute_e2e's softmax.
      ASSERT_NEAR(got, ref, 8e-3 * ref + 1e-30) << "y[" << row << "][" << c << "]";
    }
  }
}

TEST_F(EmuDeviceTest, SoftmaxWithAWholeRowPlusOneInItsCbOnOneCore) { softmax(*this, device_, {1, 1}); }
TEST_F(EmuDeviceTest, SoftmaxWithAWholeRowPlusOneInItsCbOnAGrid) { softmax(*this, device_, {4, 3}); }

// ---- An SFPU op chosen by a define ------------------------------------------

// x (random, 2 tiles per core) through tile_reader, `compute` built with
// `defines`, tile_writer; returns {x, y}.
std::pair<std::vector<float>, std::vector<float>> through_compute(EmuDeviceTest& t, EmuDevice& device, Grid g,
                                                                  const std::string& compute,
                                                                  std::map<std::string, std::string> defines) {
  constexpr uint32_t kTilesPerCore = 2;
  const uint32_t tiles = g.cores() * kTilesPerCore;
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> d(-10, 10);
  std::vector<float> x(tiles * 1024);
  for (auto& v : x) v = d(rng);
  PlacedBuffer bx = t.upload(x, 4096);
  PlacedBuffer by = device.allocate(spec_of(x.size() * 4, 4096));
  Program p;
  p.kernels = {kernel("tile_reader.cpp", Processor::kRiscv0, g.all()),
               kernel(compute, Processor::kCompute, g.all()),
               kernel("tile_writer.cpp", Processor::kRiscv1, g.all())};
  p.kernels[1].defines = std::move(defines);
  p.kernels[1].compute.unpack_to_dest = {0};  // Float32 straight into DST: exact
  p.kernels[2].named_compile_args = {{"tiles_per_unit", 1}};
  p.circular_buffers = {cb(0, DataFormat::Float32, 4096, 2, g.all()), cb(16, DataFormat::Float32, 4096, 2, g.all())};
  ModelRun r;
  r.kernels.resize(3);
  for (uint32_t i = 0; i < g.cores(); ++i) {
    r.kernels[0].per_core[g.core(i)] = {addr(bx), i * kTilesPerCore, kTilesPerCore};
    r.kernels[1].per_core[g.core(i)] = {kTilesPerCore};
    r.kernels[2].per_core[g.core(i)] = {addr(by), i * kTilesPerCore, kTilesPerCore};
  }
  auto compiled = device.compile(p);
  device.run(*compiled, r, compute);
  return {x, t.download<float>(by)};
}

void sfpu_by_define(EmuDeviceTest& t, EmuDevice& device, Grid g, const std::string& define) {
  const auto [x, y] = through_compute(t, device, g, "sfpu_compute.cpp", {{define, "1"}});
  for (size_t i = 0; i < y.size(); ++i) {
    const float ref = define == "SFPU_RELU" ? std::max(x[i], 0.0f) : -x[i];
    ASSERT_EQ(y[i], ref) << define << " element " << i;
  }
}

TEST_F(EmuDeviceTest, SfpuOpChosenByADefineOnOneCore) {
  sfpu_by_define(*this, device_, {1, 1}, "SFPU_RELU");
  sfpu_by_define(*this, device_, {1, 1}, "SFPU_NEGATIVE");
}
TEST_F(EmuDeviceTest, SfpuOpChosenByADefineOnAGrid) { sfpu_by_define(*this, device_, {6, 5}, "SFPU_NEGATIVE"); }

// Defines as ttnn's binary_ng factory gives them: function-like activation
// chains on DST tile i, empty when there is none, and an empty plain define,
// all reaching the compiler as tt-metal's JIT passes them (NAME=VALUE, the
// value verbatim: empty stays empty).
TEST_F(EmuDeviceTest, FunctionLikeAndEmptyDefinesReachTheKernelAsTtMetalPassesThem) {
  {
    const auto [x, y] = through_compute(*this, device_, {1, 1}, "activations_compute.cpp",
                                        {{"PROCESS_LHS_ACTIVATIONS(i)", "negative_tile_init(); negative_tile(i);"},
                                         {"PROCESS_POST_ACTIVATIONS(i)", ""},
                                         {"BIAS_TERM", ""}});
    for (size_t i = 0; i < y.size(); ++i) ASSERT_EQ(y[i], -x[i] + 2.0f) << "element " << i;
  }
  const auto [x, y] = through_compute(*this, device_, {1, 1}, "activations_compute.cpp",
                                      {{"PROCESS_LHS_ACTIVATIONS(i)", ""},
                                       {"PROCESS_POST_ACTIVATIONS(i)", "relu_tile_init(); relu_tile(i);"},
                                       {"BIAS_TERM", "* 3.0f"}});
  for (size_t i = 0; i < y.size(); ++i) ASSERT_EQ(y[i], std::max(x[i], 0.0f) + 6.0f) << "element " << i;
}

TEST_F(EmuDeviceTest, MalformedDefinesAreRefusedNamingThem) {
  using ::testing::HasSubstr;
  auto refusal = [&](const std::string& name, const std::string& value) {
    Program p;
    p.kernels = {kernel("sfpu_compute.cpp", Processor::kCompute, rect(0, 0, 0, 0))};
    p.kernels[0].defines = {{"SFPU_RELU", "1"}, {name, value}};
    try {
      auto compiled = device_.compile(p);
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), Code::kInvalidArgument) << name;
      return std::string(e.what());
    }
    return std::string("compiled");
  };
  for (const char* name : {"1ABC", "A B", "F(", "F(1)", "F(a,)", "F (a)", "F(a)b", ""})
    EXPECT_THAT(refusal(name, ""), HasSubstr(fmt::format("define '{}' is neither a macro name nor a function-like "
                                                         "macro NAME(a, b)",
                                                         name)));
  EXPECT_THAT(refusal("TWO_LINES", "1\nint injected;"), HasSubstr("the value of define 'TWO_LINES' spans lines"));
  EXPECT_EQ(refusal("V(...)", "__VA_ARGS__"), "compiled");
  EXPECT_EQ(refusal("G()", ""), "compiled");
  EXPECT_EQ(refusal("H(a, b)", "a + b"), "compiled");
}

// ---- Mailboxes: the reader tells the TRISCs which batches are valid ----------

void mailbox_batches(EmuDeviceTest& t, EmuDevice& device, Grid g) {
  constexpr uint32_t kBatches = 8;  // 24 words per core: more than a mailbox holds, so the reader waits
  const uint32_t tiles = g.cores() * kBatches;
  std::vector<float> x(tiles * 1024);
  for (size_t i = 0; i < x.size(); ++i) x[i] = float(i % 1000) * 0.25f - 100.0f;
  std::vector<float> ref;
  std::vector<uint32_t> valid_before(g.cores() + 1, 0);
  for (uint32_t tile = 0; tile < tiles; ++tile) {
    if (tile % 3 == 1) continue;  // mailbox_reader.cpp's invalid batches
    for (uint32_t e = 0; e < 1024; ++e) ref.push_back(-x[tile * 1024 + e]);
    ++valid_before[tile / kBatches + 1];
  }
  for (uint32_t i = 0; i < g.cores(); ++i) valid_before[i + 1] += valid_before[i];
  PlacedBuffer bx = t.upload(x, 4096);
  PlacedBuffer by = device.allocate(spec_of(ref.size() * 4, 4096));
  Program p;
  p.kernels = {kernel("mailbox_reader.cpp", Processor::kRiscv0, g.all()),
               kernel("mailbox_compute.cpp", Processor::kCompute, g.all()),
               kernel("tile_writer.cpp", Processor::kRiscv1, g.all())};
  p.kernels[1].compute.unpack_to_dest = {0};
  p.kernels[2].named_compile_args = {{"tiles_per_unit", 1}};
  p.circular_buffers = {cb(0, DataFormat::Float32, 4096, 2, g.all()), cb(16, DataFormat::Float32, 4096, 2, g.all())};
  ModelRun r;
  r.kernels.resize(3);
  for (uint32_t i = 0; i < g.cores(); ++i) {
    r.kernels[0].per_core[g.core(i)] = {addr(bx), i * kBatches, kBatches};
    r.kernels[1].per_core[g.core(i)] = {kBatches, i * kBatches};
    r.kernels[2].per_core[g.core(i)] = {addr(by), valid_before[i], valid_before[i + 1] - valid_before[i]};
  }
  auto compiled = device.compile(p);
  device.run(*compiled, r, "mailbox");
  EXPECT_EQ(t.download<float>(by), ref);
}

TEST_F(EmuDeviceTest, MailboxWordsFromTheReaderPickTheBatchesComputeTakesOnOneCore) {
  mailbox_batches(*this, device_, {1, 1});
}
TEST_F(EmuDeviceTest, MailboxWordsFromTheReaderPickTheBatchesComputeTakesOnAGrid) {
  mailbox_batches(*this, device_, {4, 3});
}

// ---- A sharded L1 buffer ----------------------------------------------------

// 8 x 4 pages of 64 bytes, height-sharded in shards of 2 page rows over four
// cores: the host's view round-trips (spans and files), and each core finds
// its own shard at the buffer's address in its L1, by NOC and as a CB there.
TEST_F(EmuDeviceTest, ShardedL1BufferRoundTripsAndEachCoreHoldsItsShardAlsoAsAGlobalCb) {
  constexpr uint32_t kPage = 64, kRows = 8, kCols = 4;
  BufferSpec spec = spec_of(kRows * kCols * kPage, kPage, MemoryKind::kL1, BufferLayout::kHeightSharded);
  const CoreRangeSet shard_cores = rect(3, 2, 4, 3);  // (3,2) (4,2) (3,3) (4,3)
  spec.shard = program::ShardSpec{shard_cores, 2, kCols * 16, true, 1, 16, kRows, kCols};
  PlacedBuffer sharded = device_.allocate(spec);
  std::vector<uint8_t> host(spec.size);
  for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<uint8_t>(i * 13 + 1);
  device_.write(sharded, 0, std::as_bytes(std::span(host)));
  EXPECT_EQ(download<uint8_t>(sharded), host);

  PlacedBuffer out = device_.allocate(spec_of(spec.size, kPage));
  Program p;
  p.kernels = {kernel("shard_to_dram.cpp", Processor::kRiscv0, shard_cores)};
  p.circular_buffers = {cb(0, DataFormat::UInt8, kPage, 1, shard_cores)};
  ModelRun r;
  r.kernels.resize(1);
  const Core order[] = {{3, 2}, {4, 2}, {3, 3}, {4, 3}};
  const uint32_t shard_pages = 2 * kCols;
  for (uint32_t s = 0; s < 4; ++s) r.kernels[0].per_core[order[s]] = {addr(sharded), addr(out), s * shard_pages, shard_pages, kPage};
  run(p, r);
  // Height sharding keeps the host's page order: shard s holds pages [8s, 8s + 8).
  EXPECT_EQ(download<uint8_t>(out), host);

  // The same shards as a circular buffer at the buffer's address (globally
  // allocated), two indices sharing it; a new host image comes through a file.
  for (auto& v : host) v = static_cast<uint8_t>(v ^ 0x5a);
  const int fd = memfd_create("shard-image", MFD_CLOEXEC);
  ASSERT_EQ(write(fd, host.data(), host.size()), static_cast<ssize_t>(host.size()));
  device_.write_from_fd(sharded, fd, host.size());
  Program global;
  global.kernels = {kernel("global_cb_to_dram.cpp", Processor::kRiscv0, shard_cores)};
  CircularBufferSpec shard_cb = cb(1, DataFormat::UInt8, kPage, shard_pages, shard_cores);
  shard_cb.indices.push_back({2, DataFormat::UInt8, kPage});
  shard_cb.address = sharded.address;
  global.circular_buffers = {shard_cb};
  ModelRun g;
  g.kernels.resize(1);
  for (uint32_t s = 0; s < 4; ++s) g.kernels[0].per_core[order[s]] = {addr(out), s * shard_pages, shard_pages, kPage};
  run(global, g);
  EXPECT_EQ(download<uint8_t>(out), host);
  std::vector<uint8_t> back(host.size());
  ASSERT_EQ(ftruncate(fd, 0), 0);
  ASSERT_EQ(ftruncate(fd, static_cast<off_t>(host.size())), 0);
  device_.read_to_fd(sharded, fd, host.size());
  ASSERT_EQ(pread(fd, back.data(), back.size(), 0), static_cast<ssize_t>(back.size()));
  EXPECT_EQ(back, host);
  close(fd);
}

// L1 is the runtime's memory: an L1 buffer keeps its bytes when a kernel
// kills the device worker, as DRAM buffers do.
TEST_F(EmuDeviceTest, L1BuffersKeepTheirBytesWhenAKernelKillsTheWorker) {
  std::vector<uint32_t> words(120 * 256);
  for (size_t i = 0; i < words.size(); ++i) words[i] = static_cast<uint32_t>(i * 977);
  PlacedBuffer l1 = upload(words, 1024, MemoryKind::kL1);
  Program p;
  p.kernels = {kernel("tile_reader.cpp", Processor::kRiscv0, rect(0, 0, 3, 2))};
  p.kernels[0].name = "crash.cpp";
  p.kernels[0].source = "#include \"api/dataflow/dataflow_api.h\"\nvoid kernel_main() { __builtin_trap(); }\n";
  ModelRun r;
  r.kernels.resize(1);
  try {
    run(p, r);
    FAIL() << "ran";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kFailedPrecondition);
    EXPECT_NE(std::string(e.what()).find("SIGILL"), std::string::npos) << e.what();
  }
  EXPECT_EQ(download<uint32_t>(l1), words);
  // The new worker sees them too: core (1, 0) holds page 1 at the buffer's address.
  PlacedBuffer out = device_.allocate(spec_of(1024, 1024));
  Program copy;
  copy.kernels = {kernel("shard_to_dram.cpp", Processor::kRiscv0, rect(1, 0, 1, 0))};
  copy.circular_buffers = {cb(0, DataFormat::UInt8, 1024, 1, rect(1, 0, 1, 0))};
  ModelRun c;
  c.kernels.resize(1);
  c.kernels[0].per_core[Core{1, 0}] = {addr(l1), addr(out), 0, 1, 1024};
  run(copy, c);
  EXPECT_EQ(download<uint32_t>(out), std::vector<uint32_t>(words.begin() + 256, words.begin() + 512));
}

// ---- Circular buffers never share L1 with an L1 buffer -----------------------

TEST_F(EmuDeviceTest, ACircularBufferOverAnL1BufferIsRefusedAtCompileAndAtRun) {
  const Arch& arch = *device_.capabilities().arch;
  Program p;
  p.kernels = {kernel("tile_reader.cpp", Processor::kRiscv0, rect(0, 0, 1, 0))};
  p.circular_buffers = {cb(0, DataFormat::Float32, 4096, 100, rect(0, 0, 1, 0))};  // [64 KiB, 464 KiB)
  // One page per worker core, 1.1 MiB each: reaches down to 448 KiB.
  const uint32_t page = static_cast<uint32_t>(arch.l1_bytes - 448 * 1024);
  const uint64_t cores = uint64_t{arch.grid_rows} * arch.grid_cols;
  PlacedBuffer big = device_.allocate(spec_of(page * cores, page, MemoryKind::kL1));
  EXPECT_EQ(big.address, 448u * 1024);
  try {
    device_.compile(p);
    FAIL() << "compiled";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kResourceExhausted);
    EXPECT_STREQ(e.what(), "circular buffer 0 at L1 [0x10000, 0x74000) on core (0, 0) overlaps the L1 buffer at "
                           "[0x70000, 0x180000); free the buffer or shrink the program's circular buffers");
  }
  device_.free(big);
  auto compiled = device_.compile(p);
  big = device_.allocate(spec_of(page * cores, page, MemoryKind::kL1));  // after compile: the run refuses
  ModelRun r;
  r.kernels.resize(1);
  r.kernels[0].per_core = {{Core{0, 0}, {0, 0, 0}}, {Core{1, 0}, {0, 0, 0}}};  // no tiles to read
  try {
    device_.run(*compiled, r, "collision");
    FAIL() << "ran";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kResourceExhausted);
    EXPECT_NE(std::string(e.what()).find("overlaps the L1 buffer at [0x70000, 0x180000)"), std::string::npos);
  }
  device_.free(big);
  device_.run(*compiled, r, "no collision");
}

// ---- Refusals and capabilities ----------------------------------------------

TEST_F(EmuDeviceTest, TwoKernelsOnOneProcessorOfACoreAreRefusedAtCompile) {
  Program p;
  p.kernels = {kernel("tile_reader.cpp", Processor::kRiscv0, rect(0, 0, 2, 0)),
               kernel("l1_copy.cpp", Processor::kRiscv0, rect(2, 0, 3, 1))};
  try {
    device_.compile(p);
    FAIL() << "compiled";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kInvalidArgument);
    EXPECT_STREQ(e.what(), "kernels tile_reader.cpp and l1_copy.cpp both run on RISCV_0 of core (2, 0); a core takes "
                           "one kernel per processor");
  }
}

// The worker keeps a bounded number of programs (kWorkerPrograms) and is told
// which to drop; one dropped is sent again when it runs again: a worker asked
// to run a program it does not hold refuses ("program N was never sent to
// this worker"), so the last run fails unless the runtime sent it again.
TEST_F(EmuDeviceTest, AProgramTheWorkerDroppedIsSentAgain) {
  Program p;
  p.kernels = {kernel("tile_reader.cpp", Processor::kRiscv0, rect(0, 0, 0, 0))};
  p.circular_buffers = {cb(0, DataFormat::Float32, 4096, 1, rect(0, 0, 0, 0))};
  ModelRun r;
  r.kernels.resize(1);
  r.kernels[0].per_core[Core{0, 0}] = {0, 0, 0};
  auto first = device_.compile(p);
  device_.run(*first, r, "first");
  for (size_t i = 0; i < kWorkerPrograms + 10; ++i) {
    auto other = device_.compile(p);
    device_.run(*other, r, "other");
  }
  EXPECT_NO_THROW(device_.run(*first, r, "first again"));
}

TEST_F(EmuDeviceTest, DeclaresItsCapabilitiesFromTheArch) {
  const DeviceCapabilities& caps = device_.capabilities();
  EXPECT_EQ(caps.kind, "emulator");
  EXPECT_EQ(caps.arch->name, "p100a");
  EXPECT_TRUE(caps.grids_beyond_arch);
  EXPECT_EQ(caps.cb_formats,
            (std::vector<DataFormat>{DataFormat::Float32, DataFormat::Float16, DataFormat::Float16_b, DataFormat::Bfp8_b,
                                     DataFormat::Bfp4_b, DataFormat::Int32, DataFormat::UInt16, DataFormat::Int8,
                                     DataFormat::UInt32, DataFormat::Fp8_e4m3, DataFormat::UInt8, DataFormat::RawUInt8,
                                     DataFormat::RawUInt16, DataFormat::RawUInt32}));
  EXPECT_EQ(caps.l1_unreserved_base, 64u * 1024);
  EXPECT_EQ(caps.max_runtime_args, 341u);
  EXPECT_EQ(caps.max_circular_buffers, 64u);
  EXPECT_EQ(caps.max_semaphores, 16u);
  const uint64_t l1_free = device_.free_bytes(MemoryKind::kL1);
  EXPECT_EQ(l1_free, 120u * (1536 - 64) * 1024);
  PlacedBuffer b = device_.allocate(spec_of(120 * 2048, 2048, MemoryKind::kL1));
  EXPECT_EQ(device_.free_bytes(MemoryKind::kL1), l1_free - 120 * 2048);
  device_.free(b);
  EXPECT_EQ(device_.free_bytes(MemoryKind::kL1), l1_free);
}

}  // namespace
}  // namespace zyxtt::emu::device_test
