// What the runtime asks its device worker to run, and the answer; encoded as
// JSON frames (small next to the run itself).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "device/emu/run_context.h"

namespace zyxtt::emu {

struct CbSpec {
  uint32_t index = 0;
  uint32_t data_format = 0;  // tt::DataFormat value
  uint32_t page_bytes = 0;
  uint32_t pages = 2;
};

struct RunJob {
  std::string reader, compute, writer;  // shared-object paths; empty: no kernel
  std::vector<CbSpec> cbs;
  uint32_t rows = 1, cols = 1;
  std::vector<uint32_t> srcs, dsts;  // buffer addresses
  std::vector<DramRegion> buffers;   // every live allocation, sorted
  uint32_t threads = 1;
  AlignPolicy align_policy = AlignPolicy::kError;
  bool dprint = false;
  // Float32 CBs unpack straight into DST (UnpackToDestFp32) instead of
  // through SrcA, which truncates to TF32.
  bool unpack_fp32_to_dest = true;
  // After answering, the worker polls for the next job this long before sleeping.
  uint32_t idle_spin_us = 0;
};

struct RunOutcome {
  bool ok = true;
  std::string code;  // canonical code name when !ok
  std::string message;
};

std::string encode(const RunJob& job);
RunJob decode_job(const std::string& text);
std::string encode(const RunOutcome& outcome);
RunOutcome decode_outcome(const std::string& text);

}  // namespace zyxtt::emu
