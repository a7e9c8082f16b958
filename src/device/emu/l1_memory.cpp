#include "device/emu/l1_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <fmt/format.h>

#include "common/error.h"

namespace zyxtt::emu {

L1Memory::L1Memory(const Arch& arch) : bytes_(l1_arena_bytes(arch)) {
  fd_ = memfd_create("zyx-tt-l1", MFD_CLOEXEC);
  if (fd_ < 0) throw Error(Code::kInternal, fmt::format("memfd_create failed: {}", errno_text(errno)));
  if (ftruncate(fd_, static_cast<off_t>(bytes_)) != 0) {
    const int err = errno;
    close(fd_);
    throw Error(Code::kInternal, fmt::format("cannot size emulated L1 to {} bytes: {}", bytes_, errno_text(err)));
  }
  void* addr = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
  if (addr == MAP_FAILED) {
    const int err = errno;
    close(fd_);
    throw Error(Code::kInternal, fmt::format("cannot map emulated L1: {}", errno_text(err)));
  }
  base_ = static_cast<std::byte*>(addr);
}

L1Memory::~L1Memory() {
  munmap(base_, bytes_);
  close(fd_);
}

}  // namespace zyxtt::emu
