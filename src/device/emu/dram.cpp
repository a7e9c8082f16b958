#include "device/emu/dram.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <thread>
#include <fmt/format.h>

#include "common/error.h"

namespace zyxtt::emu {

Dram::Dram(const Arch& arch)
    : banks_(arch.dram_banks), bank_bytes_(arch.dram_bank_bytes), page_bytes_(arch.dram_page_bytes) {
  const uint64_t total = arch.dram_bytes();
  fd_ = memfd_create("zyx-tt-dram", MFD_CLOEXEC);
  if (fd_ < 0) throw Error(Code::kInternal, fmt::format("memfd_create failed: {}", errno_text(errno)));
  if (ftruncate(fd_, static_cast<off_t>(total)) != 0) {
    int err = errno;
    close(fd_);
    throw Error(Code::kInternal, fmt::format("cannot size emulated DRAM to {} bytes: {}", total, errno_text(err)));
  }
  void* addr = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd_, 0);
  if (addr == MAP_FAILED) {
    int err = errno;
    close(fd_);
    throw Error(Code::kInternal, fmt::format("cannot map emulated DRAM: {}", errno_text(err)));
  }
  base_ = static_cast<std::byte*>(addr);
}

Dram::~Dram() {
  munmap(base_, uint64_t{banks_} * bank_bytes_);
  close(fd_);
}

template <typename Fn>
void Dram::for_each_piece(uint64_t address, uint64_t offset, uint64_t length, Fn&& fn) const {
  uint64_t done = 0;
  while (done < length) {
    uint64_t at = offset + done;
    uint64_t page = at / page_bytes_;
    uint64_t in_page = at % page_bytes_;
    uint64_t piece = std::min<uint64_t>(page_bytes_ - in_page, length - done);
    std::byte* where = bank(static_cast<uint32_t>(page % banks_)) + address + (page / banks_) * page_bytes_ + in_page;
    fn(where, done, piece);
    done += piece;
  }
}

void Dram::write(uint64_t address, uint64_t offset, std::span<const std::byte> bytes) {
  for_each_piece(address, offset, bytes.size(), [&](std::byte* where, uint64_t from, uint64_t n) {
    std::memcpy(where, bytes.data() + from, n);
  });
}

void Dram::read(uint64_t address, uint64_t offset, std::span<std::byte> bytes) const {
  for_each_piece(address, offset, bytes.size(), [&](std::byte* where, uint64_t from, uint64_t n) {
    std::memcpy(bytes.data() + from, where, n);
  });
}

namespace {

// Large transfers are split over two threads: mapping the client's pages and
// copying them both scale with cores, and a run of this size dwarfs the cost
// of starting a thread.
constexpr uint64_t kParallelBytes = 8ull << 20;

// Maps [offset, offset + length) of the client's object and hands it to `copy`.
template <typename Copy>
void with_mapped_range(int fd, uint64_t offset, uint64_t length, bool writable, Copy&& copy) {
  if (length == 0) return;
  int prot = PROT_READ | (writable ? PROT_WRITE : 0);
  void* addr = mmap(nullptr, length, prot, MAP_SHARED | MAP_POPULATE, fd, static_cast<off_t>(offset));
  if (addr == MAP_FAILED) {
    throw Error(Code::kResourceExhausted,
                fmt::format("cannot map {} bytes of the shared-memory object: {}", length, errno_text(errno)));
  }
  copy(static_cast<std::byte*>(addr));
  munmap(addr, length);
}

// Runs chunk(offset, length) over `length` bytes, in two page-aligned halves
// on two threads when the transfer is large.
template <typename Chunk>
void split_transfer(uint64_t length, uint32_t page_bytes, Chunk&& chunk) {
  if (length < kParallelBytes) {
    chunk(0, length);
    return;
  }
  uint64_t half = (length / 2) / page_bytes * page_bytes;
  std::exception_ptr failure;
  std::thread other([&] {
    try {
      chunk(half, length - half);
    } catch (...) {
      failure = std::current_exception();
    }
  });
  chunk(0, half);
  other.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace

void Dram::write_from_fd(uint64_t address, int fd, uint64_t length) {
  split_transfer(length, page_bytes_, [&](uint64_t offset, uint64_t n) {
    with_mapped_range(fd, offset, n, /*writable=*/false,
                      [&](std::byte* src) { write(address, offset, {src, n}); });
  });
}

void Dram::read_to_fd(uint64_t address, int fd, uint64_t length) const {
  split_transfer(length, page_bytes_, [&](uint64_t offset, uint64_t n) {
    with_mapped_range(fd, offset, n, /*writable=*/true, [&](std::byte* dst) { read(address, offset, {dst, n}); });
  });
}

void Dram::discard(uint64_t address, uint64_t per_bank_bytes) {
  for (uint32_t b = 0; b < banks_; ++b) {
    off_t start = static_cast<off_t>(uint64_t{b} * bank_bytes_ + address);
    // Punching a hole frees the pages; failure only costs memory, not data.
    fallocate(fd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, start, static_cast<off_t>(per_bank_bytes));
  }
}

}  // namespace zyxtt::emu
