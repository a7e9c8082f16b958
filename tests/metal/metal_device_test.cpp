// MetalDevice: the program model onto the card interface (card.h), against a
// card that records what it is asked to do. TT-Metalium itself is exercised by
// the metal-emu and metal labels.
#include "device/metal/metal_device.h"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <numeric>

#include "common/error.h"

namespace zyxtt::metal {

struct CardBuffer {
  std::vector<uint8_t> bytes;
  uint32_t page_size = 0;
  bool dram = true;
  uint64_t address = 0;
};

namespace {

using namespace program;

struct FakeProgram final : CardProgram {
  std::vector<std::vector<program::KernelRunArgs>>* runs = nullptr;
  void run(const std::vector<program::KernelRunArgs>& args, const std::string&) override { runs->push_back(args); }
  size_t programs_built() const override { return 1; }
};

struct FakeCard final : Card {
  CardInfo card_info{"fake card", 11, 10, 1572864, 8, 4278190080ull, 64, 16, 0x19000};
  std::vector<uint32_t> accessor_words;  // empty: [2, aligned page]
  std::vector<std::string> log;          // transfers in order
  std::vector<CardProgramSpec> built;
  std::vector<std::vector<program::KernelRunArgs>> runs;
  uint64_t next_address = 0x1000;

  const CardInfo& info() const override { return card_info; }
  uint64_t free_bytes(bool dram) const override { return dram ? 1000 : 10; }
  std::shared_ptr<CardBuffer> allocate(uint64_t size, uint32_t page_size, bool dram) override {
    auto b = std::make_shared<CardBuffer>(CardBuffer{std::vector<uint8_t>(size, 0xEE), page_size, dram, next_address});
    next_address += size;
    log.push_back("allocate " + std::to_string(size) + " pages of " + std::to_string(page_size) +
                  (dram ? " dram" : " l1"));
    return b;
  }
  uint64_t address(const CardBuffer& b) const override { return b.address; }
  uint32_t aligned_page_size(const CardBuffer& b) const override { return (b.page_size + 63) / 64 * 64; }
  std::vector<uint32_t> accessor_args(const CardBuffer& b) const override {
    return accessor_words.empty() ? std::vector<uint32_t>{2, aligned_page_size(b)} : accessor_words;
  }
  void write(CardBuffer& b, const std::vector<uint8_t>& bytes) override {
    EXPECT_EQ(bytes.size(), b.bytes.size()) << "whole-buffer writes only";
    b.bytes = bytes;
    log.push_back("write");
  }
  void read(CardBuffer& b, std::vector<uint8_t>& bytes) override {
    bytes = b.bytes;
    log.push_back("read");
  }
  std::unique_ptr<CardProgram> build(const CardProgramSpec& spec) override {
    built.push_back(spec);
    auto p = std::make_unique<FakeProgram>();
    p->runs = &runs;
    return p;
  }
};

class MetalDeviceTest : public ::testing::Test {
 protected:
  MetalDeviceTest() {
    MetalOptions options;
    options.card.device_id = 3;
    options.fallback_arch = &default_arch();
    options.open_card = [this](const CardOptions& o) -> std::unique_ptr<Card> {
      opened_id = o.device_id;
      if (open_error) throw *open_error;
      auto card = std::make_unique<FakeCard>();
      card->accessor_words = accessor_words;
      fake = card.get();
      return card;
    };
    device = std::make_unique<MetalDevice>(options);
  }

  std::unique_ptr<MetalDevice> device;
  FakeCard* fake = nullptr;
  int opened_id = -1;
  std::optional<Error> open_error;
  std::vector<uint32_t> accessor_words;
};

void expect_error(const std::function<void()>& f, Code code, const std::string& message) {
  try {
    f();
    ADD_FAILURE() << "no error; expected " << message;
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), code) << e.what();
    EXPECT_EQ(std::string(e.what()), message);
  }
}

BufferSpec spec_of(uint64_t size, uint32_t page, MemoryKind memory) {
  BufferSpec spec;
  spec.size = size;
  spec.page_size = page;
  spec.memory = memory;
  return spec;
}
BufferSpec dram(uint64_t size) { return spec_of(size, 4096, MemoryKind::kDram); }

