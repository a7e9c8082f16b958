// Emulated DRAM: every bank in one sparse memfd mapping (untouched pages cost
// nothing, and a device-worker process can map the same memfd). Buffers are
// interleaved page by page: page i of a buffer at address A lives in bank
// i % banks at A + (i / banks) * page_bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "device/arch.h"

namespace zyxtt::emu {

struct TransferRange {
  uint64_t offset = 0;
  uint64_t length = 0;
};

class Dram {
 public:
  explicit Dram(const Arch& arch);
  ~Dram();
  Dram(const Dram&) = delete;
  Dram& operator=(const Dram&) = delete;

  int fd() const { return fd_; }
  std::byte* bank(uint32_t index) const { return base_ + uint64_t{index} * bank_bytes_; }
  uint32_t banks() const { return banks_; }
  uint64_t bank_bytes() const { return bank_bytes_; }
  uint32_t page_bytes() const { return page_bytes_; }

  // Copies between host memory and the interleaved buffer at `address`,
  // starting `offset` bytes into the buffer.
  void write(uint64_t address, uint64_t offset, std::span<const std::byte> bytes);
  void read(uint64_t address, uint64_t offset, std::span<std::byte> bytes) const;

  // The same copies to and from the start of a file (the client's object)
  // through its descriptor. Throws Error(FAILED_PRECONDITION) saying which
  // bytes were copied when the file is shorter than `length` by then.
  void write_from_fd(uint64_t address, int fd, uint64_t length);
  void read_to_fd(uint64_t address, int fd, uint64_t length) const;

  // Returns the memory of `per_bank_bytes` at `address` in every bank to the
  // system; it reads as zero afterwards.
  void discard(uint64_t address, uint64_t per_bank_bytes);

 private:
  // Copies [offset, offset + length) of the buffer at `address` from or to
  // the same range of the file; returns how many bytes before the file ended.
  template <bool kFromFile>
  uint64_t copy_with_file(uint64_t address, int fd, uint64_t offset, uint64_t length) const;

  // Calls fn(bank_pointer, buffer_offset, length) for each page-sized piece;
  // a fn returning bool stops the walk by returning false.
  template <typename Fn>
  void for_each_piece(uint64_t address, uint64_t offset, uint64_t length, Fn&& fn) const;

  int fd_ = -1;
  std::byte* base_ = nullptr;
  uint32_t banks_;
  uint64_t bank_bytes_;
  uint32_t page_bytes_;
};

}  // namespace zyxtt::emu
