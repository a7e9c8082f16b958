// The card as TT-Metalium drives it, behind a header that includes neither
// TT-Metalium nor fmt/spdlog nor program.h: TT-Metalium needs fmt >= 11 and
// spdlog >= 1.14 and defines its own tt::DataFormat, so only card_*.cpp
// include its headers, and the program model comes in through
// program/kernel_spec.h, which is free of our tt::DataFormat. Every method
// throws zyxtt::Error with TT-Metalium's text cleaned for a one-line answer.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/option_hint.h"
#include "program/kernel_spec.h"

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

struct CardCbIndex {
  uint32_t index = 0;
  uint8_t format = 0;  // tt::DataFormat's value (the model uses the same codes)
  uint32_t page_size = 0;
  uint32_t tile_rows = 32, tile_cols = 32;  // the tile shape compute kernels unpack and pack
};

// program::CircularBufferSpec without its tt::DataFormat.
struct CardCircularBuffer {
  program::CoreRangeSet cores;
  uint32_t total_size = 0;
  std::vector<CardCbIndex> indices;
};

struct CardProgramSpec {
  std::vector<program::KernelSpec> kernels;
  std::vector<CardCircularBuffer> circular_buffers;
  std::vector<program::SemaphoreSpec> semaphores;
};

// A program's Programs, one per run signature (which cores get how many
// runtime args): tt-metal fixes a core's argument count at its first launch.
class CardProgram {
 public:
  virtual ~CardProgram() = default;
  // Builds (first time) or updates the Program for these args and runs it.
  virtual void run(const std::vector<program::KernelRunArgs>& args, const std::string& what) = 0;
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
