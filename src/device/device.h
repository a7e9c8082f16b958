// The one interface between the server and a device (emulator or card). The
// server owns protocol indices and validation; a device owns memory and
// execution. Every method throws zyxtt::Error on failure.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "device/arch.h"
#include "protocol/command.h"

namespace zyxtt {

// A DRAM buffer as kernels see it: the same bank-local address in every bank.
struct DeviceBuffer {
  uint64_t address = 0;
  uint64_t size = 0;  // bytes requested, before rounding to pages
};

struct ProgramSource {
  std::string reader;
  std::string compute;  // empty: no compute kernel
  std::string writer;
  std::vector<protocol::CbConfig> cbs;
  // fp32 DST accumulation (Float32 CBs unpack to DST) or 16-bit DST (none
  // does); absent: the device's default, as zyx V1 ran.
  std::optional<bool> fp32_dest_acc;
};

// A device's compiled form of a program; opaque to the server.
class CompiledProgram {
 public:
  virtual ~CompiledProgram() = default;
};

// A program's kernels, in RunRequest::kernels.
enum KernelIndex : size_t { kReaderKernel = 0, kComputeKernel = 1, kWriterKernel = 2 };

// One kernel's arguments in a run.
struct KernelArgs {
  std::vector<uint32_t> runtime;  // buffer addresses and values, the same on every core
  bool coords = true;             // then the core's row and column
  // Compile-time args: TensorAccessorArgs of this many interleaved DRAM
  // buffers, [0x2, 4096] each.
  uint32_t accessor_buffers = 0;
};

struct RunRequest {
  CompiledProgram* program = nullptr;
  uint32_t program_id = 0;
  uint32_t rows = 1;  // gd0
  uint32_t cols = 1;  // gd1
  std::vector<DeviceBuffer> srcs;  // buffers read
  std::vector<DeviceBuffer> dsts;  // buffers written
  // What each kernel (reader, compute, writer) is given on every core.
  std::array<KernelArgs, 3> kernels;
};

struct DeviceInfo {
  std::string kind;  // "emulator" or "metal"
  const Arch* arch = nullptr;
  uint64_t free_bytes = 0;
};

class Device {
 public:
  virtual ~Device() = default;

  // `cache_dir` may be empty: then the device picks its own.
  virtual void open(const std::string& cache_dir) = 0;
  virtual DeviceInfo info() const = 0;

  virtual DeviceBuffer allocate(uint64_t bytes) = 0;
  virtual void free(const DeviceBuffer& buffer) = 0;
  // Copy `length` bytes between the start of `buffer` and the start of the
  // file `fd` (the client's shared-memory object).
  virtual void write_from_fd(const DeviceBuffer& buffer, int fd, uint64_t length) = 0;
  virtual void read_to_fd(const DeviceBuffer& buffer, int fd, uint64_t length) = 0;

  virtual std::shared_ptr<CompiledProgram> compile(uint32_t program_id, const ProgramSource& source) = 0;
  virtual void run(const RunRequest& request) = 0;
};

}  // namespace zyxtt
