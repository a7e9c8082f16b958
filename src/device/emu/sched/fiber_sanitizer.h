// Tells ThreadSanitizer and AddressSanitizer where each fiber switch goes:
// Debian builds Boost.Context without its sanitizer hooks. Without them TSan
// runs every fiber of a thread on one shadow call stack (Boost's unwinding
// of a suspended fiber crashed it), and ASan unwinds an exception thrown on
// a fiber against the thread's stack bounds (false reports). Empty in other
// builds.
#pragma once

#include <cstddef>

#include "common/sanitizers.h"

#if defined(ZYXTT_TSAN)
#include <sanitizer/tsan_interface.h>
#endif
#if defined(ZYXTT_ASAN)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace zyxtt::emu {

// One fiber's annotations. The scheduler calls enter() just before it
// switches to the fiber and returned() first thing when the fiber switched
// back; the fiber calls arrived() first thing after every switch to it and
// leave() just before it switches back (last: its final switch).
class FiberSanitizer {
 public:
  FiberSanitizer(const void* stack_bottom, size_t stack_size) {
#if defined(ZYXTT_TSAN)
    tsan_fiber_ = __tsan_create_fiber(0);
#endif
#if defined(ZYXTT_ASAN)
    bottom_ = stack_bottom;
    size_ = stack_size;
#endif
    (void)stack_bottom;
    (void)stack_size;
  }
  ~FiberSanitizer() {
#if defined(ZYXTT_TSAN)
    __tsan_destroy_fiber(tsan_fiber_);
#endif
  }
  FiberSanitizer(const FiberSanitizer&) = delete;
  FiberSanitizer& operator=(const FiberSanitizer&) = delete;

  void enter() {
#if defined(ZYXTT_TSAN)
    tsan_caller_ = __tsan_get_current_fiber();
    __tsan_switch_to_fiber(tsan_fiber_, 0);
#endif
#if defined(ZYXTT_ASAN)
    __sanitizer_start_switch_fiber(&caller_fake_, bottom_, size_);
#endif
  }
  void returned() {
#if defined(ZYXTT_ASAN)
    __sanitizer_finish_switch_fiber(caller_fake_, nullptr, nullptr);
#endif
  }
  void arrived() {
#if defined(ZYXTT_ASAN)
    __sanitizer_finish_switch_fiber(fake_, &caller_bottom_, &caller_size_);
#endif
  }
  void leave(bool last) {
#if defined(ZYXTT_TSAN)
    __tsan_switch_to_fiber(tsan_caller_, 0);
#endif
#if defined(ZYXTT_ASAN)
    __sanitizer_start_switch_fiber(last ? nullptr : &fake_, caller_bottom_, caller_size_);
#endif
    (void)last;
  }

  // Boost.Context's constructor of a fiber jumps onto the new stack and back
  // once; TSan must count those frames on the fiber's shadow stack.
  void creating() {
#if defined(ZYXTT_TSAN)
    tsan_caller_ = __tsan_get_current_fiber();
    __tsan_switch_to_fiber(tsan_fiber_, 0);
#endif
  }
  void created() {
#if defined(ZYXTT_TSAN)
    __tsan_switch_to_fiber(tsan_caller_, 0);
#endif
  }

  // A stack about to be unmapped: ASan forgets its poisoned redzones, which
  // would otherwise be reported in whatever is mapped there next.
  static void forget_stack(void* bottom, size_t size) {
#if defined(ZYXTT_ASAN)
    ASAN_UNPOISON_MEMORY_REGION(bottom, size);
#endif
    (void)bottom;
    (void)size;
  }

 private:
#if defined(ZYXTT_TSAN)
  void* tsan_fiber_ = nullptr;
  void* tsan_caller_ = nullptr;
#endif
#if defined(ZYXTT_ASAN)
  const void* bottom_ = nullptr;
  size_t size_ = 0;
  void* fake_ = nullptr;         // the fiber's fake stack while it is switched out
  void* caller_fake_ = nullptr;  // the scheduler's while the fiber runs
  const void* caller_bottom_ = nullptr;
  size_t caller_size_ = 0;
#endif
};

}  // namespace zyxtt::emu
