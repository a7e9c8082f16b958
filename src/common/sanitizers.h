// Which sanitizer this build runs under: ZYXTT_TSAN (ThreadSanitizer),
// ZYXTT_ASAN (AddressSanitizer). gcc says so with __SANITIZE_*__, clang with
// __has_feature.
#pragma once

#if defined(__SANITIZE_THREAD__)
#define ZYXTT_TSAN 1
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ZYXTT_ASAN 1
#endif
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define ZYXTT_TSAN 1
#endif
#if __has_feature(address_sanitizer)
#define ZYXTT_ASAN 1
#endif
#endif

namespace zyxtt {

// ASan and TSan reserve terabytes of private address space as the process
// starts, and RLIMIT_DATA counts it: under --worker-memory's limit the
// device worker could not map anything, so these builds do not apply it.
#if defined(ZYXTT_ASAN) || defined(ZYXTT_TSAN)
inline constexpr bool kSanitizerReservesAddressSpace = true;
#else
inline constexpr bool kSanitizerReservesAddressSpace = false;
#endif

}  // namespace zyxtt
