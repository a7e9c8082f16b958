// zyxtt client library: for C++ programs what zyx's Rust backend does. A
// Runtime speaks every command; MemoryPool and Device are the backend's
// pool and device on top of it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "zyxtt/cb_format.h"
#include "zyxtt/runtime_process.h"

namespace zyxtt::client {

using zyxtt::CbFormat;

struct CbConfig {
  uint32_t index;
  CbFormat format;
  uint32_t tile_bytes() const { return cb_tile_bytes(format); }
};

// One method per protocol command; errors become Error of the command's kind.
class Runtime {
 public:
  explicit Runtime(const SpawnOptions& options = {});

  void init(const std::filesystem::path& cache_dir);
  uint32_t alloc_buf(uint64_t size, uint64_t tile_bytes = 2048);
  void free_buf(uint32_t index);
  void write_buf(uint32_t index, const std::string& shm_path, uint64_t size);
  void read_buf(uint32_t index, const std::string& shm_path, uint64_t size);
  void compile_program(uint32_t id, std::string_view reader, std::string_view compute, std::string_view writer,
                       std::span<const CbConfig> cbs);
  void run(uint32_t id, std::span<const uint32_t> srcs, std::span<const uint32_t> dsts, uint32_t gd0,
           uint32_t gd1);
  struct Grid {
    uint32_t rows, cols;
  };
  // The device's worker grid (zyx V3's grid command).
  Grid grid();
  void exit();

  RuntimeProcess& process() { return process_; }

 private:
  Answer checked(std::string_view line, ErrorKind kind, const char* what, std::string_view payload = {});

  RuntimeProcess process_;
};

// GDDR size of the first Tenstorrent card (PCI vendor 0x1e52) under
// `pci_devices`, from its subsystem id; 64 GiB when none is recognised.
uint64_t detect_dram_bytes(const std::filesystem::path& pci_devices = "/sys/bus/pci/devices");

using BufferId = uint32_t;

class MemoryPool {
 public:
  MemoryPool(std::shared_ptr<Runtime> runtime, uint64_t total_bytes);

  uint64_t free_bytes() const { return free_bytes_; }
  BufferId allocate(uint64_t bytes);
  void deallocate(BufferId id);
  // Copies through one temporary shm object per transfer (O_EXCL, 0600,
  // unlinked afterwards); at most the buffer's size is copied.
  void host_to_pool(std::span<const std::byte> src, BufferId dst);
  void pool_to_host(BufferId src, std::span<std::byte> dst);
  uint32_t device_index(BufferId id) const;
  uint64_t size(BufferId id) const;

 private:
  struct Buffer {
    uint32_t device_index;
    uint64_t size;
  };
  const Buffer& at(BufferId id, ErrorKind kind) const;

  std::shared_ptr<Runtime> runtime_;
  uint64_t free_bytes_;
  std::map<BufferId, Buffer> buffers_;
  BufferId next_id_ = 0;
};

// What zyx's backend reports for a Blackhole.
struct DeviceInfo {
  uint64_t compute_flops = 200'000'000'000'000ull;  // ~200 TFLOPS bf16
  uint32_t max_local_threads = 1024;
  uint32_t preferred_vector_size = 32;
  uint64_t local_mem_size = 1'500'000;  // L1 per Tensix core
  uint32_t max_register_bytes = 128;
  bool tensor_cores = true;
  uint32_t warp_size = 1;
  uint32_t grid_rows = 0;  // asked from the runtime
  uint32_t grid_cols = 0;
};

using ProgramId = uint32_t;

class Device {
 public:
  // Asks the runtime (already initialised) for its grid.
  explicit Device(std::shared_ptr<Runtime> runtime);

  const DeviceInfo& info() const { return info_; }
  // `inputs` and `outputs` are how many buffers a launch passes to each side.
  ProgramId compile(std::string_view reader, std::string_view compute, std::string_view writer,
                    std::span<const CbConfig> cbs, uint32_t inputs, uint32_t outputs, uint32_t gd0 = 1,
                    uint32_t gd1 = 1);
  void release(ProgramId id);
  // `buffers` lists the inputs, then the outputs.
  void launch(ProgramId id, const MemoryPool& pool, std::span<const BufferId> buffers);

 private:
  struct Program {
    uint32_t inputs, outputs, gd0, gd1;
  };
  std::shared_ptr<Runtime> runtime_;
  DeviceInfo info_;
  std::map<ProgramId, Program> programs_;
  ProgramId next_id_ = 0;
};

// Everything zyx's backend sets up at start: the runtime at its path (or the
// given one), init with the cache dir, a pool sized by detect_dram_bytes().
struct Session {
  explicit Session(const SpawnOptions& options = {},
                   const std::filesystem::path& cache_dir = default_cache_dir());
  std::shared_ptr<Runtime> runtime;
  MemoryPool pool;
  Device device;
};

}  // namespace zyxtt::client
