// The messages between the runtime and its device worker, as binary frames:
// a tag byte, then fixed-width fields in host byte order (both ends are the
// same build on the same host), strings and lists as a u32 count and their
// elements. Decoding checks every length, enum and the frame's end, and
// throws Error(kInternal) for a frame that is malformed or truncated.
//
// A worker gets WorkerOptions once, right after it starts; then, per run, a
// RunJob that names its program by id and carries the program itself only
// the first time that worker sees it. The live DRAM allocations never cross
// the link: they are shared through SharedRegions.
#pragma once

#include <sys/uio.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/error.h"
#include "program/kernel_spec.h"
#include "zyxtt/tile_geometry.h"
#include "device/emu/cb_state.h"
#include "device/emu/interconnect.h"
#include "device/emu/run_context.h"
#include "device/emu/trace/trace_record.h"
#include "zyxtt/krt_types.h"

namespace zyxtt::emu {

enum class FrameKind : uint8_t { kOptions = 1, kRun = 2, kOutcome = 3 };

// Settings that hold for the worker's whole life.
struct WorkerOptions {
  uint32_t threads = 1;
  AlignPolicy align_policy = AlignPolicy::kError;
  bool dprint = false;
  bool strict = false;  // --strict: every sanitizer finding fails the run
  // Float32 CBs unpack straight into DST (UnpackToDestFp32) instead of
  // through SrcA, which truncates to TF32.
  bool unpack_fp32_to_dest = true;
  // After answering, the worker polls for the next job this long before sleeping.
  uint32_t idle_spin_us = 0;
  int32_t log_level = 3;  // spdlog::level::level_enum of the runtime (3: warn)
  OptionHints hints = OptionHints::kFlagAndVariable;  // how messages name options
  // A chip of a cluster (interconnect.h): its index, every chip's arch name
  // (empty: a chip alone), every chip's peer per ethernet channel (chip c's
  // channel ch at c * kEthChannels + ch, EthPeer::pack) and every chip's
  // place on the mesh (row << 16 | column), from which the fabric routes.
  uint32_t chip = 0;
  uint32_t link_slot = 0;  // its place in the link block (lane_slot)
  std::vector<std::string> chip_arches;
  std::vector<uint32_t> eth_peers;
  std::vector<uint32_t> mesh_places;
  bool trace = false;  // record every run's events (trace/recorder.h)
  bool profile = false;  // record kernels and device-profiler markers (trace/profile_log.h)
  // Timing model: count NOC link, port and DRAM bank contention (timing/links.h).
  bool model_contention = false;
  bool operator==(const WorkerOptions&) const = default;
};

// One kernel of a program: its object, where it runs and how.
struct KernelSlot {
  std::string object;  // shared object path
  krt::Role role = krt::Role::kReader;
  uint8_t noc = 0;  // data movement: the NOC its calls default to
  // Compute: bit i set when CB i unpacks straight to DST (UnpackToDestFp32),
  // unless the worker's options force tt-metal's default mode.
  uint64_t unpack_to_dest = 0;
  // Disjoint; the kernel's core order (for its per-core args) is range by
  // range, row-major inside each.
  std::vector<program::CoreRange> cores;
  bool ethernet = false;  // runs on ethernet cores (0, channel), not worker cores
  std::string name{};     // its source file, as failures name it
  bool operator==(const KernelSlot&) const = default;
};

// One CB index on its cores, at the same L1 offset on each.
struct CbSpec {
  uint32_t index = 0;
  uint32_t data_format = 0;  // tt::DataFormat value
  uint32_t page_bytes = 0;
  uint32_t pages = 2;
  uint32_t offset = 0;  // L1 offset of the ring on every core of `cores`
  std::vector<program::CoreRange> cores;
  bool on_buffer = false;  // globally allocated: the ring is an L1 buffer's shard, its pages hold data
  TileGeometry tile{};     // the shape compute kernels unpack and pack
  bool operator==(const CbSpec&) const = default;
};

struct SemaphoreSlot {
  uint32_t id = 0;
  uint32_t initial = 0;
  std::vector<program::CoreRange> cores;
  bool operator==(const SemaphoreSlot&) const = default;
};

// What a run needs of its program, sent once per worker.
struct ProgramSpec {
  std::vector<KernelSlot> kernels;
  std::vector<CbSpec> cbs;
  std::vector<SemaphoreSlot> semaphores;
  bool operator==(const ProgramSpec&) const = default;
};

// One kernel's runtime args in a run. Per-core args go core after core in
// the kernel's core order; `counts` is empty when every core has `uniform`.
struct PackedRunArgs {
  std::vector<uint32_t> common;
  uint32_t uniform = 0;
  std::vector<uint32_t> counts;
  std::vector<uint32_t> words;
  bool operator==(const PackedRunArgs&) const = default;
};

struct RunJob {
  uint64_t program_id = 0;
  std::optional<ProgramSpec> program;  // present the first time a worker sees program_id
  std::vector<PackedRunArgs> args;     // by index into ProgramSpec::kernels
  std::vector<uint64_t> forget;        // programs the worker may drop
  bool operator==(const RunJob&) const = default;
};

// Cores in a kernel's core order.
uint64_t core_count(const std::vector<program::CoreRange>& rects);

struct RunOutcome {
  RunOutcome() = default;
  RunOutcome(bool ok_, Code code_, std::string message_) : ok(ok_), code(code_), message(std::move(message_)) {}
  bool ok = true;
  Code code = Code::kInternal;  // when !ok
  std::string message;
  // What the run's cores recorded when the worker traces (also of a failed
  // run), and how many records did not fit.
  std::vector<TraceRecord> trace;
  uint64_t trace_dropped = 0;
  std::vector<std::string> profile_sites;  // the sites profiler markers index
  // The run's model time (timing/model.h): its latest core's clock, cycles.
  uint64_t model_cycles = 0;
  bool operator==(const RunOutcome&) const = default;
};

std::string encode(const WorkerOptions& options);
std::string encode(const RunJob& job);
std::string encode(const RunOutcome& outcome);

// The tag of a frame; throws for an empty frame or an unknown tag.
FrameKind frame_kind(std::string_view frame);
WorkerOptions decode_options(std::string_view frame);
RunJob decode_job(std::string_view frame);
RunOutcome decode_outcome(std::string_view frame);

// The outcome frame of a run stopped from outside (the watchdog): failed,
// with the records of `buffers` so far; no sites, no model time. Fills
// `parts` (the frame's length first, for write_frame_parts) without
// allocating, pointing into `scratch` and the buffers; returns how many.
struct StoppedOutcomeScratch {
  uint64_t length = 0;
  uint8_t head[1 + 1 + 1 + 4 + 8] = {};  // kind, ok, code, empty message, record count
  uint8_t tail[8 + 4 + 8] = {};          // dropped, no sites, model cycles
};
int stopped_outcome_parts(const std::pair<const TraceRecord*, size_t>* buffers, int count, uint64_t dropped,
                          StoppedOutcomeScratch& scratch, iovec* parts, int max_parts);

}  // namespace zyxtt::emu