// A memfd holding `bytes`, standing in for a client's shared-memory object.
int memfd_with(const std::vector<uint8_t>& bytes) {
  int fd = memfd_create("metal-test", 0);
  EXPECT_EQ(write(fd, bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  return fd;
}

TEST_F(MetalDeviceTest, CapabilitiesAreTheFallbackUntilOpenThenTheCards) {
  EXPECT_EQ(device->capabilities().kind, "metal");
  EXPECT_EQ(device->capabilities().arch, &default_arch());
  device->open("");
  EXPECT_EQ(opened_id, 3);
  const DeviceCapabilities& caps = device->capabilities();
  EXPECT_EQ(caps.arch->grid_cols, 11u);
  EXPECT_EQ(caps.arch->grid_rows, 10u);
  EXPECT_EQ(caps.arch->dram_banks, 8u);
  EXPECT_EQ(caps.arch->l1_bytes, 1572864u);
  EXPECT_EQ(caps.l1_unreserved_base, 0x19000u);
  EXPECT_EQ(caps.max_runtime_args, 341u);
  EXPECT_FALSE(caps.grids_beyond_arch);
  using F = tt::DataFormat;
  EXPECT_EQ(caps.cb_formats, (std::vector<F>{F::Float32, F::Float16, F::Float16_b, F::Bfp8_b, F::Bfp4_b, F::Int32,
                                             F::UInt16, F::Int8, F::UInt32, F::Fp8_e4m3, F::UInt8, F::RawUInt8,
                                             F::RawUInt16, F::RawUInt32}));
  EXPECT_EQ(device->free_bytes(MemoryKind::kDram), 1000u);
  EXPECT_EQ(device->free_bytes(MemoryKind::kL1), 10u);
}

TEST_F(MetalDeviceTest, OpenErrorsPassThrough) {
  open_error = Error(Code::kFailedPrecondition, "cannot open Tenstorrent device 3: it does not exist");
  expect_error([&] { device->open(""); }, Code::kFailedPrecondition,
               "cannot open Tenstorrent device 3: it does not exist");
  expect_error([&] { device->allocate(dram(10)); }, Code::kFailedPrecondition,
               "the card is not open yet; send init first");
}

TEST_F(MetalDeviceTest, RefusesATTMetaliumWhoseAccessorArgsAreOneWord) {
  accessor_words = {2};
  expect_error([&] { device->open(""); }, Code::kFailedPrecondition,
               "this TT-Metalium describes an interleaved DRAM buffer to kernels as [2], not [2, 1024] as zyx's "
               "kernels and this runtime assume; use TT-Metalium 0.68 or newer");
}

TEST_F(MetalDeviceTest, BuffersAreWholePagesOnTheCard) {
  device->open("");
  fake->log.clear();
  PlacedBuffer a = device->allocate(dram(5000));
  PlacedBuffer b = device->allocate(spec_of(100, 32, MemoryKind::kL1));
  EXPECT_EQ(fake->log, (std::vector<std::string>{"allocate 8192 pages of 4096 dram", "allocate 128 pages of 32 l1"}));
  EXPECT_EQ(a.address, 0x1000u + 1024);  // after the open-time probe's one page
  EXPECT_EQ(a.aligned_page_size, 4096u);
  EXPECT_EQ(b.aligned_page_size, 64u);
  EXPECT_EQ(a.spec, dram(5000));
  device->free(a);
  expect_error([&] { device->free(a); }, Code::kNotFound, "no buffer at address 5120 on the card");
}

TEST_F(MetalDeviceTest, RefusesShardedBuffers) {
  device->open("");
  BufferSpec spec = dram(4096);
  spec.memory = MemoryKind::kL1;
  spec.layout = BufferLayout::kHeightSharded;
  expect_error([&] { device->allocate(spec); }, Code::kUnimplemented,
               "the metal device has interleaved buffers only, not sharded ones yet");
}

TEST_F(MetalDeviceTest, AWriteCoveringTheBufferIsOneTransferAndAShorterOneKeepsTheRest) {
  device->open("");
  PlacedBuffer buf = device->allocate(dram(8192));
  fake->log.clear();
  std::vector<uint8_t> whole(8192);
  std::iota(whole.begin(), whole.end(), 0);
  int fd = memfd_with(whole);
  device->write_from_fd(buf, fd, 8192);
  close(fd);
  EXPECT_EQ(fake->log, std::vector<std::string>{"write"});

  fake->log.clear();
  std::vector<uint8_t> head(5000, 0x5A);
  fd = memfd_with(head);
  device->write_from_fd(buf, fd, 5000);
  close(fd);
  EXPECT_EQ(fake->log, (std::vector<std::string>{"read", "write"}));

  std::vector<uint8_t> out(8192);
  fd = memfd_with(std::vector<uint8_t>(8192, 0));
  device->read_to_fd(buf, fd, 8192);
  ASSERT_EQ(pread(fd, out.data(), out.size(), 0), 8192);
  close(fd);
  for (size_t i = 0; i < 8192; ++i) ASSERT_EQ(out[i], i < 5000 ? 0x5A : uint8_t(i)) << i;

  std::vector<std::byte> middle(3);
  device->read(buf, 4999, middle);
  EXPECT_EQ(middle, (std::vector<std::byte>{std::byte{0x5A}, std::byte{uint8_t(5000)}, std::byte{uint8_t(5001)}}));
  const std::byte patch[2] = {std::byte{1}, std::byte{2}};
  device->write(buf, 8190, patch);
  device->read(buf, 8190, std::span(middle).first(2));
  EXPECT_EQ(middle[0], std::byte{1});
  EXPECT_EQ(middle[1], std::byte{2});
  expect_error([&] { device->write(buf, 8191, patch); }, Code::kOutOfRange, "write beyond the end of the buffer");
}

TEST_F(MetalDeviceTest, AShortSharedMemoryObjectIsAnErrorNamingTheBytesAndWritesNothing) {
  device->open("");
  PlacedBuffer buf = device->allocate(dram(4096));
  fake->log.clear();
  int fd = memfd_with(std::vector<uint8_t>(100, 1));
  expect_error([&] { device->write_from_fd(buf, fd, 4096); }, Code::kFailedPrecondition,
               "the shared-memory object shrank to 100 bytes during the copy of 4096 bytes; no bytes of the buffer "
               "were written, the rest keeps its previous bytes");
  close(fd);
  EXPECT_TRUE(fake->log.empty());
}

TEST_F(MetalDeviceTest, ASecondInitWithAnotherCacheFolderIsRefused) {
  device->open("/tmp/a");
  device->open("/tmp/a");
  expect_error([&] { device->open("/tmp/b"); }, Code::kFailedPrecondition,
               "init: the device is already open with cache folder '/tmp/a'; a second init cannot switch to '/tmp/b' "
               "(programs compiled so far use the first); start a new runtime for another cache folder");
}

Program sample_program() {
  Program p;
  KernelSpec reader;
  reader.name = "reader";
  reader.source = "void kernel_main() {}";
  reader.processor = Processor::kRiscv0;
  reader.noc = 0;
  reader.cores = {{{{0, 0}, {3, 1}}}};
  reader.compile_args = {2, 4096};
  reader.named_compile_args = {{"n", 7}};
  reader.defines = {{"X", "1"}};
  reader.include_dirs = {"/opt/inc"};
  KernelSpec compute = reader;
  compute.name = "compute";
  compute.processor = Processor::kCompute;
  compute.compute.math_fidelity = MathFidelity::kHiFi2;
  compute.compute.fp32_dest_acc = true;
  compute.compute.math_approx_mode = true;
  compute.compute.dst_full_sync = true;
  compute.compute.unpack_to_dest = {0, 16};
  KernelSpec writer = reader;
  writer.name = "writer";
  writer.processor = Processor::kRiscv1;
  writer.noc = 1;
  writer.cores = {{{{0, 0}, {0, 0}}, {{2, 2}, {2, 3}}}};
  p.kernels = {reader, compute, writer};
  CircularBufferSpec cb;
  cb.cores = reader.cores;
  cb.total_size = 8192;
  cb.indices = {{0, tt::DataFormat::Float32, 4096}, {16, tt::DataFormat::Float16_b, 2048}};
  p.circular_buffers = {cb};
  p.semaphores = {{0, reader.cores, 5}};
  return p;
}

TEST_F(MetalDeviceTest, CompileHandsTheCardEveryPartOfTheModel) {
  device->open("");
  device->compile(sample_program());
  ASSERT_EQ(fake->built.size(), 1u);
  const CardProgramSpec& spec = fake->built[0];
  ASSERT_EQ(spec.kernels.size(), 3u);
  // Kernels and semaphores are the model's own types: the card gets them whole.
  EXPECT_EQ(spec.kernels, sample_program().kernels);
  ASSERT_EQ(spec.circular_buffers.size(), 1u);
  EXPECT_EQ(spec.circular_buffers[0].total_size, 8192u);
  ASSERT_EQ(spec.circular_buffers[0].indices.size(), 2u);
  EXPECT_EQ(spec.circular_buffers[0].indices[1].index, 16u);
  EXPECT_EQ(spec.circular_buffers[0].indices[1].format, 5);  // tt-metal's Float16_b
  EXPECT_EQ(spec.circular_buffers[0].indices[1].page_size, 2048u);
  EXPECT_EQ(spec.circular_buffers[0].cores, sample_program().circular_buffers[0].cores);
  EXPECT_EQ(spec.semaphores, sample_program().semaphores);
}

TEST_F(MetalDeviceTest, RefusesCircularBuffersAtABuffersAddress) {
  device->open("");
  Program p = sample_program();
  p.circular_buffers[0].address = 0x20000;
  expect_error([&] { device->compile(p); }, Code::kUnimplemented,
               "the metal device has no circular buffers at a buffer's address (globally allocated) yet");
}

TEST_F(MetalDeviceTest, RunsPassPerCoreAndCommonArgsAsGiven) {
  device->open("");
  auto compiled = device->compile(sample_program());
  program::Run run;
  run.kernels.resize(3);
  run.kernels[0].per_core[{1, 0}] = {10, 0, 1};
  run.kernels[0].per_core[{0, 0}] = {10, 0, 0};
  run.kernels[2].common = {42};
  device->run(*compiled, run, "run of program 1");
  ASSERT_EQ(fake->runs.size(), 1u);
  EXPECT_EQ(fake->runs[0], run.kernels);
}

}  // namespace
}  // namespace zyxtt::metal
