// The timing model's shared resources and host-side costs
// (docs/timing-model.md, "Contention" and "Host"): model times of known
// programs against figures computed here from the document's stated costs.
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "device/arch.h"
#include "emu_device_fixture.h"
#include "trace_view.h"

namespace zyxtt::emu::device_test {
namespace {

// The document's costs, restated (not read from the model's header).
constexpr double kHz = 1.35e9;
constexpr double kBankBytesPerCycle = 512e9 / 8 / kHz;  // a GDDR6 channel
constexpr double kLinkBytesPerCycle = 64;               // a NOC link, a flit a cycle
constexpr double kDispatchCycles = 5.6e-6 * kHz;
constexpr double kHostWriteBytesPerSecond = 15e9, kHostReadBytesPerSecond = 3.2e9;

class TimingContention : public EmuDeviceTest {
 protected:
  TimingContention() : EmuDeviceTest(contention_options()) {}
};

uint64_t clock_of(const EmuDevice& d) { return d.model_clock_cycles().value_or(0); }

// Runs `p` and returns its kernels' model cycles.
double kernel_cycles(EmuDeviceTest& t, const Program& p, const ModelRun& r) {
  t.run(p, r);
  const ModelSpan s = t.device_.last_run_model_span().value_or(ModelSpan{});
  return static_cast<double>(s.end_cycles - s.begin_cycles);
}

// `readers` cores (row 0) each stream `pages` 16 KB pages of DRAM bank 0,
// reads in flight; returns the run's kernel cycles.
double one_bank_readers(EmuDeviceTest& t, uint32_t readers) {
  constexpr uint32_t kPage = 16384, kPages = 32;
  const uint32_t banks = t.device_.capabilities().arch->dram_banks;
  const Grid g{readers, 1};
  PlacedBuffer src = t.device_.allocate(spec_of(uint64_t{kPage} * kPages * banks, kPage));
  Program p;
  p.kernels.push_back(kernel("dram_stream_reader.cpp", Processor::kRiscv0, g.all()));
  p.kernels.back().compile_args = {0u};
  p.circular_buffers = {cb(0, DataFormat::Float32, kPage, 1, g.all())};
  ModelRun r;
  r.kernels.resize(1);
  for (uint32_t i = 0; i < g.cores(); ++i) r.kernels[0].per_core[g.core(i)] = {addr(src), 0, banks, kPages, kPage};
  const double cycles = kernel_cycles(t, p, r);
  const double floor = double{kPage} * kPages * readers / kBankBytesPerCycle;
  std::printf("%u readers of one bank: %.0f cycles, the bank's bandwidth alone %.0f\n", readers, cycles, floor);
  return cycles / floor;
}

TEST_F(TimingContention, CoresReadingOneDramBankShareItsBandwidth) {
  // One reader is bound by the bank (a channel's bandwidth, under the NOC's);
  // four readers of the same bank take four times as long, not the same.
  const double one = one_bank_readers(*this, 1), four = one_bank_readers(*this, 4);
  EXPECT_GE(one, 0.99);
  EXPECT_LE(one, 1.10);
  EXPECT_GE(four, 0.99);
  EXPECT_LE(four, 1.10);
}

// `senders` cores of row 0 each write 16 blocks of 8 KB into the L1 of the
// core east of them all, on NOC 0: every write crosses that core's last link
// and ejection port.
double fan_in_cycles(EmuDeviceTest& t, uint32_t senders) {
  constexpr uint32_t kBlocks = 16, kBytes = 8192;
  const Grid g{senders + 1, 1};
  const GridXY to = worker_noc(*t.device_.capabilities().arch, senders, 0);
  Program p;
  p.kernels.push_back(kernel("l1_fan_in_writer.cpp", Processor::kRiscv0, rect(0, 0, senders - 1, 0)));
  p.circular_buffers = {cb(0, DataFormat::Float32, kBytes, 1, g.all())};
  ModelRun r;
  r.kernels.resize(1);
  for (uint32_t i = 0; i < senders; ++i) r.kernels[0].per_core[g.core(i)] = {to.x, to.y, kBlocks, kBytes};
  const double cycles = kernel_cycles(t, p, r);
  const double link = double{kBlocks} * kBytes * senders / kLinkBytesPerCycle;
  std::printf("%u cores writing to one: %.0f cycles, the shared link alone %.0f\n", senders, cycles, link);
  return cycles / link;
}

TEST_F(TimingContention, CoresWritingToOneCoreShareItsLink) {
  // Alone, a sender streams at the link's rate (plus issue and latency);
  // five senders into one core take five times as long.
  const double one = fan_in_cycles(*this, 1), five = fan_in_cycles(*this, 5);
  EXPECT_GE(one, 0.99);
  EXPECT_LE(one, 1.10);
  EXPECT_GE(five, 0.99);
  EXPECT_LE(five, 1.10);
}

// Contention is counted only when asked (--model-contention on) or when a
// trace or the profiler records: by default the five writers do not queue
// behind one another on the shared link.
class TimingWithoutContention : public EmuDeviceTest {};
TEST_F(TimingWithoutContention, CoresWritingToOneCoreDoNotShareItsLinkByDefault) {
  EXPECT_LT(fan_in_cycles(*this, 5), 0.5);
}

TEST_F(TimingContention, HostTransfersCostTheirPcieTimeOnTheChipsClock) {
  constexpr uint64_t kBytes = 3 << 20;
  PlacedBuffer b = device_.allocate(spec_of(kBytes, 2048));
  std::vector<std::byte> bytes(kBytes, std::byte{7});
  const uint64_t t0 = clock_of(device_);
  device_.write(b, 0, bytes);
  const uint64_t t1 = clock_of(device_);
  std::vector<std::byte> back(kBytes);
  device_.read(b, 0, back);
  const uint64_t t2 = clock_of(device_);
  ASSERT_EQ(back, bytes);  // the model changed no byte
  EXPECT_NEAR(static_cast<double>(t1 - t0), kDispatchCycles + kBytes / kHostWriteBytesPerSecond * kHz, 2);
  EXPECT_NEAR(static_cast<double>(t2 - t1), kDispatchCycles + kBytes / kHostReadBytesPerSecond * kHz, 2);
}

TEST_F(TimingContention, EachLaunchPaysItsDispatchOnTheChipsClock) {
  const Grid g{1, 1};
  Program p;
  p.kernels.push_back(kernel("l1_fan_in_writer.cpp", Processor::kRiscv0, g.all()));
  p.circular_buffers = {cb(0, DataFormat::Float32, 2048, 1, g.all())};
  ModelRun r;
  r.kernels.resize(1);
  r.kernels[0].per_core[g.core(0)] = {0, 0, 0, 0};  // no writes: an empty kernel
  const uint64_t before = clock_of(device_);
  run(p, r);
  const ModelSpan first = device_.last_run_model_span().value_or(ModelSpan{});
  run(p, r);
  const ModelSpan second = device_.last_run_model_span().value_or(ModelSpan{});
  EXPECT_NEAR(static_cast<double>(first.begin_cycles - before), kDispatchCycles, 1);
  EXPECT_NEAR(static_cast<double>(second.begin_cycles - first.end_cycles), kDispatchCycles, 1);
  // Two launches on silicon: two dispatches and two kernel spans.
  EXPECT_EQ(clock_of(device_) - before,
            static_cast<uint64_t>(2 * kDispatchCycles + 0.5) + (first.end_cycles - first.begin_cycles) +
                (second.end_cycles - second.begin_cycles));
}

// A traced session: the host write, each launch's dispatch and the read lie
// on the chip's runs track one after another, each as long as its cost.
TEST(TimingContentionTrace, HostTransfersAndDispatchAreSpansOnTheChipsClock) {
  constexpr uint64_t kBytes = 1 << 20;
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("zyxtt-host-spans-" + std::to_string(getpid()) + ".json");
  {
    EmuOptions o = EmuDeviceTest::options();
    o.trace_path = path.string();
    EmuDevice device(o);
    device.open(ZYXTT_DEVICE_TEST_CACHE);
    PlacedBuffer b = device.allocate(spec_of(kBytes, 2048));
    std::vector<std::byte> bytes(kBytes, std::byte{1});
    device.write(b, 0, bytes);
    const Grid g{1, 1};
    Program p;
    p.kernels.push_back(kernel("l1_fan_in_writer.cpp", Processor::kRiscv0, g.all()));
    p.circular_buffers = {cb(0, DataFormat::Float32, 2048, 1, g.all())};
    ModelRun r;
    r.kernels.resize(1);
    r.kernels[0].per_core[g.core(0)] = {0, 0, 0, 0};
    device.run(*device.compile(p), r, "empty run");
    device.read(b, 0, bytes);
  }
  const testing::TraceView t = testing::read_trace(path);
  std::filesystem::remove(path);
  const auto host = t.in("X", "host");
  const auto runs = t.in("X", "run");
  ASSERT_EQ(host.size(), 3u);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(host[0]["name"], "host write");
  EXPECT_EQ(host[1]["name"], "dispatch");
  EXPECT_EQ(host[2]["name"], "host read");
  EXPECT_EQ(host[0]["args"]["bytes"], kBytes);
  EXPECT_EQ(t.track(host[0]), "runs");
  auto end = [](const nlohmann::json& e) { return e["ts"].get<double>() + e["dur"].get<double>(); };
  EXPECT_NEAR(host[0]["dur"].get<double>(), 5.6 + kBytes / kHostWriteBytesPerSecond * 1e6, 0.002);
  EXPECT_NEAR(host[1]["ts"].get<double>(), end(host[0]), 0.002);
  EXPECT_NEAR(host[1]["dur"].get<double>(), 5.6, 0.002);
  EXPECT_NEAR(runs[0]["ts"].get<double>(), end(host[1]), 0.002);
  EXPECT_NEAR(host[2]["ts"].get<double>(), end(runs[0]), 0.002);
  EXPECT_NEAR(host[2]["dur"].get<double>(), 5.6 + kBytes / kHostReadBytesPerSecond * 1e6, 0.002);
}

}  // namespace
}  // namespace zyxtt::emu::device_test
