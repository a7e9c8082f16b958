#include "device/emu/page_map.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <exception>
#include <fmt/format.h>
#include <thread>

#include "common/error.h"
#include "common/populate.h"
#include "common/fault_guarded_copy.h"

namespace zyxtt::emu {

using program::BufferLayout;
using program::BufferSpec;
using program::Core;
using program::MemoryKind;

namespace {

constexpr uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

// tt-metal's page mapping of a buffer with a ShardSpecBuffer: height-sharded
// buffers go to their cores in flat runs of one shard's page count, in page
// order, whatever the shard's width; width- and block-sharded ones in shard
// rectangles, row of shards after row of shards.
struct ShardGeometry {
  uint32_t shard_h = 0, shard_w = 0;  // pages
  uint32_t across = 0;                // shards in a row of the tensor (rectangles)
  uint64_t shards = 0;
  bool flat = false;                  // height-sharded: runs of shard_h * shard_w pages
};

ShardGeometry geometry(const BufferSpec& spec) {
  const program::ShardSpec& s = *spec.shard;
  auto fail = [](const std::string& why) { throw Error(Code::kInvalidArgument, "sharded buffer: " + why); };
  if (s.page_height == 0 || s.page_width == 0) fail("the page shape is empty");
  if (s.shard_height == 0 || s.shard_width == 0) fail("the shard shape is empty");
  if (s.shard_height % s.page_height != 0 || s.shard_width % s.page_width != 0) {
    fail(fmt::format("the shard shape {} x {} is not a whole number of {} x {} pages", s.shard_height, s.shard_width,
                     s.page_height, s.page_width));
  }
  if (s.tensor_height_pages == 0 || s.tensor_width_pages == 0) fail("the tensor has no pages");
  ShardGeometry g;
  g.shard_h = s.shard_height / s.page_height;
  g.shard_w = s.shard_width / s.page_width;
  g.across = static_cast<uint32_t>(ceil_div(s.tensor_width_pages, g.shard_w));
  const uint64_t pages = uint64_t{s.tensor_height_pages} * s.tensor_width_pages;
  g.flat = spec.layout == BufferLayout::kHeightSharded;
  g.shards = g.flat ? ceil_div(pages, uint64_t{g.shard_h} * g.shard_w)
                    : uint64_t{g.across} * ceil_div(s.tensor_height_pages, g.shard_h);
  if (page_count(spec) != pages) {
    fail(fmt::format("{} bytes in pages of {} make {} pages, the tensor has {} x {}", spec.size, spec.page_size,
                     page_count(spec), s.tensor_height_pages, s.tensor_width_pages));
  }
  return g;
}

}  // namespace

uint64_t page_count(const BufferSpec& spec) { return spec.page_size == 0 ? 0 : ceil_div(spec.size, spec.page_size); }

uint32_t bank_count(MemoryKind memory, const Arch& arch) {
  return memory == MemoryKind::kDram ? arch.dram_banks : arch.grid_rows * arch.grid_cols;
}

program::Core l1_bank_core(uint32_t bank, const Arch& arch) {
  return {bank % arch.grid_cols, bank / arch.grid_cols};
}

uint64_t per_bank_bytes(const BufferSpec& spec, const Arch& arch) {
  const uint64_t aligned = aligned_page_size(spec, arch);
  if (spec.layout != BufferLayout::kInterleaved) {
    const ShardGeometry g = geometry(spec);
    return uint64_t{g.shard_h} * g.shard_w * aligned;
  }
  return ceil_div(page_count(spec), bank_count(spec.memory, arch)) * aligned;
}

std::vector<Core> shard_cores(const BufferSpec& spec, const Arch& arch) {
  if (!spec.shard) throw Error(Code::kInvalidArgument, "sharded buffer: no shard spec");
  const ShardGeometry g = geometry(spec);
  std::vector<Core> cores;
  spec.shard->cores.for_each_core([&](Core c) { cores.push_back(c); },
                                  spec.shard->row_major ? program::CoreOrder::kRowMajor
                                                        : program::CoreOrder::kColumnMajor);
  const uint64_t shards = g.shards;
  if (cores.size() < shards) {
    throw Error(Code::kInvalidArgument,
                fmt::format("sharded buffer: {} shards need as many cores; the shard spec has {}", shards, cores.size()));
  }
  const bool dram = spec.memory == MemoryKind::kDram;
  for (const Core& c : cores) {
    if (dram && (c.x >= arch.dram_banks || c.y != 0)) {
      throw Error(Code::kInvalidArgument, fmt::format("sharded buffer: DRAM core ({}, {}) is outside the {} x 1 DRAM grid",
                                                      c.x, c.y, arch.dram_banks));
    }
    if (!dram && (c.x >= arch.grid_cols || c.y >= arch.grid_rows)) {
      throw Error(Code::kInvalidArgument, fmt::format("sharded buffer: core ({}, {}) is outside the {} x {} worker grid",
                                                      c.x, c.y, arch.grid_cols, arch.grid_rows));
    }
  }
  cores.resize(shards);
  return cores;
}

BufferMemory::BufferMemory(const program::PlacedBuffer& buffer, const Arch& arch, std::byte* dram, std::byte* l1)
    : address_(buffer.address),
      page_size_(buffer.spec.page_size),
      aligned_(aligned_page_size(buffer.spec, arch)),
      base_(buffer.spec.memory == MemoryKind::kDram ? dram : l1),
      bank_stride_(buffer.spec.memory == MemoryKind::kDram ? arch.dram_bank_bytes : arch.l1_bytes),
      banks_(bank_count(buffer.spec.memory, arch)),
      grid_cols_(arch.grid_cols) {
  if (buffer.spec.layout != BufferLayout::kInterleaved) {
    sharded_ = true;
    const ShardGeometry g = geometry(buffer.spec);
    width_pages_ = buffer.spec.shard->tensor_width_pages;
    shard_h_ = g.shard_h;
    shard_w_ = g.shard_w;
    shards_across_ = g.across;
    flat_ = g.flat;
    // A DRAM shard's core is (bank, 0) on the DRAM grid; an L1 shard's is a worker core.
    for (const Core& c : shard_cores(buffer.spec, arch))
      shard_bank_.push_back(buffer.spec.memory == MemoryKind::kDram ? c.x : c.y * grid_cols_ + c.x);
  }
}

std::byte* BufferMemory::page(uint64_t index) const {
  if (!sharded_) return base_ + (index % banks_) * bank_stride_ + address_ + (index / banks_) * aligned_;
  if (flat_) {
    const uint64_t run = uint64_t{shard_h_} * shard_w_;
    return base_ + shard_bank_[index / run] * bank_stride_ + address_ + (index % run) * aligned_;
  }
  const uint64_t row = index / width_pages_;
  const uint64_t col = index % width_pages_;
  const uint64_t shard = (row / shard_h_) * shards_across_ + col / shard_w_;
  const uint64_t in_shard = (row % shard_h_) * shard_w_ + col % shard_w_;
  return base_ + shard_bank_[shard] * bank_stride_ + address_ + in_shard * aligned_;
}

void BufferMemory::write(uint64_t offset, std::span<const std::byte> bytes) const {
  for_each_piece(offset, bytes.size(), [&](std::byte* where, uint64_t from, uint64_t n) {
    std::memcpy(where, bytes.data() + from, n);
  });
}

void BufferMemory::read(uint64_t offset, std::span<std::byte> bytes) const {
  for_each_piece(offset, bytes.size(), [&](std::byte* where, uint64_t from, uint64_t n) {
    std::memcpy(bytes.data() + from, where, n);
  });
}

namespace {

struct TransferRange {
  uint64_t offset = 0;
  uint64_t length = 0;
};

// Large transfers are split over two threads: copying scales with cores, and
// a copy of this size dwarfs the cost of starting a thread.
constexpr uint64_t kParallelBytes = 8ull << 20;
// Pieces per preadv/pwritev call (IOV_MAX).
constexpr size_t kIovecs = 1024;

// Runs chunk(offset, length) over `length` bytes, in two page-aligned halves
// on two threads when the transfer is large; returns what each half copied.
template <typename Chunk>
std::array<TransferRange, 2> split_transfer(uint64_t length, uint32_t page_bytes, Chunk&& chunk) {
  if (length < kParallelBytes) return {TransferRange{0, chunk(0, length)}, TransferRange{length, 0}};
  uint64_t half = (length / 2) / page_bytes * page_bytes;
  std::exception_ptr failure;
  uint64_t second = 0;
  std::thread other([&] {
    try {
      second = chunk(half, length - half);
    } catch (...) {
      failure = std::current_exception();
    }
  });
  uint64_t first = 0;
  try {
    first = chunk(0, half);
  } catch (...) {
    other.join();
    throw;
  }
  other.join();
  if (failure) std::rethrow_exception(failure);
  return {TransferRange{0, first}, TransferRange{half, second}};
}

// "bytes 0 to 4095 and 8192 to 12287" of what was copied, for an answer.
std::string describe_copied(const std::array<TransferRange, 2>& parts) {
  std::string text;
  for (const TransferRange& part : parts) {
    if (part.length == 0) continue;
    text += fmt::format("{}{} to {}", text.empty() ? "bytes " : " and ", part.offset, part.offset + part.length - 1);
  }
  return text.empty() ? "no bytes" : text;
}

uint64_t copied_bytes(const std::array<TransferRange, 2>& parts) { return parts[0].length + parts[1].length; }

}  // namespace

// The client's object is copied with preadv/pwritev on its descriptor, never
// mapped: an object that shrinks during the copy shortens the count instead
// of raising SIGBUS in the runtime.
template <bool kFromFile>
uint64_t BufferMemory::copy_with_file(int fd, uint64_t offset, uint64_t length) const {
  iovec iov[kIovecs];
  uint64_t done = 0;
  while (done < length) {
    size_t count = 0;
    uint64_t batch = 0;
    for_each_piece(offset + done, length - done, [&](std::byte* where, uint64_t, uint64_t n) {
      if (count == kIovecs) return false;
      iov[count++] = iovec{where, n};
      batch += n;
      return true;
    });
    const off_t at = static_cast<off_t>(offset + done);
    ssize_t n;
    if constexpr (kFromFile) {
      n = preadv(fd, iov, static_cast<int>(count), at);
    } else {
      // A shrunken object would silently grow again under pwritev: check.
      struct stat st {};
      if (fstat(fd, &st) != 0 || static_cast<uint64_t>(st.st_size) < offset + done + batch) return done;
      n = pwritev(fd, iov, static_cast<int>(count), at);
    }
    if (n < 0) {
      if (errno == EINTR) continue;
      throw Error(Code::kFailedPrecondition,
                  fmt::format("copying the shared-memory object failed: {}", errno_text(errno)));
    }
    if (n == 0) return done;  // the object ends here
    done += static_cast<uint64_t>(n);
  }
  return done;
}

// A mapping of the client's object (ClientMappings) is copied with
// fault_guarded_copy: pages that vanish because the client shrank it mid-copy
// end the copy (a short count) instead of raising SIGBUS in the runtime.
template <bool kFromFile>
uint64_t BufferMemory::copy_with_mapping(std::byte* object, uint64_t offset, uint64_t length) const {
  uint64_t done = 0;
  for_each_piece(offset, length, [&](std::byte* where, uint64_t from, uint64_t n) {
    std::byte* theirs = object + offset + from;
    const size_t copied = kFromFile ? fault_guarded_copy(where, theirs, n) : fault_guarded_copy(theirs, where, n);
    done += copied;
    return copied == n;
  });
  return done;
}

void BufferMemory::populate(uint64_t offset, uint64_t length, bool for_write) const {
  if (sharded_ || length == 0) return;
  const uint64_t first = offset / page_size_, end = (offset + length + page_size_ - 1) / page_size_;
  // Pages first..end-1 of bank b are consecutive slots of that bank.
  for (uint64_t b = 0; b < banks_ && first + b < end; ++b) {
    const uint64_t page = first + (b + banks_ - first % banks_) % banks_;  // the first one in bank b
    if (page >= end) continue;
    const uint64_t last = page + (end - 1 - page) / banks_ * banks_;
    zyxtt::populate(this->page(page), (last - page) / banks_ * aligned_ + page_size_, for_write);
  }
}

void BufferMemory::write_from_fd(int fd, uint64_t length, const std::byte* mapped, bool unmapped) const {
  auto parts = split_transfer(length, page_size_, [&](uint64_t offset, uint64_t n) {
    if (unmapped) populate(offset, n, /*for_write=*/true);
    return mapped != nullptr ? copy_with_mapping<true>(const_cast<std::byte*>(mapped), offset, n)
                             : copy_with_file<true>(fd, offset, n);
  });
  if (copied_bytes(parts) < length) {
    struct stat st {};
    fstat(fd, &st);
    throw Error(Code::kFailedPrecondition,
                fmt::format("the shared-memory object shrank to {} bytes during the copy of {} bytes; {} of the "
                            "buffer were written, the rest keeps its previous bytes",
                            static_cast<uint64_t>(st.st_size), length, describe_copied(parts)));
  }
}

void BufferMemory::read_to_fd(int fd, uint64_t length, std::byte* mapped, bool unmapped) const {
  auto parts = split_transfer(length, page_size_, [&](uint64_t offset, uint64_t n) {
    if (unmapped) populate(offset, n, /*for_write=*/false);
    return mapped != nullptr ? copy_with_mapping<false>(mapped, offset, n) : copy_with_file<false>(fd, offset, n);
  });
  if (copied_bytes(parts) < length) {
    struct stat st {};
    fstat(fd, &st);
    throw Error(Code::kFailedPrecondition,
                fmt::format("the shared-memory object shrank to {} bytes during the copy of {} bytes; {} of the "
                            "buffer were copied into it",
                            static_cast<uint64_t>(st.st_size), length, describe_copied(parts)));
  }
}

}  // namespace zyxtt::emu
