#include "device/emu/emu_device.h"

#include <fmt/format.h>

#include <algorithm>

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

constexpr uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

// The circular buffers as each core lays them out from l1::kCbBase on; they
// must end inside the core's L1.
void check_cbs_fit(const std::vector<protocol::CbConfig>& cbs, const Arch& arch) {
  const uint64_t l1_bytes = arch.l1_bytes;
  uint64_t end = l1::kCbBase;
  for (const auto& cb : cbs)
    end = align_up(end, std::max(arch.dram_alignment, arch.l1_alignment)) + uint64_t{cb.tile_bytes} * cb.pages;
  if (end > l1_bytes) {
    throw Error(Code::kResourceExhausted,
                fmt::format("compile_program: the circular buffers take {} bytes of L1 per core, but {} bytes are "
                            "free above the reserved {} bytes; lower the page counts (cb_nt)",
                            end - l1::kCbBase, l1_bytes - l1::kCbBase, l1::kCbBase));
  }
}

// Each kernel's args and, unless it says otherwise, row and column: what fits
// its slot in L1.
void check_kernel_args(const RunRequest& request) {
  static constexpr const char* kNames[3] = {"reader", "compute", "writer"};
  for (size_t i = 0; i < request.kernels.size(); ++i) {
    const size_t n = request.kernels[i].runtime.size();
    if (n + 2 > l1::kMaxArgs) {
      throw Error(Code::kOutOfRange,
                  fmt::format("run: the {} kernel would get {} runtime args before its row and column; a kernel "
                              "takes at most {} in all, so at most {} buffers and variables",
                              kNames[i], n, l1::kMaxArgs, l1::kMaxArgs - 2));
    }
  }
}

WorkerOptions worker_options(const EmuOptions& o) {
  WorkerOptions w;
  w.threads = o.threads;
  w.align_policy = o.align_policy;
  w.dprint = o.dprint;
  w.strict = o.strict;
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
  check_cbs_fit(source.cbs, arch_);
  auto program = std::make_shared<EmuProgram>(source, compiler());
  program->prebuild();
  return program;
}

void EmuDevice::run(const RunRequest& request) {
  auto& program = dynamic_cast<EmuProgram&>(*request.program);
  check_kernel_args(request);
  const KernelArgs& reader = request.kernels[kReaderKernel];
  const KernelArgs& compute = request.kernels[kComputeKernel];
  const KernelArgs& writer = request.kernels[kWriterKernel];
  // What the worker's copy of a program depends on beyond the program itself.
  const auto key = std::make_tuple(program.serial(), reader.accessor_buffers, writer.accessor_buffers,
                                   reader.coords, compute.coords, writer.coords);
  auto [slot, added] = worker_programs_.try_emplace(key, worker_programs_.size() + 1);
  (void)added;
  RunJob job;
  job.program_id = slot->second;
  job.rows = request.rows;
  job.cols = request.cols;
  job.args[static_cast<size_t>(krt::Role::kReader)] = reader.runtime;
  job.args[static_cast<size_t>(krt::Role::kCompute)] = compute.runtime;
  job.args[static_cast<size_t>(krt::Role::kWriter)] = writer.runtime;
  auto spec = [&] {
    ProgramSpec p;
    p.reader = program.object(krt::Role::kReader, reader.accessor_buffers);
    p.writer = program.object(krt::Role::kWriter, writer.accessor_buffers);
    p.compute = program.object(krt::Role::kCompute, compute.accessor_buffers);
    p.coords[static_cast<size_t>(krt::Role::kReader)] = reader.coords;
    p.coords[static_cast<size_t>(krt::Role::kCompute)] = compute.coords;
    p.coords[static_cast<size_t>(krt::Role::kWriter)] = writer.coords;
    // Float32 CBs unpack to DST unless the program asked for 16-bit DST.
    const bool unpack_fp32 = program.source().fp32_dest_acc.value_or(true);
    for (const auto& cb : program.source().cbs) {
      p.cbs.push_back(CbSpec{cb.index, data_format_of(cb.format), cb.tile_bytes, cb.pages,
                             unpack_fp32 && cb.format == protocol::CbFormat::kFloat32});
    }
    return p;
  };
  worker_.run(job, spec, fmt::format("run of program {} on {}x{} cores", request.program_id, request.rows, request.cols));
}

}  // namespace zyxtt::emu
