// The system calls the device worker makes on its own descriptors (the link
// to the runtime) come from this code alone, so the sandbox can allow them
// from here and refuse them from kernels (sandbox.cpp).
#pragma once

#include <sys/types.h>
#include <sys/uio.h>

#include <cstddef>
#include <cstdint>

namespace zyxtt::emu {

ssize_t link_read(int fd, void* buf, size_t n);
ssize_t link_writev(int fd, const iovec* parts, int count);

// Where that code lies: [lo, hi).
struct CodeRange {
  uintptr_t lo = 0, hi = 0;
};
CodeRange link_io_code();

}  // namespace zyxtt::emu
