// tt-umd's host memory fences around writes to a card's mapped memory; the
// emulator's memory is the process's own, so a full compiler and CPU fence.
#pragma once

#include <atomic>

namespace tt_driver_atomics {
inline void sfence() { std::atomic_thread_fence(std::memory_order_release); }
inline void lfence() { std::atomic_thread_fence(std::memory_order_acquire); }
inline void mfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
}  // namespace tt_driver_atomics
