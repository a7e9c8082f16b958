// The emulator device: Blackhole DRAM in a memfd, kernels compiled by the
// host compiler and run in a device-worker process that maps the same DRAM.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "device/device.h"
#include "device/emu/bank_allocator.h"
#include "device/emu/run_context.h"
#include "device/emu/dram.h"
#include "device/emu/jit/kernel_compiler.h"
#include "device/emu/shared_regions.h"
#include "device/emu/worker_client.h"

namespace zyxtt::emu {

struct EmuOptions {
  const Arch* arch = nullptr;  // default_arch() when null
  std::string worker_path;     // zyx-tt-device-worker
  std::string kernel_api_dir;  // headers kernels compile against
  CompilerConfig compiler;      // program, time and memory limits of kernel compiles
  uint32_t threads = 1;
  std::chrono::milliseconds run_timeout{120000};
  AlignPolicy align_policy = AlignPolicy::kError;
  bool dprint = false;
  bool strict = false;  // --strict: every sanitizer finding fails the run
  bool unpack_fp32_to_dest = true;
  // The worker's polling for its next job, and the runtime's for a run's
  // answer, before sleeping.
  std::chrono::microseconds idle_spin{0};
  int log_level = 3;  // spdlog::level::level_enum the worker logs at
  int stop_fd = -1;  // readable once the runtime must stop (SIGTERM)
  uint64_t worker_memory = 0;  // the device worker's memory limit (--worker-memory); 0: none
};

class EmuDevice final : public Device {
 public:
  explicit EmuDevice(const EmuOptions& options);

  void open(const std::string& cache_dir) override;
  DeviceInfo info() const override;

  DeviceBuffer allocate(uint64_t bytes) override;
  void free(const DeviceBuffer& buffer) override;
  void write_from_fd(const DeviceBuffer& buffer, int fd, uint64_t length) override;
  void read_to_fd(const DeviceBuffer& buffer, int fd, uint64_t length) override;

  std::shared_ptr<CompiledProgram> compile(uint32_t program_id, const ProgramSource& source) override;
  void run(const RunRequest& request) override;

  const std::string& cache_dir() const { return cache_dir_; }

 private:
  uint64_t per_bank_bytes(uint64_t size) const;
  KernelCompiler& compiler();

  EmuOptions options_;
  const Arch& arch_;
  Dram dram_;
  BankAllocator allocator_;
  std::string cache_dir_;
  std::unique_ptr<KernelCompiler> compiler_;
  SharedRegions regions_;
  // The worker's id of a program's objects for the arguments' shape: (program
  // serial, reader and writer accessor buffers, coords per kernel) -> id.
  std::map<std::tuple<uint64_t, uint32_t, uint32_t, bool, bool, bool>, uint64_t> worker_programs_;
  WorkerClient worker_;
};

}  // namespace zyxtt::emu
