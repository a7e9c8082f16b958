// The parts of the program model free of tt::DataFormat: cores, kernels,
// semaphores and run args. The metal device's card code (card.h) uses them
// and compiles beside the real TT-Metalium, whose tt::DataFormat collides
// with ours (zyxtt/data_format.h), so this header must never include it.
// program.h adds buffers and circular buffers.
#pragma once

#include <compare>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace zyxtt::program {

// Logical worker-core coordinates: x is the column, y the row (zyx's gd1 and gd0).
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

// ---- Kernels ---------------------------------------------------------------

// Where a kernel runs: worker (Tensix) cores, or a chip's ethernet cores,
// whose logical coordinates are (0, channel) as tt-metal's are.
enum class CoreType : uint8_t { kTensix, kEthernet };

// RISCV_0 (BRISC) and RISCV_1 (NCRISC) move data; compute is the three TRISCs.
// On an ethernet core RISCV_0 and RISCV_1 are its two ERISCs.
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
  CoreType core_type = CoreType::kTensix;
  CoreRangeSet cores;
  std::vector<uint32_t> compile_args;
  std::map<std::string, uint32_t> named_compile_args;
  std::map<std::string, std::string> defines;
  std::vector<std::string> include_dirs;  // extra, absolute
  ComputeSettings compute;                // compute kernels only
  bool operator==(const KernelSpec&) const = default;
};

// ---- Semaphores ------------------------------------------------------------

struct SemaphoreSpec {
  uint32_t id = 0;  // what get_semaphore(id) takes on its cores
  CoreRangeSet cores;
  uint32_t initial_value = 0;
  bool operator==(const SemaphoreSpec&) const = default;
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
  uint64_t host_id = 0;                // how the host names this launch (tt-metal's program runtime id)
  bool operator==(const Run&) const = default;
};

}  // namespace zyxtt::program
