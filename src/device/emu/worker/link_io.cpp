#include "device/emu/worker/link_io.h"

#include <sys/syscall.h>

#include <cerrno>

// The linker names the bounds of a section whose name is an identifier.
extern "C" const char __start_zyxtt_link_io[];
extern "C" const char __stop_zyxtt_link_io[];

namespace zyxtt::emu {
namespace {

// The one `syscall` instruction of the link's calls (x86-64, as the sandbox).
[[gnu::section("zyxtt_link_io"), gnu::noinline, gnu::used]] long link_syscall(long nr, long a0, long a1, long a2) {
  long ret;
  asm volatile("syscall" : "=a"(ret) : "a"(nr), "D"(a0), "S"(a1), "d"(a2) : "rcx", "r11", "memory");
  return ret;
}

ssize_t with_errno(long ret) {
  if (ret >= 0) return ret;
  errno = static_cast<int>(-ret);
  return -1;
}

}  // namespace

ssize_t link_read(int fd, void* buf, size_t n) {
  return with_errno(link_syscall(SYS_read, fd, reinterpret_cast<long>(buf), static_cast<long>(n)));
}

ssize_t link_writev(int fd, const iovec* parts, int count) {
  return with_errno(link_syscall(SYS_writev, fd, reinterpret_cast<long>(parts), count));
}

CodeRange link_io_code() {
  return {reinterpret_cast<uintptr_t>(__start_zyxtt_link_io), reinterpret_cast<uintptr_t>(__stop_zyxtt_link_io)};
}

}  // namespace zyxtt::emu
