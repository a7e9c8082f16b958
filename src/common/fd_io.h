// Whole-range reads and writes on a descriptor at an offset, retrying short
// transfers and EINTR. No logging, so any library may link it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace zyxtt {

// Throw Error(FAILED_PRECONDITION) naming `what` and the bytes moved so far
// when the file ends early or the call fails.
void pread_exact(int fd, std::span<std::byte> out, uint64_t offset, const char* what);
void pwrite_exact(int fd, std::span<const std::byte> in, uint64_t offset, const char* what);

}  // namespace zyxtt
