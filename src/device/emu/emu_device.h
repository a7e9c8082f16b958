// The emulator device: Blackhole DRAM and the worker cores' L1 in memfds,
// kernels compiled by the host compiler and run in a device-worker process
// that maps the same memory.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <mutex>
#include <string>
#include <unordered_set>

#include "common/option_hint.h"
#include "device/device.h"
#include "device/emu/bank_allocator.h"
#include "device/emu/client_mappings.h"
#include "device/emu/cluster_memory.h"
#include "device/emu/run_context.h"
#include "device/emu/dram.h"
#include "device/emu/l1_memory.h"
#include "device/emu/page_map.h"
#include "device/emu/jit/kernel_compiler.h"
#include "device/emu/shared_regions.h"
#include "device/emu/trace/profile_log.h"
#include "device/emu/trace/trace_file.h"
#include "device/emu/worker_client.h"

namespace zyxtt::emu {

struct EmuOptions {
  const Arch* arch = nullptr;  // default_arch() when null
  std::string worker_path;     // zyx-tt-device-worker
  std::string kernel_api_dir;  // headers kernels compile against
  CompilerConfig compiler;      // program, time and memory limits of kernel compiles
  uint32_t threads = 1;
  std::chrono::milliseconds run_timeout{120000};
  std::chrono::milliseconds max_run_time{0};  // a run's whole time (--max-run-time); 0: none
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
  OptionHints hints = OptionHints::kFlagAndVariable;  // how messages name options (the caller's)
  // A chip of a cluster: its memory comes from there, and its worker reaches
  // the other chips' (interconnect.h). Null: a chip alone with one worker
  // (the JSON runtime's); TT-Metalium makes a chip alone a cluster of one.
  std::shared_ptr<ClusterMemory> cluster;
  uint32_t chip = 0;       // the chip's id in its cluster (its process in a trace too)
  std::string trace_path;  // a Chrome trace of every run (--trace); empty: none
  // tt-metal's device profiler (TT_METAL_DEVICE_PROFILER): kernels built with
  // PROFILE_KERNEL, every run's kernels and markers logged here. Null: off.
  std::shared_ptr<ProfileLog> profile_log;
  // Timing model: count NOC link, port and DRAM bank contention
  // (--model-contention); unset: when a trace or the profiler records.
  std::optional<bool> model_contention;
};

// One line for logs: every option the device was given.
std::string describe(const EmuOptions& options);

class EmuProgram;

class EmuDevice final : public Device {
 public:
  explicit EmuDevice(const EmuOptions& options);

  void open(const std::string& cache_dir) override;
  const DeviceCapabilities& capabilities() const override { return capabilities_; }
  uint64_t free_bytes(program::MemoryKind memory) const override;
  BankStatistics bank_statistics(program::MemoryKind memory) const override;

  program::PlacedBuffer allocate(const program::BufferSpec& spec) override;
  program::PlacedBuffer allocate_at(const program::BufferSpec& spec, uint64_t address) override;
  void free(const program::PlacedBuffer& buffer) override;
  void write(const program::PlacedBuffer& buffer, uint64_t offset, std::span<const std::byte> bytes) override;
  void read(const program::PlacedBuffer& buffer, uint64_t offset, std::span<std::byte> bytes) override;
  void write_from_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) override;
  void read_to_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) override;
  void write_raw(const RawAddress& at, std::span<const std::byte> bytes) override;
  void read_raw(const RawAddress& at, std::span<std::byte> bytes) override;

  std::shared_ptr<CompiledProgram> compile(const program::Program& program) override;
  void run(CompiledProgram& program, const program::Run& run, const std::string& what) override;
  // A chip of a cluster runs each lane on a device worker of its own, at the
  // same time as the others; a chip with no cluster has one lane.
  void run_in_lane(CompiledProgram& program, const program::Run& run, const std::string& what, uint32_t lane) override;
  uint32_t lanes() const override { return static_cast<uint32_t>(lanes_.size()); }
  std::optional<ModelSpan> last_run_model_span() const override;
  std::optional<uint64_t> model_clock_cycles() const override { return model_clock_; }

  const std::string& cache_dir() const { return cache_dir_; }

 private:
  // allocate() and allocate_at(): at `at`, else wherever the allocator finds room.
  program::PlacedBuffer place(const program::BufferSpec& spec, std::optional<uint64_t> at);
  KernelCompiler& compiler();
  BufferMemory memory(const program::PlacedBuffer& buffer) const;
  // The live buffer `buffer` names; throws Error(NOT_FOUND) for another.
  const program::PlacedBuffer& live(const program::PlacedBuffer& buffer) const;
  // Throws Error(RESOURCE_EXHAUSTED) when one of the program's CBs shares L1
  // with an L1 buffer on one of its cores.
  void check_cbs_clear_of_l1_buffers(const EmuProgram& program) const;
  std::byte* raw(const RawAddress& at, uint64_t length, const char* what) const;
  RunJob job_for(const EmuProgram& program, const program::Run& run) const;
  // True on the first fd transfer of a DRAM buffer since its allocation.
  bool first_transfer(const program::PlacedBuffer& buffer);
  // DRAM the host wrote raw (write_raw): kernels may read it, as on silicon.
  void note_raw_dram(uint64_t begin, uint64_t end);
  void drop_raw_dram(uint64_t begin, uint64_t end);

  EmuOptions options_;
  // Of options_.kernel_api_dir, walked from construction on (see open).
  std::shared_future<std::string> kernel_api_fingerprint_;
  const Arch& arch_;
  DeviceCapabilities capabilities_;
  // The chip's own memory, unless its cluster holds it.
  std::unique_ptr<ChipMemory> own_memory_;
  Dram& dram_;
  L1Memory& l1_;
  BankAllocator dram_allocator_;
  BankAllocator l1_allocator_;
  // Live buffers by memory and address.
  std::map<uint64_t, program::PlacedBuffer> dram_buffers_;
  std::map<uint64_t, program::PlacedBuffer> l1_buffers_;
  ClientMappings client_mappings_;
  // DRAM buffers (by address) a transfer touched since their allocation:
  // the others' pages are mapped ahead of their first one.
  std::unordered_set<uint64_t> transferred_;
  // Bank-local ranges [first, second) the host wrote raw outside every live
  // DRAM buffer, coalesced; each is a region of regions_ too, so kernels'
  // NOC checks read them as a buffer's (in every bank, as buffers are).
  std::map<uint64_t, uint64_t> raw_dram_;
  std::string cache_dir_;
  std::unique_ptr<KernelCompiler> compiler_;
  SharedRegions regions_;
  WorkerClient worker_;
  // Lane 0 runs on worker_, the others on workers started at their first run.
  struct Lane {
    std::mutex running;  // a lane's runs follow one another
    WorkerClient* worker = nullptr;
    std::unique_ptr<WorkerClient> own;
  };
  std::vector<std::unique_ptr<Lane>> lanes_;
  // Held around the model clock, the last span and the trace: lanes' runs end at once.
  std::mutex clock_mutex_;
  std::shared_ptr<TraceFile> trace_;  // null unless tracing
  // Timing model: a host transfer of `bytes` costs its PCIe time on the chip's clock.
  void charge_host(bool to_device, uint64_t bytes, uint64_t begin_ns);
  std::optional<ModelSpan> model_span_;  // the last run's, when it finished
  uint64_t model_clock_ = 0;             // cycles on the model's clock since the chip opened
};

}  // namespace zyxtt::emu
