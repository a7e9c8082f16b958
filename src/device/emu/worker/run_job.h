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

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "device/emu/cb_state.h"
#include "device/emu/run_context.h"

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
  bool operator==(const WorkerOptions&) const = default;
};

struct CbSpec {
  uint32_t index = 0;
  uint32_t data_format = 0;  // tt::DataFormat value
  uint32_t page_bytes = 0;
  uint32_t pages = 2;
  // Float32 data copy_tile unpacks straight into DST (UnpackToDestFp32),
  // unless the worker's options force tt-metal's default mode.
  bool unpack_to_dest = false;
  bool operator==(const CbSpec&) const = default;
};

// What a run needs of its program: the kernels' shared objects (empty: no
// kernel) and the circular buffers.
struct ProgramSpec {
  std::string reader, compute, writer;
  std::vector<CbSpec> cbs;
  // By krt::Role: whether that kernel's runtime args end in row and column.
  std::array<bool, kRoles> coords = {true, true, false};
  bool operator==(const ProgramSpec&) const = default;
};

struct RunJob {
  uint64_t program_id = 0;
  std::optional<ProgramSpec> program;  // present the first time a worker sees program_id
  uint32_t rows = 1, cols = 1;
  // By krt::Role: runtime args before row and column, the same on every core.
  std::array<std::vector<uint32_t>, kRoles> args;
  bool operator==(const RunJob&) const = default;
};

struct RunOutcome {
  bool ok = true;
  Code code = Code::kInternal;  // when !ok
  std::string message;
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

}  // namespace zyxtt::emu
