// The device-interface test fixture: an EmuDevice on the real device worker,
// and the helpers that build programs of the model (kernels from
// tests/device/kernels/, CBs, buffers, grids) shared by the device tests.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "device/emu/emu_device.h"
#include "float_bits.h"
#include "tile_layout.h"

// Its own namespace: the program:: names brought in below stay out of zyxtt::emu.
namespace zyxtt::emu::device_test {

using namespace std::chrono_literals;
using program::BufferLayout;
using program::BufferSpec;
using program::CircularBufferSpec;
using program::Core;
using program::CoreRange;
using program::CoreRangeSet;
using program::KernelRunArgs;
using program::KernelSpec;
using program::MemoryKind;
using program::PlacedBuffer;
using program::Processor;
using program::Program;
using ModelRun = program::Run;
using tt::DataFormat;
using testing::bf16_to_float;
using testing::face_index;
using testing::float_to_bf16;

inline CoreRangeSet rect(uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1) { return CoreRangeSet{{CoreRange{{x0, y0}, {x1, y1}}}}; }

inline std::string kernel_source(const std::string& name) {
  std::ifstream in(std::string(ZYXTT_DEVICE_KERNELS) + "/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline KernelSpec kernel(const std::string& file, Processor processor, CoreRangeSet cores) {
  KernelSpec k;
  k.name = file;
  k.source = kernel_source(file);
  k.processor = processor;
  k.noc = processor == Processor::kRiscv1 ? 1 : 0;
  k.cores = std::move(cores);
  k.compute.fp32_dest_acc = true;
  return k;
}

inline CircularBufferSpec cb(uint32_t index, DataFormat format, uint32_t page, uint32_t pages, CoreRangeSet cores) {
  CircularBufferSpec c;
  c.cores = std::move(cores);
  c.total_size = page * pages;
  c.indices = {{index, format, page}};
  return c;
}

inline BufferSpec spec_of(uint64_t size, uint32_t page_size, MemoryKind memory = MemoryKind::kDram,
                   BufferLayout layout = BufferLayout::kInterleaved) {
  BufferSpec s;
  s.size = size;
  s.page_size = page_size;
  s.memory = memory;
  s.layout = layout;
  return s;
}

// A grid of cols x rows cores and how many work units each gets.
struct Grid {
  uint32_t cols, rows;
  uint32_t cores() const { return cols * rows; }
  Core core(uint32_t i) const { return Core{i % cols, i / cols}; }
  CoreRangeSet all() const { return rect(0, 0, cols - 1, rows - 1); }
};

class EmuDeviceTest : public ::testing::Test {
 public:
  EmuDeviceTest() : EmuDeviceTest(options()) {}
  explicit EmuDeviceTest(EmuOptions o) : device_(std::move(o)) { device_.open(ZYXTT_DEVICE_TEST_CACHE); }

  static EmuOptions options() {
    EmuOptions o;
    o.worker_path = ZYXTT_WORKER_PATH;
    o.kernel_api_dir = ZYXTT_KERNEL_API_DIR;
    o.threads = 2;
    o.run_timeout = 60s;
    return o;
  }
  // The timing model with link, port and bank contention counted (--model-contention on),
  // on one scheduler thread: the shared link and bank windows see transfers in the
  // order the host runs them, which two threads change from run to run.
  static EmuOptions contention_options() {
    EmuOptions o = options();
    o.model_contention = true;
    o.threads = 1;
    return o;
  }

  template <typename T>
  PlacedBuffer upload(const std::vector<T>& values, uint32_t page, MemoryKind memory = MemoryKind::kDram) {
    PlacedBuffer b = device_.allocate(spec_of(values.size() * sizeof(T), page, memory));
    device_.write(b, 0, std::as_bytes(std::span(values)));
    return b;
  }
  template <typename T>
  std::vector<T> download(const PlacedBuffer& b) {
    std::vector<T> out(b.spec.size / sizeof(T));
    device_.read(b, 0, std::as_writable_bytes(std::span(out)));
    return out;
  }
  void run(const Program& p, const ModelRun& r) {
    auto compiled = device_.compile(p);
    device_.run(*compiled, r, "test run");
  }

  EmuDevice device_;
};

inline uint32_t addr(const PlacedBuffer& b) { return static_cast<uint32_t>(b.address); }

}  // namespace zyxtt::emu::device_test
