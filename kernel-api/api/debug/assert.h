// ASSERT(cond[, code]): tt-metal's watcher assert. The emulator always checks
// it and fails the run naming the kernel's file and line.
#pragma once

#include "zyxtt/krt.h"

#define ZYXTT_STR2(x) #x
#define ZYXTT_STR(x) ZYXTT_STR2(x)
#define ASSERT(condition, ...) \
  (void((condition) ? 0 : (::zyxtt::krt::fail("ASSERT(" #condition ") failed at " __FILE__ ":" ZYXTT_STR(__LINE__)), 0)))
