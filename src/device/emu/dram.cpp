#include "device/emu/dram.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <type_traits>
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
    if constexpr (std::is_same_v<decltype(fn(where, done, piece)), bool>) {
      if (!fn(where, done, piece)) return;
    } else {
      fn(where, done, piece);
    }
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
uint64_t Dram::copy_with_file(uint64_t address, int fd, uint64_t offset, uint64_t length) const {
  iovec iov[kIovecs];
  uint64_t done = 0;
  while (done < length) {
    size_t count = 0;
    uint64_t batch = 0;
    for_each_piece(address, offset + done, length - done, [&](std::byte* where, uint64_t, uint64_t n) {
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

void Dram::write_from_fd(uint64_t address, int fd, uint64_t length) {
  auto parts = split_transfer(length, page_bytes_, [&](uint64_t offset, uint64_t n) {
    return copy_with_file<true>(address, fd, offset, n);
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

void Dram::read_to_fd(uint64_t address, int fd, uint64_t length) const {
  auto parts = split_transfer(length, page_bytes_, [&](uint64_t offset, uint64_t n) {
    return copy_with_file<false>(address, fd, offset, n);
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

void Dram::discard(uint64_t address, uint64_t per_bank_bytes) {
  for (uint32_t b = 0; b < banks_; ++b) {
    off_t start = static_cast<off_t>(uint64_t{b} * bank_bytes_ + address);
    // Punching a hole frees the pages; failure only costs memory, not data.
    fallocate(fd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, start, static_cast<off_t>(per_bank_bytes));
  }
}

}  // namespace zyxtt::emu
