// Copies to or from a mapping of a client's object that the client may
// shrink at any moment: a page that vanished ends the copy (SIGBUS is caught
// on the copying thread) instead of killing the process.
#pragma once

#include <cstddef>

namespace zyxtt {

// Copies n bytes from src to dst front to back and returns how many were
// copied: n, or, when a page of either side vanished, a count c such that
// dst[0, c) holds src[0, c). When the missing page is on the source side no
// byte of dst past c was touched; on the destination side a few bytes past c
// (less than 64) may have been stored. Safe on several threads at once.
size_t fault_guarded_copy(std::byte* dst, const std::byte* src, size_t n);

}  // namespace zyxtt
