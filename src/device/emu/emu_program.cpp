#include "device/emu/emu_program.h"

#include <algorithm>
#include <atomic>
#include <fmt/format.h>
#include <future>
#include <map>
#include <unordered_map>

#include "common/error.h"
#include "device/emu/cb_layout.h"
#include "device/emu/jit/defines.h"
#include "device/emu/l1_layout.h"
#include "device/emu/worker/program_plan.h"

namespace zyxtt::emu {
namespace {

using program::Core;
using program::CoreRange;
using program::CoreRangeSet;
using program::Processor;


krt::Role role_of(Processor p) {
  switch (p) {
    case Processor::kRiscv0: return krt::Role::kReader;
    case Processor::kRiscv1: return krt::Role::kWriter;
    case Processor::kCompute: return krt::Role::kCompute;
  }
  return krt::Role::kReader;
}

bool overlaps(const CoreRangeSet& a, const CoreRangeSet& b) {
  for (const CoreRange& x : a.ranges)
    for (const CoreRange& y : b.ranges)
      if (program::overlaps(x, y)) return true;
  return false;
}

// "reader" -> "reader.cpp"; a name with an extension stays.
std::string file_name(const program::KernelSpec& k, size_t index) {
  if (k.name.empty()) return fmt::format("kernel{}.cpp", index);
  return k.name.find('.') == std::string::npos ? k.name + ".cpp" : k.name;
}

void check_kernel(const program::KernelSpec& k, const std::string& file) {
  if (k.cores.ranges.empty())
    throw Error(Code::kInvalidArgument, fmt::format("kernel {} runs on no core", file));
  for (const auto& [name, value] : k.named_compile_args) {
    // Any other string names one, "" included, as on tt-metal; a kernel's
    // string literal cannot hold a NUL, so no kernel could ask for such a name.
    if (name.find('\0') != std::string::npos) {
      throw Error(Code::kInvalidArgument,
                  fmt::format("kernel {}: named compile-time arg {} holds a NUL character", file, string_literal(name)));
    }
  }
  for (const auto& [name, value] : k.defines) define_argument(name, value, file);
  for (const std::string& dir : k.include_dirs) {
    if (dir.empty() || dir[0] != '/')
      throw Error(Code::kInvalidArgument, fmt::format("kernel {}: include dir '{}' is not absolute", file, dir));
  }
}

// Everything a program places is planned per core from (0, 0) on.
void check_reach(const CoreRangeSet& cores, const std::string& what) {
  for (const CoreRange& r : cores.ranges) {
    if (r.start.x > r.end.x || r.start.y > r.end.y)
      throw Error(Code::kInvalidArgument, fmt::format("{}: a core range ends before it starts", what));
  }
  const CoreRange box = cores.bounding_box();
  if (uint64_t{box.end.x + 1} * (box.end.y + 1) > kMaxPlannedCores) {
    throw Error(Code::kInvalidArgument, fmt::format("{} reaches core ({}, {}); a program spans at most {} cores from "
                                                    "(0, 0)",
                                                    what, box.end.x, box.end.y, kMaxPlannedCores));
  }
}

}  // namespace

CompileRequest compile_request(const program::Program& program, size_t index) {
  const program::KernelSpec& k = program.kernels[index];
  CompileRequest spec;
  spec.role = role_of(k.processor);
  spec.source = k.source;
  spec.file = file_name(k, index);
  spec.compile_args = k.compile_args;
  spec.include_dirs = k.include_dirs;
  if (k.processor != Processor::kCompute) spec.noc = k.noc;
  // tt-metal builds an active ethernet core's kernels for its ERISCs; the
  // prelude then brings the ethernet dataflow API.
  if (k.core_type == program::CoreType::kEthernet) {
    spec.defines.push_back(fmt::format("COMPILE_FOR_AERISC={}", k.processor == Processor::kRiscv0 ? 0 : 1));
    spec.defines.push_back("COMPILE_FOR_ERISC");
  }
  for (const auto& [name, value] : k.defines) spec.defines.push_back(define_argument(name, value, spec.file));
  if (!k.named_compile_args.empty()) {
    std::string list;
    for (const auto& [name, value] : k.named_compile_args)
      list += fmt::format("{}{{{},{}}}", list.empty() ? "" : ",", string_literal(name), value);
    spec.defines.push_back("KERNEL_NAMED_COMPILE_TIME_ARGS=" + list);
  }
  if (k.processor == Processor::kCompute) {
    // The compute configuration reaches the emulator in the object's record.
    const program::ComputeSettings& c = k.compute;
    spec.defines.push_back(fmt::format("ZYXTT_DST_ACCUM_MODE={}", c.fp32_dest_acc ? 1 : 0));
    spec.defines.push_back(fmt::format("ZYXTT_MATH_FIDELITY={}", static_cast<int>(c.math_fidelity)));
    spec.defines.push_back(fmt::format("ZYXTT_MATH_APPROX={}", c.math_approx_mode ? 1 : 0));
    spec.defines.push_back(fmt::format("ZYXTT_DST_FULL_SYNC={}", c.dst_full_sync ? 1 : 0));
  }
  // The formats and tile shapes of the CBs on the kernel's cores, for
  // constexpr tile sizes; shapes only when one is not 32x32.
  std::vector<int> formats;
  std::vector<uint32_t> shapes;  // rows, cols per CB index
  bool tiny = false;
  for (const program::CircularBufferSpec& cb : program.circular_buffers) {
    if (!overlaps(cb.cores, k.cores)) continue;
    for (const program::CbIndexSpec& i : cb.indices) {
      if (i.index >= kMaxCbs) continue;
      if (formats.size() <= i.index) formats.resize(i.index + 1, 255);
      formats[i.index] = static_cast<int>(i.format);
      if (shapes.size() <= 2 * i.index) shapes.resize(2 * i.index + 2, 32);
      shapes[2 * i.index] = i.tile.rows;
      shapes[2 * i.index + 1] = i.tile.cols;
      tiny = tiny || !i.tile.full();
    }
  }
  if (!formats.empty()) spec.defines.push_back(fmt::format("KERNEL_CB_DATA_FORMATS={}", fmt::join(formats, ",")));
  if (tiny) spec.defines.push_back(fmt::format("KERNEL_CB_TILE_SHAPES={}", fmt::join(shapes, ",")));
  return spec;
}

EmuProgram::EmuProgram(const program::Program& program, KernelCompiler& compiler, const Arch& arch)
    : program_(program) {
  static std::atomic<uint64_t> next_serial{1};
  serial_ = next_serial++;
  if (program.kernels.empty()) throw Error(Code::kInvalidArgument, "the program has no kernels");

  // Kernels: checked, then each core's processors checked for conflicts.
  for (size_t i = 0; i < program.kernels.size(); ++i) {
    files_.push_back(file_name(program.kernels[i], i));
    check_kernel(program.kernels[i], files_.back());
    check_reach(program.kernels[i].cores, "kernel " + files_.back());
    const CoreRange box = program.kernels[i].cores.bounding_box();
    cols_ = std::max(cols_, box.end.x + 1);
    rows_ = std::max(rows_, box.end.y + 1);
    const program::KernelSpec& k = program.kernels[i];
    KernelSlot slot;
    slot.name = files_.back();
    slot.role = role_of(k.processor);
    slot.noc = k.processor == Processor::kCompute ? 0 : k.noc;
    slot.ethernet = k.core_type == program::CoreType::kEthernet;
    for (uint32_t cb : k.compute.unpack_to_dest) slot.unpack_to_dest |= uint64_t{1} << cb;
    slot.cores = k.cores.ranges;
    spec_.kernels.push_back(std::move(slot));
    kernel_cores_.push_back(k.cores.cores());
  }

  for (const auto& cores : kernel_cores_) {
    auto& table = positions_.emplace_back(size_t{cols_} * rows_, -1);
    for (size_t i = 0; i < cores.size(); ++i) table[size_t{cores[i].y} * cols_ + cores[i].x] = static_cast<int32_t>(i);
  }

  // CBs: each config at one offset on all its cores, above whatever the CBs
  // before it take on any of them (tt-metal's layout); fixed ones where told.
  const std::vector<uint64_t> addresses = cb_addresses(program, arch);
  for (size_t i = 0; i < program.circular_buffers.size(); ++i) {
    const program::CircularBufferSpec& cb = program.circular_buffers[i];
    if (cb.indices.empty()) throw Error(Code::kInvalidArgument, fmt::format("circular buffer config {} has no index", i));
    if (cb.cores.ranges.empty()) throw Error(Code::kInvalidArgument, fmt::format("circular buffer config {} is on no core", i));
    check_reach(cb.cores, fmt::format("circular buffer config {}", i));
    for (const program::CbIndexSpec& idx : cb.indices) {
      if (idx.page_size == 0 || cb.total_size == 0 || cb.total_size % idx.page_size != 0) {
        throw Error(Code::kInvalidArgument,
                    fmt::format("circular buffer {}: total size {} is not a whole, nonzero number of {}-byte pages",
                                idx.index, cb.total_size, idx.page_size));
      }
    }
    const uint64_t offset = addresses[i];
    if (cb.address) {
      if (offset < l1::kCbBase || offset + cb.total_size > arch.l1_bytes) {
        throw Error(Code::kOutOfRange, fmt::format("circular buffer {} at L1 address {:#x} + {} bytes is outside the "
                                                   "L1 a program may use [{:#x}, {:#x})",
                                                   cb.indices.front().index, offset, cb.total_size, l1::kCbBase,
                                                   arch.l1_bytes));
      }
    } else {
      const uint64_t end = offset + cb.total_size;
      if (end > arch.l1_bytes) {
        throw Error(Code::kResourceExhausted,
                    fmt::format("the circular buffers take {} bytes of L1 per core, but {} bytes are free above the "
                                "reserved {} bytes",
                                end - l1::kCbBase, arch.l1_bytes - l1::kCbBase, l1::kCbBase));
      }
      cb_regions_.push_back(CbRegion{i, static_cast<uint32_t>(offset), static_cast<uint32_t>(end)});
      cb_top_ = std::max(cb_top_, static_cast<uint32_t>(end));
    }
    for (const program::CbIndexSpec& idx : cb.indices) {
      spec_.cbs.push_back(CbSpec{idx.index, static_cast<uint32_t>(idx.format), idx.page_size,
                                 cb.total_size / idx.page_size, static_cast<uint32_t>(offset), cb.cores.ranges,
                                 cb.address.has_value(), idx.tile});
    }
  }

  for (const program::SemaphoreSpec& s : program.semaphores) {
    if (s.cores.ranges.empty()) throw Error(Code::kInvalidArgument, fmt::format("semaphore {} is on no core", s.id));
    check_reach(s.cores, fmt::format("semaphore {}", s.id));
    spec_.semaphores.push_back(SemaphoreSlot{s.id, s.initial_value, s.cores.ranges});
  }
  // Conflicts on a core (two kernels on a processor, a CB index or semaphore
  // twice) are refused now rather than at the first run.
  prepare_program(spec_, files_);

  // Each distinct object once: cached ones found on this thread, the rest
  // compiled in parallel; of several broken kernels the first is named.
  std::map<std::string, std::shared_future<std::string>> builds;  // cache key -> object
  std::vector<std::shared_future<std::string>> objects;
  for (size_t i = 0; i < program.kernels.size(); ++i) {
    CompileRequest ks = compile_request(program, i);
    const std::string key = compiler.cache_key(ks);
    auto found = builds.find(key);
    if (found == builds.end()) {
      std::shared_future<std::string> object;
      if (auto cached = compiler.lookup(ks)) {
        std::promise<std::string> ready;
        ready.set_value(*cached);
        object = ready.get_future().share();
      } else {
        object = std::async(std::launch::async, [&compiler, ks = std::move(ks)] { return compiler.build(ks); }).share();
      }
      found = builds.emplace(key, std::move(object)).first;
    }
    objects.push_back(found->second);
  }
  std::exception_ptr first_failure;
  for (size_t i = 0; i < objects.size(); ++i) {
    try {
      spec_.kernels[i].object = objects[i].get();
    } catch (...) {
      if (!first_failure) first_failure = std::current_exception();
    }
  }
  if (first_failure) std::rethrow_exception(first_failure);
}

}  // namespace zyxtt::emu
