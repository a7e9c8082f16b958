#include "common/populate.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>

namespace zyxtt {
namespace {

size_t page_bytes() {
  static const size_t bytes = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return bytes;
}

}  // namespace

void populate(const void* start, size_t bytes, bool for_write) {
#if defined(MADV_POPULATE_READ) && defined(MADV_POPULATE_WRITE)
  if (bytes == 0) return;
  const uintptr_t page = page_bytes();
  const uintptr_t first = reinterpret_cast<uintptr_t>(start) & ~(page - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(start) + bytes + page - 1) & ~(page - 1);
  madvise(reinterpret_cast<void*>(first), end - first, for_write ? MADV_POPULATE_WRITE : MADV_POPULATE_READ);
#else
  (void)start, (void)bytes, (void)for_write;
#endif
}

}  // namespace zyxtt
