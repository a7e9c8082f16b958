// The one interface between its users (the server, the TT-Metalium host API)
// and a device (emulator or card). It speaks the program model
// (program/program.h) and nothing of any protocol. Users check requests
// against the device's declared capabilities (device/program_checks.h); a
// device still refuses what it cannot do. Every method throws zyxtt::Error
// on failure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/error.h"
#include "device/arch.h"
#include "program/program.h"

namespace zyxtt {

struct DeviceCapabilities {
  std::string kind;           // "emulator" or "metal"
  const Arch* arch = nullptr;  // grid, L1 size, DRAM banks, alignments
  // Runs on grids larger than the arch's (the emulator, in waves of rows).
  bool grids_beyond_arch = false;
  std::vector<tt::DataFormat> cb_formats;  // what circular buffers may hold
  uint32_t l1_unreserved_base = 0;  // first L1 byte a program's CBs may use
  uint64_t dram_unreserved_base = 0;  // first bank-local DRAM byte buffers may use (0: unknown)
  uint32_t max_runtime_args = 0;    // per kernel per core, per-core and common together
  uint32_t max_circular_buffers = 0;  // CB indices per core
  uint32_t max_semaphores = 0;        // per core
};

// A bank-local address outside any buffer's bookkeeping: DRAM bank `bank`,
// or the L1 of worker core `core` (logical coordinates).
struct RawAddress {
  program::MemoryKind memory = program::MemoryKind::kDram;
  uint32_t bank = 0;
  program::Core core;
  uint64_t address = 0;
  // kL1 of this ethernet channel's core instead of `core`'s.
  std::optional<uint32_t> eth_channel;
};

// One bank of a memory as its lock-step allocator sees it (every bank of the
// memory holds the same ranges).
struct BankStatistics {
  uint64_t allocatable_bytes = 0;  // what buffers may take
  uint64_t allocated_bytes = 0;
  uint64_t largest_free_bytes = 0;  // the longest free range
};

// A device's compiled form of a program; opaque to its users.
class CompiledProgram {
 public:
  virtual ~CompiledProgram() = default;
};

// A run on a device's timing model: where its kernels lie on the chip's
// clock, in cycles since the chip opened (the chip's launches and host
// transfers follow one another), and what it takes on silicon: `seconds`
// from its kernels' start to their end, `dispatch_seconds` the launch's cost
// on that clock just before them.
struct ModelSpan {
  uint64_t begin_cycles = 0;
  uint64_t end_cycles = 0;
  double seconds = 0;
  double dispatch_seconds = 0;
  double launch_seconds() const { return dispatch_seconds + seconds; }
};

class Device {
 public:
  virtual ~Device() = default;

  // `cache_dir` may be empty: then the device picks its own.
  virtual void open(const std::string& cache_dir) = 0;
  virtual const DeviceCapabilities& capabilities() const = 0;
  virtual uint64_t free_bytes(program::MemoryKind memory) const = 0;
  // Throws kUnimplemented where the device does not report it.
  virtual BankStatistics bank_statistics(program::MemoryKind) const {
    throw Error(Code::kUnimplemented, capabilities().kind + " device: bank statistics are not reported");
  }

  virtual program::PlacedBuffer allocate(const program::BufferSpec& spec) = 0;
  // The same at bank-local `address` (the chips of a mesh place a buffer in
  // lock step, at one address); throws kResourceExhausted naming what holds
  // the range when any of it is taken.
  virtual program::PlacedBuffer allocate_at(const program::BufferSpec&, uint64_t) {
    throw Error(Code::kUnimplemented, capabilities().kind + " device: placing a buffer at an address is not supported");
  }
  virtual void free(const program::PlacedBuffer& buffer) = 0;
  // A buffer's contents as the host sees them: pages in order, each
  // page_size bytes. `offset` and the length are in those bytes.
  virtual void write(const program::PlacedBuffer& buffer, uint64_t offset, std::span<const std::byte> bytes) = 0;
  virtual void read(const program::PlacedBuffer& buffer, uint64_t offset, std::span<std::byte> bytes) = 0;
  // The same from / into the start of the file `fd` (a client's shared-memory
  // object), `length` bytes from offset 0.
  virtual void write_from_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) = 0;
  virtual void read_to_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) = 0;
  // Bytes at a raw address (tt-metal's detail::{Write,Read}...{DRAMChannel,L1}),
  // whatever buffer does or does not hold them. Throws kOutOfRange past the
  // bank or the core's L1; a device that cannot throws kUnimplemented.
  virtual void write_raw(const RawAddress&, std::span<const std::byte>) {
    throw Error(Code::kUnimplemented, capabilities().kind + " device: writing raw addresses is not supported");
  }
  virtual void read_raw(const RawAddress&, std::span<std::byte>) {
    throw Error(Code::kUnimplemented, capabilities().kind + " device: reading raw addresses is not supported");
  }

  // Builds what the device can reuse across runs (compiled kernels, CB
  // layout). Compile errors surface here.
  virtual std::shared_ptr<CompiledProgram> compile(const program::Program& program) = 0;
  // `run` has passed its user's checks against the same capabilities (the
  // server's, or TT-Metalium's as args are set): one entry per kernel, args
  // only on the kernel's cores and within the limit. `what` names the run in
  // timeout and failure messages.
  virtual void run(CompiledProgram& program, const program::Run& run, const std::string& what) = 0;
  // run() on lane `lane` of the device: runs on different lanes may run at
  // the same time (programs of different sub-devices, on disjoint cores),
  // runs on one lane one after another. A device with one lane runs them
  // all one after another.
  virtual void run_in_lane(CompiledProgram& program, const program::Run& args, const std::string& what, uint32_t) {
    run(program, args, what);
  }
  // How many lanes run at the same time; run_in_lane takes a lane past them as lane 0.
  virtual uint32_t lanes() const { return 1; }
  // The last run on the device's timing model (emulator: docs/timing-model.md);
  // nullopt when the device has none.
  virtual std::optional<ModelSpan> last_run_model_span() const { return std::nullopt; }
  // The chip's model clock now, in cycles since it opened: its launches
  // (dispatch and kernels) and host transfers one after another.
  virtual std::optional<uint64_t> model_clock_cycles() const { return std::nullopt; }
};

}  // namespace zyxtt
