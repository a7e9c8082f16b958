// The real dataflow and compute libraries, driven without the scheduler: test
// doubles for the three scheduler hooks (current instance, block_until,
// fail_run) and a small emulated grid -- real MAP_32BIT L1 per core, a few
// DRAM banks, live buffers, kernel instances. Test code calls zyxtt::krt::*
// (kernel-api/zyxtt/krt.h), which goes through the emulator's own kernel ABI
// table, exactly as a loaded kernel does.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "device/emu/run_context.h"
#include "zyxtt/tile_geometry.h"

namespace zyxtt::emu::test {

// fail_run throws this; block_until throws Blocked when the wait is not ready.
struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct Blocked : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Instances of a grid act when use() makes them current on the calling thread.
class Grid {
 public:
  static constexpr uint32_t kL1Bytes = 1536 * 1024;
  static constexpr uint64_t kBankBytes = 8u << 20;
  static constexpr uint32_t kCbBase = 0x10000;  // offset of the first CB in each L1
  static constexpr uint32_t kSemOffset = 0x1000;

  Grid(uint32_t rows, uint32_t cols, uint32_t banks = 4);
  ~Grid();
  Grid(const Grid&) = delete;
  Grid& operator=(const Grid&) = delete;

  RunState& rs() { return rs_; }
  CoreState& core(uint32_t row, uint32_t col) { return cores_[row * rs_.cols + col]; }
  uint32_t l1_addr(const CoreState& c, uint32_t offset) const;  // kernel-visible L1 address
  uint8_t* bank(uint32_t b) { return rs_.dram + b * rs_.dram_bank_bytes; }

  // Adds a live buffer (bank-local [address, address + per_bank_bytes)).
  void add_buffer(uint64_t address, uint64_t per_bank_bytes);
  // Configures CB `cb` on every core, page_bytes x num_pages, packed from kCbBase.
  uint32_t add_cb(uint32_t cb, uint32_t page_bytes, uint32_t num_pages, uint32_t format = 0, TileGeometry tile = {});

  // A kernel instance on core (row, col); `use` makes it current().
  KernelInstance& instance(uint32_t row, uint32_t col, krt::Role role, std::vector<uint32_t> args = {});
  void use(KernelInstance& k);
  KernelInstance* in_use() const;

 private:
  RunState rs_;
  std::vector<CoreState> cores_;
  uint8_t* l1_ = nullptr;
  size_t l1_map_bytes_ = 0;
  std::vector<uint8_t> dram_;
  uint32_t next_cb_offset_ = kCbBase;
  std::vector<std::unique_ptr<KernelInstance>> instances_;
  std::vector<std::unique_ptr<std::vector<uint32_t>>> arg_store_;
};

// Interleaved placement: byte `b` of a buffer at `address` with `page` bytes per page.
inline uint8_t* interleaved_byte(Grid& g, uint64_t address, uint32_t page, uint64_t b) {
  const uint64_t p = b / page;
  return g.bank(uint32_t(p % g.rs().dram_banks)) + address + (p / g.rs().dram_banks) * page + b % page;
}

}  // namespace zyxtt::emu::test
