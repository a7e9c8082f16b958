// The program model: what tt-metal's host API can say about a program, as
// plain data that no device and no protocol owns. zyx's protocol versions and
// the TT-Metalium host API translate onto it; every device runs it.
//
// Coordinates are logical worker-core coordinates: x is the column, y the row
// (zyx's gd1 and gd0).
#pragma once

#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "zyxtt/data_format.h"

namespace zyxtt::program {

struct Core {
  uint32_t x = 0;
  uint32_t y = 0;
  auto operator<=>(const Core&) const = default;
};

// Inclusive on both corners, as tt-metal's CoreRange.
struct CoreRange {
  Core start;
  Core end;
  bool contains(Core c) const { return c.x >= start.x && c.x <= end.x && c.y >= start.y && c.y <= end.y; }
  uint64_t size() const { return uint64_t{end.x - start.x + 1} * (end.y - start.y + 1); }
  auto operator<=>(const CoreRange&) const = default;
};

inline bool overlaps(const CoreRange& a, const CoreRange& b) {
  return a.start.x <= b.end.x && b.start.x <= a.end.x && a.start.y <= b.end.y && b.start.y <= a.end.y;
}

// Row-major: x varies fastest; column-major: y does.
enum class CoreOrder : uint8_t { kRowMajor, kColumnMajor };

// Calls visit(core) for each core of r, in `order`.
template <typename Visit>
void for_each_core(const CoreRange& r, CoreOrder order, Visit&& visit) {
  if (order == CoreOrder::kRowMajor) {
    for (uint32_t y = r.start.y; y <= r.end.y; ++y)
      for (uint32_t x = r.start.x; x <= r.end.x; ++x) visit(Core{x, y});
  } else {
    for (uint32_t x = r.start.x; x <= r.end.x; ++x)
      for (uint32_t y = r.start.y; y <= r.end.y; ++y) visit(Core{x, y});
  }
}

// Disjoint ranges.
struct CoreRangeSet {
  std::vector<CoreRange> ranges;
  bool contains(Core c) const;
  uint64_t size() const;
  // Cores in tt-metal's order: range by range, row-major inside a range.
  std::vector<Core> cores() const;
  // Calls visit(core) for each core, range by range, in `order` inside a
  // range (row-major: the order of cores()).
  template <typename Visit>
  void for_each_core(Visit&& visit, CoreOrder order = CoreOrder::kRowMajor) const {
    for (const CoreRange& r : ranges) program::for_each_core(r, order, visit);
  }
  // The smallest rectangle holding every range (empty set: 0 x 0 at 0,0).
  CoreRange bounding_box() const;
  bool operator==(const CoreRangeSet&) const = default;
};

// ---- Buffers ---------------------------------------------------------------

enum class MemoryKind : uint8_t { kDram, kL1 };
enum class BufferLayout : uint8_t { kInterleaved, kHeightSharded, kWidthSharded, kBlockSharded };

// A sharded L1 buffer's distribution, in pages, as tt-metal's ShardSpecBuffer.
struct ShardSpec {
  CoreRangeSet cores;
  uint32_t shard_height = 0;  // elements (rows) per shard, as ShardSpec::shape[0]
  uint32_t shard_width = 0;   // elements per shard row, as ShardSpec::shape[1]
  bool row_major = true;      // shard orientation: shards go over cores row-major
  uint32_t page_height = 0;   // a page's shape in elements
  uint32_t page_width = 0;
  uint32_t tensor_height_pages = 0;  // the tensor's shape in pages
  uint32_t tensor_width_pages = 0;
  bool operator==(const ShardSpec&) const = default;
};

struct BufferSpec {
  uint64_t size = 0;       // bytes
  uint32_t page_size = 0;  // bytes; pages go round-robin over the banks
  MemoryKind memory = MemoryKind::kDram;
  BufferLayout layout = BufferLayout::kInterleaved;
  std::optional<ShardSpec> shard;  // present exactly for the sharded layouts
  bool operator==(const BufferSpec&) const = default;
};

// A buffer placed on a device: the same bank-local address in every bank
// (DRAM bank, or worker core for L1).
struct PlacedBuffer {
  uint64_t address = 0;
  BufferSpec spec;
  // A page's footprint in a bank: page_size rounded up to the memory's
  // alignment, as tt-metal places (and TensorAccessorArgs describes) pages.
  uint32_t aligned_page_size = 0;
};

// ---- Kernels ---------------------------------------------------------------

// RISCV_0 (BRISC) and RISCV_1 (NCRISC) move data; compute is the three TRISCs.
enum class Processor : uint8_t { kRiscv0, kRiscv1, kCompute };
enum class MathFidelity : uint8_t { kLoFi = 0, kHiFi2 = 2, kHiFi3 = 3, kHiFi4 = 4 };

struct ComputeSettings {
  MathFidelity math_fidelity = MathFidelity::kHiFi4;
  bool fp32_dest_acc = false;
  bool math_approx_mode = false;
  bool dst_full_sync = false;
  // CB indices whose data unpacks straight to DST (UnpackToDestMode::UnpackToDestFp32).
  std::vector<uint32_t> unpack_to_dest;
  bool operator==(const ComputeSettings&) const = default;
};

struct KernelSpec {
  std::string name;    // for messages: a file name, or "reader"/"compute"/"writer"
  std::string source;  // the text of the kernel
  Processor processor = Processor::kRiscv0;
  uint8_t noc = 0;  // data movement: which NOC its calls default to
  CoreRangeSet cores;
  std::vector<uint32_t> compile_args;
  std::map<std::string, uint32_t> named_compile_args;
  std::map<std::string, std::string> defines;
  std::vector<std::string> include_dirs;  // extra, absolute
  ComputeSettings compute;                // compute kernels only
  bool operator==(const KernelSpec&) const = default;
};

// ---- Circular buffers and semaphores ---------------------------------------

struct CbIndexSpec {
  uint32_t index = 0;  // 0..63
  tt::DataFormat format = tt::DataFormat::Float16_b;
  uint32_t page_size = 0;  // bytes
  bool operator==(const CbIndexSpec&) const = default;
};

// One or more CB indices sharing one configuration (and one L1 region).
struct CircularBufferSpec {
  CoreRangeSet cores;
  uint32_t total_size = 0;  // bytes; pages = total_size / page_size
  std::vector<CbIndexSpec> indices;
  // Set: the CB lives at this L1 address (a globally allocated CB, backed by
  // an L1 buffer: its shard on each core) instead of space of its own.
  std::optional<uint64_t> address;
  bool operator==(const CircularBufferSpec&) const = default;
};

struct SemaphoreSpec {
  uint32_t id = 0;  // what get_semaphore(id) takes on its cores
  CoreRangeSet cores;
  uint32_t initial_value = 0;
  bool operator==(const SemaphoreSpec&) const = default;
};

struct Program {
  std::vector<KernelSpec> kernels;
  std::vector<CircularBufferSpec> circular_buffers;
  std::vector<SemaphoreSpec> semaphores;
  bool operator==(const Program&) const = default;
};

// ---- Runs ------------------------------------------------------------------

struct KernelRunArgs {
  // Cores of the kernel without an entry get no per-core args.
  std::map<Core, std::vector<uint32_t>> per_core;
  std::vector<uint32_t> common;
  bool operator==(const KernelRunArgs&) const = default;
};

struct Run {
  std::vector<KernelRunArgs> kernels;  // by index into Program::kernels
  bool operator==(const Run&) const = default;
};

}  // namespace zyxtt::program
