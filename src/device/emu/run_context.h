// A run as kernels act in it: the state every core of the run shares, and the
// kernel instance each krt call acts on. Both are reached from the calling
// instance (current()), which the scheduler sets on every fiber switch.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/option_hint.h"
#include "device/arch.h"
#include "device/emu/core_state.h"
#include "device/emu/interconnect.h"
#include "device/emu/timing/links.h"
#include "zyxtt/krt_types.h"

namespace zyxtt::emu {

// A live DRAM allocation: the same range [address, address + per_bank_bytes)
// in every bank.
class StreamRegisters;

struct DramRegion {
  uint64_t address = 0;
  uint64_t per_bank_bytes = 0;
};

enum class AlignPolicy { kError, kWarn, kIgnore };

// Everything a run shares across its cores; set up by the worker before the
// run starts and read (never resized) while kernels execute.
struct RunState {
  const Arch* arch = &default_arch();  // where cores sit on the NOC
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
  // The chip's ethernet cores, by channel (kEthChannels of them).
  CoreState* eth_cores = nullptr;
  // The chip's cluster when it has other chips (interconnect.h), else null.
  const LinkedChips* linked = nullptr;
  StreamRegisters* stream_regs = nullptr;  // every core's (dataflow/stream_regs.h)
  uint32_t dram_alignment = 64;  // NOC read alignment for DRAM sources
  uint32_t l1_alignment = 16;
  AlignPolicy align_policy = AlignPolicy::kError;
  bool dprint_enabled = true;
  bool strict = false;  // --strict: findings silicon tolerates fail the run too
  OptionHints hints = OptionHints::kFlagAndVariable;  // how messages name options
  // Timing model: the links, ejection ports and DRAM banks the run's
  // transfers share (timing/links.h); null: no contention counted, and a
  // core reads DRAM at its share of the banks, every core reading at once.
  timing::LinkLoad* links = nullptr;
  timing::CyclesPerByte dram_share_cost = timing::per_byte(timing::kDramBankBytesPerCycle);
};

struct KernelInstance;

// Outstanding NOC transactions per role per NOC, for barrier checks.
struct NocCounters {
  uint32_t reads_issued = 0;
  uint32_t writes_issued = 0;
  uint32_t atomics_issued = 0;
  uint32_t reads_barriered = 0;
  uint32_t writes_sent = 0;  // nonposted writes out of the core: write barrier or writes_flushed
  uint32_t atomics_barriered = 0;
  uint32_t posted_issued = 0;  // posted writes: covered by writes_flushed, not write_barrier
  uint32_t posted_flushed = 0;
};

// The last DRAM buffer a NOC access hit (bank-local [lo, hi)), so that
// element-by-element traffic skips the buffer search. Empty when lo >= hi.
// The last two DRAM buffers a kernel instance touched, as [lo, hi) of
// bank-local addresses (zyx's readers alternate between two inputs).
struct NocCache {
  uint64_t lo[2] = {0, 0};
  uint64_t hi[2] = {0, 0};
  bool holds(uint64_t addr, uint64_t bytes) const {
    return (addr >= lo[0] && addr + bytes <= hi[0]) || (addr >= lo[1] && addr + bytes <= hi[1]);
  }
  void remember(uint64_t l, uint64_t h) {
    lo[1] = lo[0];
    hi[1] = hi[0];
    lo[0] = l;
    hi[0] = h;
  }
};

// What a blocked instance waits for; the scheduler re-checks `ready` and the
// deadlock report prints `describe`.
struct Wait {
  const char* call = "";
  const char* file = nullptr;  // the kernel's call site, when the call passed it
  uint32_t line = 0;
  bool (*ready)(const KernelInstance&, const Wait&) = nullptr;
  uint32_t cb = 0;
  uint32_t pages = 0;
  volatile uint32_t* word = nullptr;
  uint32_t value = 0;
  bool at_least = false;
};

struct KernelInstance {
  RunState* run = nullptr;  // the run this instance belongs to
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
  // Each CB's counters as the last get_cb_tiles_received_ptr / _acked_ptr
  // read them (krt cb_tiles_counter points here): [0] received, [1] acked.
  uint32_t cb_counter_seen[2][kMaxCbs] = {};
  // The kernel line of the call in progress, for calls that pass theirs
  // (AtSite): a failure names it. None of those calls blocks.
  const char* site_file = nullptr;
  uint32_t site_line = 0;
  // Tracing (trace/recorder.h): the one flag hot paths test, the kernel's
  // index in its program, and its own entry, which the traced one wraps.
  bool trace = false;
  uint32_t kernel_index = 0;
  // The last WAYPOINT("ABCD") the kernel passed (krt::waypoint_code; 0: none),
  // named when the run deadlocks or stalls, as tt-metal's watcher does.
  uint32_t waypoint = 0;
  int (*traced_entry)() = nullptr;
  timing::Clock model;  // timing/model.h
  // Device profiler (trace/profile_marks.cpp): each summed zone slot's site,
  // running total and open start, on the model clock.
  const char* profile_sum_site[2] = {};
  uint64_t profile_sum_cycles[2] = {};
  uint64_t profile_sum_begin[2] = {};
  uint32_t profile_slots = 0;  // marker slots used this run (kProfileSlotsPerRun)
  // The kernel's source file (the program's, outliving the run).
  const char* kernel_name = "";
  // The fabric (dataflow/fabric.cpp): each connection's packet slot, by the
  // router's channel (empty until used), and the packet headers taken this run.
  std::vector<std::vector<uint8_t>> fabric_slots;
  uint32_t fabric_headers = 0;
};

// Marks `k`'s call in progress as made at file:line (nullptr: unknown).
class AtSite {
 public:
  AtSite(KernelInstance& k, const char* file, uint32_t line) : k_(k) {
    k.site_file = file != nullptr && line != 0 ? file : nullptr;
    k.site_line = line;
  }
  ~AtSite() { k_.site_file = nullptr; }
  AtSite(const AtSite&) = delete;
  AtSite& operator=(const AtSite&) = delete;

 private:
  KernelInstance& k_;
};

// The instance the calling fiber runs; set by the scheduler on every switch.
// Inline: every kernel API call starts here. Initial-exec and constinit:
// under -fPIC the default model would call __tls_get_addr (and an init
// wrapper) on every kernel API call.
extern constinit thread_local KernelInstance* t_current_instance __attribute__((tls_model("initial-exec")));
inline KernelInstance& current() { return *t_current_instance; }
inline RunState& current_run() { return *t_current_instance->run; }
// Blocks the calling instance until wait.ready() holds; fails the run (via
// the scheduler's deadlock detection) when it never will.
void block_until(const Wait& wait);
// Lets the calling instance's core run its other instances before the call
// goes on: a kernel polling what they change (a spin on a CB counter) must
// see them move. The caller stays runnable: a spin is never a deadlock.
void yield_now();
// Shows a WAYPOINT the calling instance passed in its thread's slot of the
// control block, which the watchdog's report reads (scheduler.h ThreadSlot).
void publish_waypoint(uint32_t code);
// "ABCD" of a waypoint code ("" for none).
inline std::string waypoint_text(uint32_t code) {
  std::string text;
  for (; code != 0; code >>= 8) text += static_cast<char>(code & 0xFF);
  return text;
}
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
