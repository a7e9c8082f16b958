// tt-metal's LLK ckernel.h as kernels use it: the mailboxes between a core's
// processors. A reader tells the compute kernel something per batch by
// writing one word to each TRISC; each reads it from BriscThreadId, blocking
// until it arrives. (The emulator keeps one FIFO per sender; its one compute
// fiber runs unpack, math and pack in program order, so order is kept.)
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "ckernel_defs.h"
#include "zyxtt/kernel_base.h"

namespace ckernel {
inline void mailbox_write(const uint8_t thread, const uint32_t data) { zyxtt::krt::mailbox_write(thread, data); }
inline uint32_t mailbox_read(const uint8_t thread) { return zyxtt::krt::mailbox_read(thread); }
}  // namespace ckernel
