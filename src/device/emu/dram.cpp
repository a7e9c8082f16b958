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
    : banks_(arch.dram_banks), bank_bytes_(arch.dram_bank_bytes) {
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

void Dram::discard(uint64_t address, uint64_t per_bank_bytes) {
  for (uint32_t b = 0; b < banks_; ++b) {
    off_t start = static_cast<off_t>(uint64_t{b} * bank_bytes_ + address);
    // Punching a hole frees the pages; failure only costs memory, not data.
    fallocate(fd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, start, static_cast<off_t>(per_bank_bytes));
  }
}

}  // namespace zyxtt::emu
