// What the emulator keeps per core and per kernel instance during a run. Only
// the emulator sees this; kernels reach it through kernel-api/zyxtt/krt.h.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "zyxtt/krt.h"

namespace zyxtt::emu {

inline constexpr uint32_t kMaxCbs = 64;
inline constexpr uint32_t kRoles = 3;

struct CbState {
  bool configured = false;
  uint32_t data_format = 0;  // tt::DataFormat value
  uint32_t page_bytes = 0;
  uint32_t num_pages = 0;
  uint32_t base = 0;   // L1 byte address of the ring
  uint32_t limit = 0;  // base + page_bytes * num_pages
  // Shared counters (16-bit on silicon; kept wide, compared modulo 2^16).
  uint32_t pages_received = 0;
  uint32_t pages_acked = 0;
  // Per-role private pointers, as each RISC keeps its own copy.
  uint32_t rd_ptr[kRoles] = {};
  uint32_t wr_ptr[kRoles] = {};
  // Sanitizer bookkeeping: pages reserved but not pushed, waited but not popped.
  uint32_t reserved[kRoles] = {};
  uint32_t waited[kRoles] = {};
  uint32_t pack_cursor = 0;  // sequential pack_tile slot since the last push
};

struct Tile {
  alignas(64) float v[1024];
};

struct ComputeState {
  // DST register file: physical size, capacity checked against `dst_capacity`.
  std::array<Tile, 16> dst{};
  uint32_t dst_capacity = 4;  // fp32 accumulation, half sync
  enum class DstPhase { kIdle, kAcquired, kCommitted, kWaited } phase = DstPhase::kIdle;
  bool fp32_dest_acc = true;
  uint32_t unpack_cb = 0;  // formats configured by the last init / reconfig
  uint32_t pack_cb = 0;
  // ---- added by the compute library (src/device/emu/compute/) ----
  uint32_t unpack_cb_b = 0;   // srcB operand of the last init / reconfig
  bool dst_legacy = false;    // acquire_dst(): math and pack share one phase
  bool pack_l1_acc = false;   // pack_reconfig_l1_acc: pack adds into L1
  bool fpu_acc_to_dest = false;
  uint32_t matmul_transpose = 0;  // transpose argument of the last matmul init  // acc_to_dest of the last FPU binary init
  uint32_t dst_written = 0;   // bit i: DST tile i written since the last release (reduce MAX)
  // bit i: DST tile i reads as zero but its memory is not cleared yet. A
  // release only sets bits; the clear happens when the tile is next handed
  // out, and not at all when an op overwrites the whole tile.
  uint32_t dst_stale = ~0u;
  // Numeric-model switches; defaults follow silicon as best known.
  // fp32 CB data passing through SrcA/SrcB keeps TF32 precision: the low 13
  // mantissa bits are dropped (truncation). FPU operands always pass there.
  bool unpack_fp32_as_tf32 = true;
  // copy_tile of Float32 CBs unpacks straight into DST (UnpackToDestFp32),
  // exact, instead of through SrcA; the runtime's --unpack-to-dest.
  bool copy_fp32_to_dest = false;
  enum class Rounding : uint8_t { kNearestEven, kHalfAwayFromZero, kTruncate };
  Rounding pack_rounding = Rounding::kNearestEven;  // DST fp32 -> bf16 / fp16 CB
  bool pack_fp16_flush_subnormals = false;          // fp16 results below 2^-14 -> 0
  // Bfp4_b code bytes: element 2k in the high nibble instead of the low one
  // (unconfirmed); unpack and pack both follow it.
  bool bfp4_high_nibble_first = false;
  // How Int8 (sign-magnitude in L1) sits in a DST word: a two's-complement
  // int32, or Dst's sign-magnitude "Integer 32" (bit 31 sign, bits 0-30
  // magnitude, -0 kept). Pack saturates the magnitude to 127 either way.
  enum class Int8Dst : uint8_t { kTwosComplement, kSignMagnitude };
  Int8Dst int8_dst = Int8Dst::kTwosComplement;
};

// Outstanding NOC transactions per role per NOC, for barrier checks.
struct NocCounters {
  uint32_t reads_issued = 0;
  uint32_t writes_issued = 0;
  uint32_t atomics_issued = 0;
  uint32_t reads_barriered = 0;
  uint32_t writes_barriered = 0;
  uint32_t atomics_barriered = 0;
  uint32_t posted_issued = 0;  // posted writes: covered by writes_flushed, not write_barrier
  uint32_t posted_flushed = 0;
};

// The last DRAM buffer a NOC access hit (bank-local [lo, hi)), so that
// element-by-element traffic skips the buffer search. Empty when lo >= hi.
struct NocCache {
  uint64_t dram_lo = 0;
  uint64_t dram_hi = 0;
};

struct CoreState {
  uint32_t x = 0;  // logical column
  uint32_t y = 0;  // logical row
  uint32_t noc_x = 0;
  uint32_t noc_y = 0;
  uint8_t* l1 = nullptr;  // host pointer whose value fits in 32 bits
  uint32_t l1_bytes = 0;
  std::array<CbState, kMaxCbs> cbs{};
  // Bit i: cbs[i] is configured. Exit checks and the next run's reset visit
  // only these, not all 64 (cold) entries per kernel.
  uint64_t configured_cbs = 0;
  ComputeState compute;
  uint32_t semaphore_base = 0;  // L1 address of semaphore 0
};

// A live DRAM allocation: the same range [address, address + per_bank_bytes)
// in every bank.
struct DramRegion {
  uint64_t address = 0;
  uint64_t per_bank_bytes = 0;
};

enum class AlignPolicy { kError, kWarn, kIgnore };

// Everything a run shares across its cores; set up by the worker before the
// run starts and read (never resized) while kernels execute.
struct RunState {
  uint8_t* dram = nullptr;  // bank b starts at dram + b * dram_bank_bytes
  uint32_t dram_banks = 0;
  uint64_t dram_bank_bytes = 0;
  std::vector<DramRegion> buffers;  // sorted by address
  CoreState* cores = nullptr;       // rows * cols, row-major
  uint32_t rows = 0;
  uint32_t cols = 0;
  // Grids larger than the arch's run in waves of whole rows: cores[0] is grid
  // row first_row. A NOC access to a core outside the wave fails the run.
  uint32_t first_row = 0;
  uint32_t dram_alignment = 64;  // NOC read alignment for DRAM sources
  uint32_t l1_alignment = 16;
  AlignPolicy align_policy = AlignPolicy::kError;
  bool dprint_enabled = true;
};

RunState& run_state();

// NOC coordinates (translated space, as on Blackhole): worker (col, row) sits at
// x = col + 1, skipping the DRAM / router columns 8 and 9, y = row + 2. DRAM
// bank b sits at (0, b). Injective, decoded by the same functions.
inline uint32_t worker_noc_x(uint32_t col) { return col < 7 ? col + 1 : col + 3; }
inline uint32_t worker_noc_y(uint32_t row) { return row + 2; }
inline constexpr uint32_t kDramNocX = 0;

struct KernelInstance;

// What a blocked instance waits for; the scheduler re-checks `ready` and the
// deadlock report prints `describe`.
struct Wait {
  const char* call = "";
  bool (*ready)(const KernelInstance&, const Wait&) = nullptr;
  uint32_t cb = 0;
  uint32_t pages = 0;
  volatile uint32_t* word = nullptr;
  uint32_t value = 0;
  bool at_least = false;
};

struct KernelInstance {
  CoreState* core = nullptr;
  krt::Role role = krt::Role::kReader;
  uint8_t noc = 0;
  uint32_t* args = nullptr;  // in L1
  uint32_t arg_count = 0;
  uint32_t* common_args = nullptr;
  uint32_t common_arg_count = 0;
  NocCounters noc_counters[2];
  NocCache noc_cache;
  std::string print_buffer;
};

// The instance the calling fiber runs; set by the scheduler on every switch.
// Inline: every kernel API call starts here. Initial-exec and constinit: the
// definition lives in the executable, and under -fPIC the default model would
// call __tls_get_addr (and an init wrapper) on every kernel API call.
extern constinit thread_local KernelInstance* t_current_instance __attribute__((tls_model("initial-exec")));
inline KernelInstance& current() { return *t_current_instance; }
// Blocks the calling instance until wait.ready() holds; fails the run (via
// the scheduler's deadlock detection) when it never will.
void block_until(const Wait& wait);
// Ends the calling instance's run with an error naming core, role and `what`.
[[noreturn]] void fail_run(const std::string& what);

inline const char* role_name(krt::Role role) {
  switch (role) {
    case krt::Role::kReader: return "reader";
    case krt::Role::kWriter: return "writer";
    case krt::Role::kCompute: return "compute";
  }
  return "kernel";
}

}  // namespace zyxtt::emu
