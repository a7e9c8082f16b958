// Whole-range reads and writes on a descriptor at an offset, retrying short
// transfers and EINTR. No logging, so any library may link it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace zyxtt {

// Bytes moved: all of them, or fewer where the file ends (a read) or cannot
// grow (a write). A failing call throws Error(FAILED_PRECONDITION) naming
// `what` and the system's reason.
uint64_t pread_full(int fd, std::span<std::byte> out, uint64_t offset, const char* what);
uint64_t pwrite_full(int fd, std::span<const std::byte> in, uint64_t offset, const char* what);

// The same for callers that only need to know whether all of it moved: 0, or
// why not (the failing call's errno; EIO for a file that ended first, ENOSPC
// for one that could not grow). Never throws.
int pread_exact(int fd, std::span<std::byte> out, uint64_t offset);
int pwrite_exact(int fd, std::span<const std::byte> in, uint64_t offset);

}  // namespace zyxtt
