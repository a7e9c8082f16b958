// Kernel threads per processor: several only on Quasar. The emulated
// Blackhole runs each kernel as one thread, so the count is 1, the id 0 and
// the data-movement barrier returns at once.
#pragma once

#include <cstdint>

inline uint32_t get_num_threads() { return 1; }
inline uint32_t get_my_thread_id() { return 0; }

#if !defined(COMPILE_FOR_TRISC)
inline void thread_sync_init() {}
inline void wait_threads(uint32_t /*participants*/) {}
inline void sync_threads() { wait_threads(get_num_threads()); }
#endif
