#include "common/fault_guarded_copy.h"

#include <csetjmp>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <mutex>

namespace zyxtt {
namespace {

struct Guard {
  sigjmp_buf jump;
  const std::byte* volatile fault = nullptr;
};

thread_local Guard* t_guard = nullptr;
struct sigaction g_previous {};

void on_sigbus(int sig, siginfo_t* info, void* context) {
  Guard* guard = t_guard;
  if (guard != nullptr && info->si_code > 0) {  // a fault, not a kill(2)
    t_guard = nullptr;
    guard->fault = static_cast<const std::byte*>(info->si_addr);
    siglongjmp(guard->jump, 1);
  }
  // Not a guarded copy: whatever handled SIGBUS before, or the default
  // action once the faulting instruction runs again.
  if ((g_previous.sa_flags & SA_SIGINFO) != 0 && g_previous.sa_sigaction != nullptr) {
    g_previous.sa_sigaction(sig, info, context);
    return;
  }
  sigaction(SIGBUS, &g_previous, nullptr);
  if (info->si_code <= 0) raise(sig);
}

void install_handler() {
  struct sigaction sa {};
  sa.sa_sigaction = on_sigbus;
  // SA_NODEFER: the handler leaves by siglongjmp without restoring a signal
  // mask, so SIGBUS must not be blocked while it runs.
  sa.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGBUS, &sa, &g_previous);
}

using Vec = unsigned char __attribute__((vector_size(16), aligned(1), may_alias));
constexpr size_t kBlock = 4 * sizeof(Vec);

// Front to back, each block's four loads before its four stores; the empty
// asm statements keep the compiler from reordering, merging or turning the
// loop into a memcpy call, so a fault on a load leaves the block unwritten.
void ordered_copy(std::byte* dst, const std::byte* src, size_t n) {
  size_t i = 0;
  for (; i + kBlock <= n; i += kBlock) {
    const Vec* s = reinterpret_cast<const Vec*>(src + i);
    Vec a = s[0], b = s[1], c = s[2], d = s[3];
    asm volatile("" ::: "memory");
    Vec* t = reinterpret_cast<Vec*>(dst + i);
    t[0] = a;
    t[1] = b;
    t[2] = c;
    t[3] = d;
    asm volatile("" ::: "memory");
  }
  for (; i < n; ++i) {
    unsigned char v = *reinterpret_cast<const volatile unsigned char*>(src + i);
    *reinterpret_cast<volatile unsigned char*>(dst + i) = v;
  }
}

// Bytes of a copy of n bytes known done when the access at `offset` faulted.
size_t copied_before(size_t offset, size_t n) {
  const size_t whole = n / kBlock * kBlock;
  if (offset >= n) return n;
  return offset < whole ? offset / kBlock * kBlock : offset;
}

}  // namespace

size_t fault_guarded_copy(std::byte* dst, const std::byte* src, size_t n) {
  static std::once_flag installed;
  std::call_once(installed, install_handler);
  Guard guard;
  if (sigsetjmp(guard.jump, 0) != 0) {
    const auto at = reinterpret_cast<uintptr_t>(guard.fault);
    const auto s = reinterpret_cast<uintptr_t>(src);
    const auto d = reinterpret_cast<uintptr_t>(dst);
    if (at - s < n) return copied_before(at - s, n);
    if (at - d < n) return copied_before(at - d, n);
    return 0;
  }
  t_guard = &guard;
  ordered_copy(dst, src, n);
  t_guard = nullptr;
  return n;
}

}  // namespace zyxtt
