#include "device/program_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "common/error.h"

namespace zyxtt {
namespace {

using program::Core;
using program::CoreRangeSet;

std::string describe(const program::CoreRange& r) {
  return fmt::format("({},{})-({},{})", r.start.x, r.start.y, r.end.x, r.end.y);
}

const char* processor_name(program::Processor p) {
  switch (p) {
    case program::Processor::kRiscv0: return "RISCV_0";
    case program::Processor::kRiscv1: return "RISCV_1";
    case program::Processor::kCompute: return "compute";
  }
  return "processor";
}

void check_cores(const CoreRangeSet& set, const std::string& what, const DeviceCapabilities& caps,
                 const GridPermission& grid) {
  if (set.ranges.empty()) throw Error(Code::kInvalidArgument, fmt::format("{} has no cores", what));
  const Arch& arch = *caps.arch;
  const bool beyond = grid.beyond_arch && caps.grids_beyond_arch;
  for (const program::CoreRange& r : set.ranges) {
    if (r.start.x > r.end.x || r.start.y > r.end.y) {
      throw Error(Code::kInvalidArgument,
                  fmt::format("{}: core range {} ends before it starts", what, describe(r)));
    }
    if (!beyond && (r.end.x >= arch.grid_cols || r.end.y >= arch.grid_rows)) {
      const std::string hint =
          caps.grids_beyond_arch ? "; to run it on virtual cores, use " + switch_hint(grid.hints, "virtual-grid") : "";
      throw Error(Code::kOutOfRange,
                  fmt::format("{}: core range {} is outside the {} worker grid of {} columns (x) by {} rows (y){}",
                              what, describe(r), arch.name, arch.grid_cols, arch.grid_rows, hint));
    }
  }
  for (size_t i = 0; i < set.ranges.size(); ++i) {
    for (size_t j = i + 1; j < set.ranges.size(); ++j) {
      const auto& a = set.ranges[i];
      const auto& b = set.ranges[j];
      if (program::overlaps(a, b)) {
        throw Error(Code::kInvalidArgument,
                    fmt::format("{}: core ranges {} and {} overlap", what, describe(a), describe(b)));
      }
    }
  }
}

// Ethernet kernels run on logical cores (0, channel) and move data only.
void check_ethernet_cores(const program::KernelSpec& kernel, const std::string& what) {
  if (kernel.processor == program::Processor::kCompute)
    throw Error(Code::kInvalidArgument, fmt::format("{}: an ethernet core has no compute processor", what));
  if (kernel.cores.ranges.empty()) throw Error(Code::kInvalidArgument, fmt::format("{} has no cores", what));
  for (const program::CoreRange& r : kernel.cores.ranges) {
    if (r.start.x != 0 || r.end.x != 0 || r.start.y > r.end.y || r.end.y >= kEthChannels) {
      throw Error(Code::kOutOfRange, fmt::format("{}: ethernet core range {} is not within (0,0)-(0,{}), the chip's {} "
                                                 "ethernet channels",
                                                 what, describe(r), kEthChannels - 1, kEthChannels));
    }
  }
}

constexpr uint32_t kEthernetKey = 1u << 20;

void check_kernels(const program::Program& program, const DeviceCapabilities& caps, const GridPermission& grid) {
  // A core runs at most one kernel per processor.
  std::map<std::pair<Core, program::Processor>, size_t> owner;
  for (size_t k = 0; k < program.kernels.size(); ++k) {
    const program::KernelSpec& kernel = program.kernels[k];
    const std::string what = fmt::format("kernel {} ({})", k, kernel.name);
    const bool ethernet = kernel.core_type == program::CoreType::kEthernet;
    if (ethernet) check_ethernet_cores(kernel, what);
    else check_cores(kernel.cores, what, caps, grid);
    if (kernel.processor != program::Processor::kCompute && kernel.noc > 1)
      throw Error(Code::kInvalidArgument, fmt::format("{}: NOC {} does not exist (0 or 1)", what, kernel.noc));
    for (uint32_t cb : kernel.compute.unpack_to_dest) {
      if (cb >= caps.max_circular_buffers)
        throw Error(Code::kOutOfRange, fmt::format("{}: unpack-to-DST CB {} is not 0 to {}", what, cb, caps.max_circular_buffers - 1));
    }
    kernel.cores.for_each_core([&](Core c) {
      // Ethernet core (0, c) is not worker core (0, c): keep them apart.
      if (ethernet) c.x += kEthernetKey;
      auto [it, added] = owner.try_emplace({c, kernel.processor}, k);
      if (!added) {
        throw Error(Code::kInvalidArgument,
                    fmt::format("{} and kernel {} ({}) both run on the {} processor of core ({},{}); a core runs one "
                                "kernel per processor",
                                what, it->second, program.kernels[it->second].name, processor_name(kernel.processor),
                                c.x % kEthernetKey, c.y));
      }
    });
  }
}

void check_circular_buffers(const program::Program& program, const DeviceCapabilities& caps,
                            const GridPermission& grid) {
  const uint64_t space = caps.arch->l1_bytes - caps.l1_unreserved_base;
  std::map<Core, uint64_t> used;
  std::set<std::pair<Core, uint32_t>> indices;
  for (size_t i = 0; i < program.circular_buffers.size(); ++i) {
    const program::CircularBufferSpec& cb = program.circular_buffers[i];
    const std::string what = fmt::format("circular buffer {}", i);
    check_cores(cb.cores, what, caps, grid);
    if (cb.indices.empty()) throw Error(Code::kInvalidArgument, fmt::format("{} has no CB index", what));
    for (const program::CbIndexSpec& index : cb.indices) {
      if (index.index >= caps.max_circular_buffers) {
        throw Error(Code::kOutOfRange,
                    fmt::format("{}: CB index {} is not 0 to {}", what, index.index, caps.max_circular_buffers - 1));
      }
      if (std::find(caps.cb_formats.begin(), caps.cb_formats.end(), index.format) == caps.cb_formats.end()) {
        throw Error(Code::kInvalidArgument,
                    fmt::format("{}: CB {} has data format {}, which the {} device cannot hold", what, index.index,
                                static_cast<int>(index.format), caps.kind));
      }
      if (index.page_size == 0 || cb.total_size < index.page_size || cb.total_size % index.page_size != 0) {
        throw Error(Code::kInvalidArgument,
                    fmt::format("{}: total size {} is not a positive multiple of CB {}'s page size {}", what,
                                cb.total_size, index.index, index.page_size));
      }
    }
    cb.cores.for_each_core([&](Core c) {
      for (const program::CbIndexSpec& index : cb.indices) {
        if (!indices.insert({c, index.index}).second) {
          throw Error(Code::kInvalidArgument,
                      fmt::format("{}: CB {} is configured twice on core ({},{})", what, index.index, c.x, c.y));
        }
      }
      if (cb.address) return;  // lives in an L1 buffer, not in CB space
      // Each CB starts at the NOC alignment of both memories.
      const uint64_t alignment = std::max(caps.arch->dram_alignment, caps.arch->l1_alignment);
      uint64_t& bytes = used[c];
      bytes += (cb.total_size + alignment - 1) / alignment * alignment;
      if (bytes > space) {
        throw Error(Code::kResourceExhausted,
                    fmt::format("the circular buffers take {} bytes of L1 on core ({},{}), but {} bytes are free "
                                "above the reserved {} bytes; use fewer or smaller pages",
                                bytes, c.x, c.y, space, caps.l1_unreserved_base));
      }
    });
  }
}

void check_semaphores(const program::Program& program, const DeviceCapabilities& caps, const GridPermission& grid) {
  std::set<std::pair<Core, uint32_t>> ids;
  for (size_t i = 0; i < program.semaphores.size(); ++i) {
    const program::SemaphoreSpec& s = program.semaphores[i];
    const std::string what = fmt::format("semaphore {}", s.id);
    check_cores(s.cores, what, caps, grid);
    if (s.id >= caps.max_semaphores) {
      throw Error(Code::kOutOfRange,
                  fmt::format("{}: a core has at most {} semaphores (ids 0 to {})", what, caps.max_semaphores,
                              caps.max_semaphores - 1));
    }
    s.cores.for_each_core([&](Core c) {
      if (!ids.insert({c, s.id}).second)
        throw Error(Code::kInvalidArgument, fmt::format("{} is created twice on core ({},{})", what, c.x, c.y));
    });
  }
}

}  // namespace

uint32_t aligned_page_size(const program::BufferSpec& spec, const Arch& arch) {
  const uint32_t alignment = spec.memory == program::MemoryKind::kDram ? arch.dram_alignment : arch.l1_alignment;
  return (spec.page_size + alignment - 1) / alignment * alignment;
}

void check_buffer(const program::BufferSpec& spec, const DeviceCapabilities& caps) {
  if (spec.size == 0) throw Error(Code::kInvalidArgument, "buffer size is 0; expected at least 1 byte");
  if (spec.page_size == 0) throw Error(Code::kInvalidArgument, "buffer page size is 0; expected at least 1 byte");
  const bool sharded = spec.layout != program::BufferLayout::kInterleaved;
  if (sharded != spec.shard.has_value()) {
    throw Error(Code::kInvalidArgument, sharded ? "a sharded buffer needs a shard spec"
                                                : "an interleaved buffer takes no shard spec");
  }
  const Arch& arch = *caps.arch;
  const uint64_t capacity = spec.memory == program::MemoryKind::kDram
                                ? arch.dram_bytes()
                                : uint64_t{arch.grid_rows} * arch.grid_cols * (arch.l1_bytes - caps.l1_unreserved_base);
  if (spec.size > capacity) {
    throw Error(Code::kResourceExhausted,
                fmt::format("{} bytes is more than the device's {} bytes of {}", spec.size, capacity,
                            spec.memory == program::MemoryKind::kDram ? "DRAM" : "L1"));
  }
}

void check_program(const program::Program& program, const DeviceCapabilities& caps, const GridPermission& grid) {
  check_kernels(program, caps, grid);
  check_circular_buffers(program, caps, grid);
  check_semaphores(program, caps, grid);
}

}  // namespace zyxtt
