#include "device/emu/emu_device.h"

#include <fmt/format.h>

#include "common/error.h"
#include "common/fs.h"
#include "device/emu/emu_program.h"
#include "device/emu/cb_formats.h"
#include "device/emu/l1_layout.h"

namespace zyxtt::emu {
namespace {

static_assert(l1::kMaxArgs == protocol::kMaxKernelArgs, "the server's run check bounds the L1 args regions");

// Bank-local addresses start above 0 so that no buffer has address 0, which
// kernels may treat as "no buffer".
constexpr uint64_t kDramBase = 64 * 1024;

WorkerOptions worker_options(const EmuOptions& o) {
  WorkerOptions w;
  w.threads = o.threads;
  w.align_policy = o.align_policy;
  w.dprint = o.dprint;
  w.unpack_fp32_to_dest = o.unpack_fp32_to_dest;
  w.idle_spin_us = static_cast<uint32_t>(o.idle_spin.count());
  w.log_level = o.log_level;
  return w;
}

}  // namespace

EmuDevice::EmuDevice(const EmuOptions& options)
    : options_(options),
      arch_(options.arch != nullptr ? *options.arch : default_arch()),
      dram_(arch_),
      allocator_(kDramBase, arch_.dram_bank_bytes, arch_.dram_page_bytes),
      // One slot per page of a bank: more allocations cannot exist.
      regions_(arch_.dram_bank_bytes / arch_.dram_page_bytes + 1),
      worker_(options.worker_path, std::string(arch_.name), dram_.fd(), regions_.fd(), worker_options(options),
              options.run_timeout, options.stop_fd) {
  worker_.set_memory_limit(options.worker_memory);
}

void EmuDevice::open(const std::string& cache_dir) {
  std::string dir = cache_dir.empty() ? config_home() + "/zyx/cache/tt" : cache_dir;
  // Compiled programs keep using the compiler (and cache) they were built
  // with, so the cache folder is fixed once chosen.
  if (compiler_) {
    if (dir == cache_dir_) return;
    throw Error(Code::kFailedPrecondition,
                fmt::format("init: the device is already open with cache folder '{}'; a second init cannot switch "
                            "to '{}' (programs compiled so far use the first); start a new runtime for another "
                            "cache folder",
                            cache_dir_, dir));
  }
  compiler_ = std::make_unique<KernelCompiler>(dir, options_.kernel_api_dir, options_.compiler);
  cache_dir_ = dir;
}

KernelCompiler& EmuDevice::compiler() {
  if (!compiler_) open("");
  return *compiler_;
}


DeviceInfo EmuDevice::info() const {
  return DeviceInfo{"emulator", &arch_, allocator_.free_bytes() * arch_.dram_banks};
}

uint64_t EmuDevice::per_bank_bytes(uint64_t size) const {
  uint64_t pages = (size + arch_.dram_page_bytes - 1) / arch_.dram_page_bytes;
  uint64_t rows = (pages + arch_.dram_banks - 1) / arch_.dram_banks;
  return rows * arch_.dram_page_bytes;
}

DeviceBuffer EmuDevice::allocate(uint64_t bytes) {
  if (bytes == 0) throw Error(Code::kInvalidArgument, "alloc_buf: size is 0; expected at least 1 byte");
  const uint64_t free = info().free_bytes;
  if (bytes > arch_.dram_bytes()) {
    throw Error(Code::kResourceExhausted,
                fmt::format("alloc_buf: {} bytes is more than the device's {} bytes of DRAM", bytes,
                            arch_.dram_bytes()));
  }
  auto address = allocator_.allocate(per_bank_bytes(bytes));
  if (!address) {
    throw Error(Code::kResourceExhausted,
                fmt::format("alloc_buf: cannot place {} bytes; {} bytes of DRAM are free (largest run {} "
                            "bytes per bank); free buffers first",
                            bytes, free, allocator_.largest_free_range()));
  }
  regions_.insert({*address, allocator_.allocated_size(*address)});
  return DeviceBuffer{*address, bytes};
}

void EmuDevice::free(const DeviceBuffer& buffer) {
  uint64_t length = allocator_.free(buffer.address);
  if (length != 0) {
    regions_.erase(buffer.address);
    dram_.discard(buffer.address, length);
  }
}

void EmuDevice::write_from_fd(const DeviceBuffer& buffer, int fd, uint64_t length) {
  dram_.write_from_fd(buffer.address, fd, length);
}

void EmuDevice::read_to_fd(const DeviceBuffer& buffer, int fd, uint64_t length) {
  dram_.read_to_fd(buffer.address, fd, length);
}

std::shared_ptr<CompiledProgram> EmuDevice::compile(uint32_t program_id, const ProgramSource& source) {
  auto program = std::make_shared<EmuProgram>(source, compiler());
  program->prebuild();
  return program;
}

void EmuDevice::run(const RunRequest& request) {
  auto& program = dynamic_cast<EmuProgram&>(*request.program);
  const auto key = std::make_tuple(program.serial(), request.srcs.size(), request.dsts.size());
  auto [slot, added] = worker_programs_.try_emplace(key, worker_programs_.size() + 1);
  (void)added;
  RunJob job;
  job.program_id = slot->second;
  job.rows = request.rows;
  job.cols = request.cols;
  job.srcs.reserve(request.srcs.size());
  for (const auto& b : request.srcs) job.srcs.push_back(static_cast<uint32_t>(b.address));
  job.dsts.reserve(request.dsts.size());
  for (const auto& b : request.dsts) job.dsts.push_back(static_cast<uint32_t>(b.address));
  auto spec = [&] {
    ProgramSpec p;
    p.reader = program.object(krt::Role::kReader, static_cast<uint32_t>(request.srcs.size()));
    p.writer = program.object(krt::Role::kWriter, static_cast<uint32_t>(request.dsts.size()));
    p.compute = program.object(krt::Role::kCompute, 0);
    for (const auto& cb : program.source().cbs)
      p.cbs.push_back(CbSpec{cb.index, data_format_of(cb.format), cb.tile_bytes, 2});
    return p;
  };
  worker_.run(job, spec, fmt::format("run of program {} on {}x{} cores", request.program_id, request.rows, request.cols));
}

}  // namespace zyxtt::emu
