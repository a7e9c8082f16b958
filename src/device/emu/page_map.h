// Where each page of a placed buffer lives, as tt-metal lays pages out, and
// the host's view of a buffer over it: pages in order, page_size bytes each.
//
// Interleaved: page i in bank i % N at address + (i / N) * aligned_page_size
// (N: DRAM banks, or the arch's worker cores for L1, bank b being core
// (b % grid columns, b / grid columns)). Sharded: the tensor's page grid is
// cut into shards of shard_height x shard_width elements; shard s (row-major
// over the shard grid) goes to the s-th core of the ShardSpec (row-major or
// column-major inside each range, as the orientation says), its pages
// row-major at address + k * aligned_page_size on that core. A DRAM shard
// spec's cores are (bank, 0) on the DRAM grid, as tt-metal's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "device/arch.h"
#include "device/program_checks.h"  // aligned_page_size
#include "program/program.h"

namespace zyxtt::emu {

uint64_t page_count(const program::BufferSpec& spec);
// Banks of the memory the buffer lives in (DRAM banks, or worker cores).
uint32_t bank_count(program::MemoryKind memory, const Arch& arch);
// The worker core of L1 bank `bank` (bank < bank_count(kL1, arch)).
program::Core l1_bank_core(uint32_t bank, const Arch& arch);
// Bytes the buffer takes at its address in each bank it uses.
uint64_t per_bank_bytes(const program::BufferSpec& spec, const Arch& arch);
// The ShardSpec's cores in shard order. Throws Error(INVALID_ARGUMENT) when
// the spec is inconsistent (shape, page grid, too few cores, size).
std::vector<program::Core> shard_cores(const program::BufferSpec& spec, const Arch& arch);

// The host pointer of every page of one buffer.
class BufferMemory {
 public:
  // `dram` and `l1` are the bases of the memories (bank b of DRAM at dram +
  // b * dram_bank_bytes, core b's L1 at l1 + b * l1_bytes).
  BufferMemory(const program::PlacedBuffer& buffer, const Arch& arch, std::byte* dram, std::byte* l1);

  std::byte* page(uint64_t index) const;
  uint32_t page_size() const { return page_size_; }

  // Calls fn(pointer, offset_from_start, length) for each page-sized piece of
  // [offset, offset + length) of the host view; a fn returning bool stops
  // the walk by returning false.
  template <typename Fn>
  void for_each_piece(uint64_t offset, uint64_t length, Fn&& fn) const {
    uint64_t done = 0;
    while (done < length) {
      const uint64_t at = offset + done;
      const uint64_t in_page = at % page_size_;
      const uint64_t piece = std::min<uint64_t>(page_size_ - in_page, length - done);
      std::byte* where = page(at / page_size_) + in_page;
      if constexpr (std::is_same_v<decltype(fn(where, done, piece)), bool>) {
        if (!fn(where, done, piece)) return;
      } else {
        fn(where, done, piece);
      }
      done += piece;
    }
  }

  void write(uint64_t offset, std::span<const std::byte> bytes) const;
  void read(uint64_t offset, std::span<std::byte> bytes) const;
  // The same copies to and from the start of a file (a client's object):
  // through its descriptor, or through `mapped` (ClientMappings) when not
  // null; either way a file that shrinks mid-copy cannot raise SIGBUS.
  // Throws Error(FAILED_PRECONDITION) saying which bytes were copied when
  // the file is shorter than `length`.
  // `unmapped`: this process has not touched the buffer's pages since it
  // was allocated; they are mapped ahead of the copy (common/populate.h).
  void write_from_fd(int fd, uint64_t length, const std::byte* mapped = nullptr, bool unmapped = false) const;
  void read_to_fd(int fd, uint64_t length, std::byte* mapped = nullptr, bool unmapped = false) const;


 private:
  // Maps the pages that hold [offset, offset + length) of the host view in
  // this process; interleaved buffers only.
  void populate(uint64_t offset, uint64_t length, bool for_write) const;
  template <bool kFromFile>
  uint64_t copy_with_file(int fd, uint64_t offset, uint64_t length) const;
  template <bool kFromFile>
  uint64_t copy_with_mapping(std::byte* object, uint64_t offset, uint64_t length) const;

  uint64_t address_;
  uint32_t page_size_;
  uint32_t aligned_;
  bool sharded_ = false;
  std::byte* base_;          // bank 0
  uint64_t bank_stride_;     // bytes between banks
  uint32_t banks_;
  uint32_t grid_cols_;
  // Sharded: the page grid and shard geometry, in pages.
  uint32_t width_pages_ = 0, shard_h_ = 0, shard_w_ = 0, shards_across_ = 0;
  bool flat_ = false;  // height-sharded: shard = page / (shard_h_ * shard_w_)
  std::vector<uint32_t> shard_bank_;  // bank (core index) of each shard
};

}  // namespace zyxtt::emu
