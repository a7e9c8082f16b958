#include "device/emu/worker/memory_guard.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstddef>

// glibc's allocator under its public alternative names; the definitions
// below interpose on malloc & co. for the whole worker, kernels included,
// only to notice failures.
extern "C" {
void* __libc_malloc(size_t);
void* __libc_calloc(size_t, size_t);
void* __libc_realloc(void*, size_t);
void* __libc_memalign(size_t, size_t);
void* __libc_valloc(size_t);
void* __libc_pvalloc(size_t);
}

namespace zyxtt::emu {
namespace {

std::atomic<ControlBlock*> g_guarded{nullptr};

[[maybe_unused]] void* checked(void* p, size_t bytes) {
  if (p != nullptr || bytes == 0) [[likely]] return p;
  ControlBlock* control = g_guarded.load(std::memory_order_relaxed);
  if (control == nullptr) return p;  // not armed: the caller sees ENOMEM
  control->crashed_thread.store(scheduler_thread_index());
  _exit(kWorkerExitOutOfMemory);
}

}  // namespace

void arm_memory_guard(ControlBlock* control) { g_guarded.store(control); }

void prefer_for_oom_kill() {
  const int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
  if (fd < 0) return;
  [[maybe_unused]] ssize_t n = write(fd, "1000", 4);
  close(fd);
}

}  // namespace zyxtt::emu

// Sanitizer builds keep their own allocator (its interceptors are the malloc
// of the process); there the worker's limit shows as an ordinary crash.
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
using zyxtt::emu::checked;

extern "C" {
void* malloc(size_t bytes) { return checked(__libc_malloc(bytes), bytes); }
void* calloc(size_t n, size_t size) {
  size_t bytes = 0;
  if (__builtin_mul_overflow(n, size, &bytes)) return __libc_calloc(n, size);  // ENOMEM, not the limit
  return checked(__libc_calloc(n, size), bytes);
}
void* realloc(void* p, size_t bytes) { return checked(__libc_realloc(p, bytes), bytes); }
void* memalign(size_t alignment, size_t bytes) { return checked(__libc_memalign(alignment, bytes), bytes); }
void* aligned_alloc(size_t alignment, size_t bytes) { return checked(__libc_memalign(alignment, bytes), bytes); }
void* valloc(size_t bytes) { return checked(__libc_valloc(bytes), bytes); }
void* pvalloc(size_t bytes) { return checked(__libc_pvalloc(bytes), bytes); }
int posix_memalign(void** out, size_t alignment, size_t bytes) {
  if (alignment < sizeof(void*) || (alignment & (alignment - 1)) != 0) return EINVAL;
  void* p = checked(__libc_memalign(alignment, bytes), bytes);
  if (p == nullptr && bytes != 0) return ENOMEM;
  *out = p;
  return 0;
}
}
#endif
