// The card as TT-Metalium drives it, behind a header that includes neither
// TT-Metalium nor fmt/spdlog nor the program model: TT-Metalium needs fmt >= 11
// and spdlog >= 1.14 and defines its own tt::DataFormat, so only card_*.cpp
// include its headers. Every method throws zyxtt::Error with TT-Metalium's
// text cleaned for a one-line answer.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/option_hint.h"

namespace zyxtt::metal {

struct CardInfo {
  std::string name;  // e.g. "Blackhole, device 0"
  uint32_t grid_cols = 0;  // compute-with-storage grid, x
  uint32_t grid_rows = 0;  // y
  uint64_t l1_bytes = 0;
  uint32_t dram_banks = 0;
  uint64_t dram_bank_bytes = 0;
  uint32_t dram_alignment = 0;
  uint32_t l1_alignment = 0;
  uint32_t l1_unreserved_base = 0;
};

struct CardBuffer;  // a MeshBuffer

struct CardRange {
  uint32_t x0, y0, x1, y1;  // inclusive, logical worker coordinates
};

enum class CardProcessor : uint8_t { kRiscv0, kRiscv1, kCompute };

struct CardKernel {
  std::string name;
  std::string source;
  CardProcessor processor = CardProcessor::kRiscv0;
  uint8_t noc = 0;
  std::vector<CardRange> cores;
  std::vector<uint32_t> compile_args;
  std::map<std::string, uint32_t> named_compile_args;
  std::map<std::string, std::string> defines;
  std::vector<std::string> include_dirs;
  uint8_t math_fidelity = 4;  // tt-metal's MathFidelity values
  bool fp32_dest_acc = false;
  bool math_approx_mode = false;
  bool dst_full_sync = false;
  std::vector<uint32_t> unpack_to_dest;  // CB indices
};

struct CardCbIndex {
  uint32_t index = 0;
  uint8_t format = 0;  // tt::DataFormat's value (the model uses the same codes)
  uint32_t page_size = 0;
};

struct CardCircularBuffer {
  std::vector<CardRange> cores;
  uint32_t total_size = 0;
  std::vector<CardCbIndex> indices;
};

struct CardSemaphore {
  uint32_t id = 0;
  std::vector<CardRange> cores;
  uint32_t initial_value = 0;
};

struct CardProgramSpec {
  std::vector<CardKernel> kernels;
  std::vector<CardCircularBuffer> circular_buffers;
  std::vector<CardSemaphore> semaphores;
};

struct CardCoreArgs {
  uint32_t x = 0, y = 0;
  std::vector<uint32_t> args;
};

struct CardKernelArgs {
  std::vector<CardCoreArgs> per_core;
  std::vector<uint32_t> common;
};

// A program's Programs, one per run signature (which cores get how many
// runtime args): tt-metal fixes a core's argument count at its first launch.
class CardProgram {
 public:
  virtual ~CardProgram() = default;
  // Builds (first time) or updates the Program for these args and runs it.
  virtual void run(const std::vector<CardKernelArgs>& args, const std::string& what) = 0;
  // Programs built so far (for tests and logs).
  virtual size_t programs_built() const = 0;
};

class Card {
 public:
  virtual ~Card() = default;
  virtual const CardInfo& info() const = 0;
  virtual uint64_t free_bytes(bool dram) const = 0;

  // An interleaved buffer of `size` bytes (a multiple of page_size).
  virtual std::shared_ptr<CardBuffer> allocate(uint64_t size, uint32_t page_size, bool dram) = 0;
  virtual uint64_t address(const CardBuffer& buffer) const = 0;
  virtual uint32_t aligned_page_size(const CardBuffer& buffer) const = 0;
  // What TensorAccessorArgs gives kernels for this buffer.
  virtual std::vector<uint32_t> accessor_args(const CardBuffer& buffer) const = 0;
  // Whole-buffer transfers, one Finish each; `bytes` holds the whole buffer
  // (read resizes it).
  virtual void write(CardBuffer& buffer, const std::vector<uint8_t>& bytes) = 0;
  virtual void read(CardBuffer& buffer, std::vector<uint8_t>& bytes) = 0;

  // Creates and JIT-compiles the kernels (compile errors surface here).
  virtual std::unique_ptr<CardProgram> build(const CardProgramSpec& spec) = 0;
};

struct CardOptions {
  int device_id = 0;
  std::chrono::milliseconds run_timeout{120000};
  // The runtime's log (spdlog levels), or null.
  void (*log)(int level, const char* message) = nullptr;
  OptionHints hints = OptionHints::kFlagAndVariable;  // how messages name options
};

// Opens the card; throws Error(FAILED_PRECONDITION) saying why and what to do.
std::unique_ptr<Card> open_card(const CardOptions& options);

// TT-Metalium's exception text as one answer line: no quotes, no newlines,
// no backtrace.
std::string clean_message(const std::string& text);

}  // namespace zyxtt::metal
