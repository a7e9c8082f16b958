#include "device/emu/emu_device.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <optional>

#include "common/error.h"
#include "common/byte_range.h"
#include "common/byte_size.h"
#include "common/fs.h"
#include "common/log.h"
#include "device/cb_formats.h"
#include "device/emu/emu_program.h"
#include "device/emu/jit/toolchain_identity.h"
#include "device/emu/l1_layout.h"
#include "device/emu/trace/run_description.h"

namespace zyxtt::emu {
namespace {

using program::BufferLayout;
using program::MemoryKind;
using program::PlacedBuffer;

constexpr uint64_t kDramBase = kDramUnreservedBase;
// Live DRAM buffers at once: the slots of the table the worker's NOC checks read.
constexpr size_t kMaxDramBuffers = size_t{1} << 20;

const char* memory_name(MemoryKind m) { return m == MemoryKind::kDram ? "DRAM" : "L1"; }

WorkerOptions worker_options(const EmuOptions& o) {
  WorkerOptions w;
  w.threads = o.threads;
  w.align_policy = o.align_policy;
  w.dprint = o.dprint;
  w.strict = o.strict;
  w.unpack_fp32_to_dest = o.unpack_fp32_to_dest;
  w.idle_spin_us = static_cast<uint32_t>(o.idle_spin.count());
  w.log_level = o.log_level;
  w.hints = o.hints;
  if (o.cluster) {
    w.chip = o.chip;
    w.link_slot = o.chip;
    for (size_t c = 0; c < o.cluster->size(); ++c) w.chip_arches.emplace_back(o.cluster->topology(c).arch->name);
    for (size_t c = 0; c < o.cluster->size(); ++c) {
      const ChipTopology& chip = o.cluster->topology(c);
      for (const EthPeer& peer : chip.peers) w.eth_peers.push_back(peer.pack());
      w.mesh_places.push_back(chip.mesh_row << 16 | chip.mesh_col);
    }
  }
  w.trace = !o.trace_path.empty();
  w.profile = o.profile_log != nullptr;
  w.model_contention = o.model_contention.value_or(w.trace || w.profile);
  return w;
}

const char* align_name(AlignPolicy p) {
  return p == AlignPolicy::kError ? "error" : p == AlignPolicy::kWarn ? "warn" : "ignore";
}

DeviceCapabilities capabilities_of(const Arch& arch) {
  DeviceCapabilities c;
  c.kind = "emulator";
  c.arch = &arch;
  c.grids_beyond_arch = true;
  c.cb_formats = emulated_cb_formats();
  c.l1_unreserved_base = l1::kCbBase;
  c.dram_unreserved_base = kDramBase;
  c.max_runtime_args = l1::kMaxRuntimeArgs;
  c.max_circular_buffers = kMaxCbs;
  c.max_semaphores = l1::kMaxSemaphores;
  return c;
}

void check_range(const PlacedBuffer& b, uint64_t offset, uint64_t length, const char* what) {
  if (offset > b.spec.size || length > b.spec.size - offset) {
    throw Error(Code::kOutOfRange, fmt::format("{} of {} bytes at offset {} does not fit the buffer of {} bytes", what,
                                               length, offset, b.spec.size));
  }
}

}  // namespace

std::string describe(const EmuOptions& o) {
  return fmt::format(
      "arch {}, threads {}, run timeout {:g} s, noc alignment {}, dprint {}, strict {}, unpack to dest {}, idle spin "
      "{} us, worker memory {}, kernel api {}, compiler {}, compile timeout {:g} s, compiler memory {}, log level {}, "
      "hints {}, chip {}, trace {}, model contention {}",
      o.arch != nullptr ? o.arch->name : default_arch().name, o.threads, o.run_timeout.count() / 1000.0,
      align_name(o.align_policy), o.dprint ? "on" : "off", o.strict ? "on" : "off",
      o.unpack_fp32_to_dest ? "fp32" : "default", o.idle_spin.count(),
      o.worker_memory == 0 ? "unlimited" : format_byte_size(o.worker_memory), o.kernel_api_dir, o.compiler.program,
      o.compiler.timeout.count() / 1000.0,
      o.compiler.memory_limit_bytes == 0 ? "unlimited" : format_byte_size(o.compiler.memory_limit_bytes),
      spdlog::level::to_string_view(static_cast<spdlog::level::level_enum>(o.log_level)),
      o.hints == OptionHints::kVariable ? "variables" : "flags and variables", o.chip,
      o.trace_path.empty() ? "off" : o.trace_path,
      o.model_contention ? (*o.model_contention ? "on" : "off") : "auto");
}

EmuDevice::EmuDevice(const EmuOptions& options)
    : options_(options),
      kernel_api_fingerprint_(start_tree_fingerprint(options.kernel_api_dir)),
      arch_(options.arch != nullptr ? *options.arch : default_arch()),
      capabilities_(capabilities_of(arch_)),
      own_memory_(options.cluster ? nullptr : std::make_unique<ChipMemory>(arch_)),
      dram_(options.cluster ? options.cluster->memory(options.chip).dram : own_memory_->dram),
      l1_(options.cluster ? options.cluster->memory(options.chip).l1 : own_memory_->l1),
      dram_allocator_(kDramBase, arch_.dram_bank_bytes, arch_.dram_alignment),
      // L1 buffers from the top down; CBs grow from the bottom.
      l1_allocator_(l1::kCbBase, arch_.l1_bytes, arch_.l1_alignment, /*top_down=*/true),
      regions_(kMaxDramBuffers + 1),
      worker_(options.worker_path, std::string(arch_.name), dram_.fd(), l1_.fd(), regions_.fd(),
              worker_options(options), options.run_timeout, options.stop_fd) {
  emulator_log().set_level(static_cast<spdlog::level::level_enum>(options.log_level));
  emulator_log().debug("emulator options: {}", describe(options));
  worker_.set_memory_limit(options.worker_memory);
  worker_.set_max_run_time(options.max_run_time);
  if (options.cluster) worker_.set_cluster(options.cluster, options.chip);
  const uint32_t lanes = options.cluster ? lanes_per_chip(static_cast<uint32_t>(options.cluster->size())) : 1;
  for (uint32_t i = 0; i < lanes; ++i) lanes_.push_back(std::make_unique<Lane>());
  lanes_[0]->worker = &worker_;
  if (!options.trace_path.empty()) trace_ = TraceFile::open(options.trace_path);
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
  CompilerConfig compiler = options_.compiler;
  compiler.profile_kernels = options_.profile_log != nullptr;
  compiler_ = std::make_unique<KernelCompiler>(dir, options_.kernel_api_dir, compiler, kernel_api_fingerprint_);
  cache_dir_ = dir;
}

KernelCompiler& EmuDevice::compiler() {
  if (!compiler_) open("");
  return *compiler_;
}

BankStatistics EmuDevice::bank_statistics(MemoryKind memory) const {
  const BankAllocator& allocator = memory == MemoryKind::kDram ? dram_allocator_ : l1_allocator_;
  return {allocator.managed_bytes(), allocator.managed_bytes() - allocator.free_bytes(), allocator.largest_free_range()};
}

uint64_t EmuDevice::free_bytes(MemoryKind memory) const {
  const BankStatistics bank = bank_statistics(memory);
  return (bank.allocatable_bytes - bank.allocated_bytes) * bank_count(memory, arch_);
}

PlacedBuffer EmuDevice::allocate(const program::BufferSpec& spec) { return place(spec, std::nullopt); }

PlacedBuffer EmuDevice::allocate_at(const program::BufferSpec& spec, uint64_t address) { return place(spec, address); }

PlacedBuffer EmuDevice::place(const program::BufferSpec& spec, std::optional<uint64_t> at) {
  if (spec.size == 0) throw Error(Code::kInvalidArgument, "a buffer of 0 bytes; expected at least 1 byte");
  if (spec.page_size == 0) throw Error(Code::kInvalidArgument, "a buffer with 0-byte pages");
  const bool sharded = spec.layout != BufferLayout::kInterleaved;
  if (sharded != spec.shard.has_value())
    throw Error(Code::kInvalidArgument, "a buffer has a shard spec exactly when its layout is sharded");
  const bool dram = spec.memory == MemoryKind::kDram;
  if (sharded) shard_cores(spec, arch_);  // checks the shard spec
  const uint64_t per_bank = per_bank_bytes(spec, arch_);
  BankAllocator& allocator = dram ? dram_allocator_ : l1_allocator_;
  const uint64_t banks = bank_count(spec.memory, arch_);
  if (dram && dram_buffers_.size() >= kMaxDramBuffers) {
    throw Error(Code::kResourceExhausted,
                fmt::format("{} DRAM buffers are live, the most the emulator keeps; free buffers first", kMaxDramBuffers));
  }
  std::optional<uint64_t> address = at;
  if (at) {
    if (!allocator.allocate_at(*at, per_bank))
      throw Error(Code::kResourceExhausted,
                  fmt::format("cannot place {} bytes ({} per bank) at address {:#x} of {}: part of that range is "
                              "taken or outside it",
                              spec.size, per_bank, *at, memory_name(spec.memory)));
  } else {
    address = allocator.allocate(per_bank);
  }
  if (!address) {
    throw Error(Code::kResourceExhausted,
                fmt::format("cannot place {} bytes ({} per bank) in {}; {} bytes are free (largest run {} bytes per "
                            "bank); free buffers first",
                            spec.size, per_bank, memory_name(spec.memory), allocator.free_bytes() * banks,
                            allocator.largest_free_range()));
  }
  PlacedBuffer placed{*address, spec, aligned_page_size(spec, arch_)};
  if (dram) {
    drop_raw_dram(*address, *address + allocator.allocated_size(*address));  // the buffer holds those bytes now
    regions_.insert({*address, allocator.allocated_size(*address)});
    dram_buffers_[*address] = placed;
  } else {
    l1_buffers_[*address] = placed;
  }
  return placed;
}

void EmuDevice::free(const PlacedBuffer& buffer) {
  if (buffer.spec.memory == MemoryKind::kL1) {
    if (l1_buffers_.erase(buffer.address) != 0) l1_allocator_.free(buffer.address);
    return;
  }
  if (dram_buffers_.erase(buffer.address) == 0) return;
  transferred_.erase(buffer.address);
  const uint64_t length = dram_allocator_.free(buffer.address);
  regions_.erase(buffer.address);
  dram_.discard(buffer.address, length);
}

const PlacedBuffer& EmuDevice::live(const PlacedBuffer& buffer) const {
  const auto& buffers = buffer.spec.memory == MemoryKind::kDram ? dram_buffers_ : l1_buffers_;
  auto it = buffers.find(buffer.address);
  if (it == buffers.end() || it->second.spec != buffer.spec) {
    throw Error(Code::kNotFound,
                fmt::format("no live {} buffer at {:#x} of {} bytes", memory_name(buffer.spec.memory), buffer.address,
                            buffer.spec.size));
  }
  return it->second;
}

BufferMemory EmuDevice::memory(const PlacedBuffer& buffer) const {
  return BufferMemory(live(buffer), arch_, dram_.bank(0), l1_.base());
}

void EmuDevice::write(const PlacedBuffer& buffer, uint64_t offset, std::span<const std::byte> bytes) {
  check_range(buffer, offset, bytes.size(), "a write");
  const uint64_t begin_ns = trace_ ? trace_now() : 0;
  memory(buffer).write(offset, bytes);
  charge_host(true, bytes.size(), begin_ns);
}

void EmuDevice::read(const PlacedBuffer& buffer, uint64_t offset, std::span<std::byte> bytes) {
  check_range(buffer, offset, bytes.size(), "a read");
  const uint64_t begin_ns = trace_ ? trace_now() : 0;
  memory(buffer).read(offset, bytes);
  charge_host(false, bytes.size(), begin_ns);
}

void EmuDevice::write_from_fd(const PlacedBuffer& buffer, int fd, uint64_t length) {
  check_range(buffer, 0, length, "a write");
  const uint64_t begin_ns = trace_ ? trace_now() : 0;
  memory(buffer).write_from_fd(fd, length, client_mappings_.map(fd, length, /*writable=*/false),
                               first_transfer(buffer));
  charge_host(true, length, begin_ns);
}

void EmuDevice::read_to_fd(const PlacedBuffer& buffer, int fd, uint64_t length) {
  check_range(buffer, 0, length, "a read");
  const uint64_t begin_ns = trace_ ? trace_now() : 0;
  memory(buffer).read_to_fd(fd, length, client_mappings_.map(fd, length, /*writable=*/true), first_transfer(buffer));
  charge_host(false, length, begin_ns);
}

void EmuDevice::charge_host(bool to_device, uint64_t bytes, uint64_t begin_ns) {
  const uint64_t begin = model_clock_;
  model_clock_ += timing::host_transfer_cycles(bytes, to_device);
  if (trace_)
    trace_->host_span(options_.chip, to_device ? "host write" : "host read", begin, model_clock_ - begin, bytes,
                      begin_ns, trace_now());
}

bool EmuDevice::first_transfer(const PlacedBuffer& buffer) {
  return buffer.spec.memory == MemoryKind::kDram && transferred_.insert(buffer.address).second;
}

// The bytes of a DRAM bank or of a worker or ethernet core's L1 that [address, + length) covers.
std::byte* EmuDevice::raw(const RawAddress& at, uint64_t length, const char* what) const {
  if (at.memory == MemoryKind::kDram) {
    if (at.bank >= dram_.banks()) {
      throw Error(Code::kOutOfRange, fmt::format("{} DRAM channel {}: the {} has channels 0..{}", what, at.bank,
                                                 arch_.name, dram_.banks() - 1));
    }
    if (at.address > dram_.bank_bytes() || length > dram_.bank_bytes() - at.address) {
      throw Error(Code::kOutOfRange, fmt::format("{} of {} bytes at DRAM channel {} address {:#x} runs past its {} bytes",
                                                 what, length, at.bank, at.address, dram_.bank_bytes()));
    }
    return dram_.bank(at.bank) + at.address;
  }
  if (at.eth_channel) {
    if (*at.eth_channel >= kEthChannels) {
      throw Error(Code::kOutOfRange, fmt::format("{} L1 of ethernet channel {}: the {} has channels 0..{}", what,
                                                 *at.eth_channel, arch_.name, kEthChannels - 1));
    }
    if (at.address > kEthL1Bytes || length > kEthL1Bytes - at.address) {
      throw Error(Code::kOutOfRange,
                  fmt::format("{} of {} bytes at L1 address {:#x} of ethernet channel {} runs past its {} bytes", what,
                              length, at.address, *at.eth_channel, kEthL1Bytes));
    }
    return l1_.base() + eth_l1_offset(arch_, *at.eth_channel) + at.address;
  }
  if (at.core.x >= arch_.grid_cols || at.core.y >= arch_.grid_rows) {
    throw Error(Code::kOutOfRange, fmt::format("{} L1 of core (x={}, y={}): the {} worker grid is {} x {}", what,
                                               at.core.x, at.core.y, arch_.name, arch_.grid_cols, arch_.grid_rows));
  }
  if (at.address > arch_.l1_bytes || length > arch_.l1_bytes - at.address) {
    throw Error(Code::kOutOfRange, fmt::format("{} of {} bytes at L1 address {:#x} of core (x={}, y={}) runs past its {} bytes",
                                               what, length, at.address, at.core.x, at.core.y, arch_.l1_bytes));
  }
  return l1_.base() + (uint64_t{at.core.y} * arch_.grid_cols + at.core.x) * arch_.l1_bytes + at.address;
}

void EmuDevice::write_raw(const RawAddress& at, std::span<const std::byte> bytes) {
  const uint64_t begin_ns = trace_ ? trace_now() : 0;
  std::memcpy(raw(at, bytes.size(), "a write"), bytes.data(), bytes.size());
  if (at.memory == MemoryKind::kDram && !bytes.empty()) note_raw_dram(at.address, at.address + bytes.size());
  charge_host(true, bytes.size(), begin_ns);
}

void EmuDevice::note_raw_dram(uint64_t begin, uint64_t end) {
  // Bytes inside a live buffer are readable already; a write that meets one
  // adds nothing (regions must not overlap).
  for (const auto& [address, buffer] : dram_buffers_) {
    if (byte_ranges_overlap(begin, end, address, address + dram_allocator_.allocated_size(address))) return;
  }
  auto it = raw_dram_.upper_bound(begin);
  if (it != raw_dram_.begin() && std::prev(it)->second >= begin) --it;
  while (it != raw_dram_.end() && it->first <= end) {
    begin = std::min(begin, it->first), end = std::max(end, it->second);
    regions_.erase(it->first);
    it = raw_dram_.erase(it);
  }
  raw_dram_[begin] = end;
  regions_.insert({begin, end - begin});
}

void EmuDevice::drop_raw_dram(uint64_t begin, uint64_t end) {
  for (auto it = raw_dram_.begin(); it != raw_dram_.end();) {
    if (!byte_ranges_overlap(begin, end, it->first, it->second)) {
      ++it;
      continue;
    }
    regions_.erase(it->first);
    it = raw_dram_.erase(it);
  }
}

void EmuDevice::read_raw(const RawAddress& at, std::span<std::byte> bytes) {
  const uint64_t begin_ns = trace_ ? trace_now() : 0;
  std::memcpy(bytes.data(), raw(at, bytes.size(), "a read"), bytes.size());
  charge_host(false, bytes.size(), begin_ns);
}

void EmuDevice::check_cbs_clear_of_l1_buffers(const EmuProgram& program) const {
  if (l1_allocator_.lowest_allocated() >= program.cb_top()) return;
  for (const auto& [address, buffer] : l1_buffers_) {
    const uint64_t end = address + per_bank_bytes(buffer.spec, arch_);
    const std::vector<program::Core> shard =
        buffer.spec.layout == BufferLayout::kInterleaved ? std::vector<program::Core>{} : shard_cores(buffer.spec, arch_);
    for (const CbRegion& region : program.cb_regions()) {
      if (!byte_ranges_overlap(region.offset, region.end, address, end)) continue;
      const program::CircularBufferSpec& cb = program.model().circular_buffers[region.spec];
      // An interleaved buffer holds its range on every worker core; a
      // sharded one on its shard cores.
      std::optional<program::Core> where;
      for (const program::Core& c : cb.cores.cores()) {
        const bool holds = shard.empty() ? c.x < arch_.grid_cols && c.y < arch_.grid_rows
                                         : std::find(shard.begin(), shard.end(), c) != shard.end();
        if (holds) {
          where = c;
          break;
        }
      }
      if (!where) continue;
      throw Error(Code::kResourceExhausted,
                  fmt::format("circular buffer {} at L1 [{:#x}, {:#x}) on core ({}, {}) overlaps the L1 buffer at "
                              "[{:#x}, {:#x}); free the buffer or shrink the program's circular buffers",
                              cb.indices.front().index, region.offset, region.end, where->x, where->y, address, end));
    }
  }
}

std::shared_ptr<CompiledProgram> EmuDevice::compile(const program::Program& program) {
  const HostBusy busy(options_.cluster ? &options_.cluster->link() : nullptr);
  auto compiled = std::make_shared<EmuProgram>(program, compiler(), arch_);
  check_cbs_clear_of_l1_buffers(*compiled);
  return compiled;
}

RunJob EmuDevice::job_for(const EmuProgram& program, const program::Run& run) const {
  // The run passed its user's checks (Device::run): one entry per kernel,
  // args only on the kernel's cores and within the limit. The worker bounds
  // what it decodes again.
  const auto& kernels = program.model().kernels;
  RunJob job;
  job.program_id = program.serial();
  job.args.resize(kernels.size());
  for (size_t i = 0; i < kernels.size(); ++i) {
    const program::KernelRunArgs& given = run.kernels[i];
    PackedRunArgs& a = job.args[i];
    a.common = given.common;
    if (given.per_core.empty()) continue;
    // One pass over the given args, each placed by its core's position in
    // the kernel's order: one count when every core has as many.
    const size_t cores = program.kernel_cores()[i].size();
    const size_t first = given.per_core.begin()->second.size();
    bool uniform = given.per_core.size() == cores;
    if (uniform) a.words.resize(cores * first);
    for (const auto& [core, args] : given.per_core) {
      const int32_t at = program.position(i, core);
      if (at < 0) continue;
      uniform = uniform && args.size() == first;
      // Placed while the args still look uniform: the common case takes one pass.
      if (uniform) std::copy(args.begin(), args.end(), a.words.begin() + size_t(at) * first);
    }
    if (uniform) {
      a.uniform = static_cast<uint32_t>(first);
      continue;
    }
    a.counts.assign(cores, 0);
    for (const auto& [core, args] : given.per_core) {
      const int32_t at = program.position(i, core);
      if (at >= 0) a.counts[at] = static_cast<uint32_t>(args.size());
    }
    std::vector<size_t> offsets(cores);
    size_t total = 0;
    for (size_t c = 0; c < cores; ++c) offsets[c] = total, total += a.counts[c];
    a.words.resize(total);
    for (const auto& [core, args] : given.per_core) {
      const int32_t at = program.position(i, core);
      if (at >= 0) std::copy(args.begin(), args.end(), a.words.begin() + offsets[at]);
    }
  }
  return job;
}

std::optional<ModelSpan> EmuDevice::last_run_model_span() const { return model_span_; }

void EmuDevice::run(CompiledProgram& compiled, const program::Run& run, const std::string& what) {
  run_in_lane(compiled, run, what, 0);
}

void EmuDevice::run_in_lane(CompiledProgram& compiled, const program::Run& run, const std::string& what,
                            uint32_t lane_id) {
  auto& program = dynamic_cast<EmuProgram&>(compiled);
  Lane& lane = *lanes_[lane_id < lanes_.size() ? lane_id : 0];
  const std::lock_guard running(lane.running);
  if (lane.worker == nullptr) {
    WorkerOptions w = worker_options(options_);
    w.link_slot = lane_slot(static_cast<uint32_t>(options_.cluster->size()), options_.chip, lane_id);
    lane.own = std::make_unique<WorkerClient>(options_.worker_path, std::string(arch_.name), dram_.fd(), l1_.fd(),
                                              regions_.fd(), w, options_.run_timeout, options_.stop_fd);
    lane.own->set_memory_limit(options_.worker_memory);
    lane.own->set_max_run_time(options_.max_run_time);
    lane.own->set_cluster(options_.cluster, w.link_slot);
    lane.worker = lane.own.get();
  }
  WorkerClient& worker = *lane.worker;
  RunJob job = job_for(program, run);
  check_cbs_clear_of_l1_buffers(program);
  std::unique_lock clock(clock_mutex_);
  model_span_.reset();
  // The chip's launches follow one another on its model clock, each its
  // dispatch and then its kernels (a traced or profiled failed run's time
  // counts too: its records sit on that clock). Lanes' runs overlap on it.
  if (trace_) trace_->host_span(options_.chip, "dispatch", model_clock_, timing::kDispatchCycles, 0, trace_now(), trace_now());
  model_clock_ += timing::kDispatchCycles;
  const uint64_t begin = model_clock_;
  clock.unlock();
  auto advance_clock = [&] {
    const uint64_t cycles = worker.model_cycles();
    model_clock_ = std::max(model_clock_, begin + cycles);
    return cycles;
  };
  auto finished = [&] {
    const uint64_t cycles = model_clock_ - begin;
    model_span_ = ModelSpan{begin, model_clock_, static_cast<double>(cycles) / timing::kClockHz,
                            static_cast<double>(timing::kDispatchCycles) / timing::kClockHz};
    emulator_log().info("{}: model time {:.3f} us ({} cycles at {:g} GHz), {:.3f} us with dispatch", what,
                        timing::cycles_to_us(cycles), cycles, timing::kClockHz / 1e9,
                        timing::cycles_to_us(cycles + timing::kDispatchCycles));
  };
  if (!trace_ && !options_.profile_log) {
    worker.run(job, [&] { return program.spec(); }, what);
    clock.lock();
    advance_clock();
    return finished();
  }
  TracedRun traced;
  if (trace_) traced = describe_run(options_.chip, what, program.serial(), program.model(), run);
  traced.begin_ns = trace_now();
  // The run's records reach the trace and the profiler log whether it succeeded or failed.
  auto append = [&](std::string error) {
    clock.lock();
    traced.end_ns = trace_now();
    traced.model_begin = begin;
    traced.model_cycles = advance_clock();
    traced.error = std::move(error);
    const std::vector<TraceRecord> records = worker.take_trace(traced.dropped);
    if (trace_) trace_->append(traced, records);
    if (options_.profile_log)
      options_.profile_log->append(
          ProfiledRun{.chip = options_.chip, .arch = &arch_, .host_id = run.host_id, .base_cycles = begin}, records,
          worker.take_profile_sites());
  };
  try {
    worker.run(job, [&] { return program.spec(); }, what);
  } catch (const std::exception& e) {
    append(e.what());
    throw;
  }
  append("");
  finished();
}

}  // namespace zyxtt::emu
