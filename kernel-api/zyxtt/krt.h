// The kernel runtime ("krt") as kernels see it: inline calls through the
// table the emulator bound to this kernel object (krt_abi.h lists them; the
// emulator's side is src/device/emu/krt_impl.h, which says what each does).
// kernel-api/ headers only ever call these, never emulator internals.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstddef>
#include <cstdint>

#include "zyxtt/krt_abi.h"
#include "zyxtt/noc_addr.h"

// Set once by zyxtt_kernel_bind (entry.h) before any instance runs. Hidden:
// each kernel object has its own, and exports nothing but the entry points.
extern "C" __attribute__((visibility("hidden"))) const zyxtt_krt_table* zyxtt_krt_bound;

// The kernel's call site as trailing default parameters of an API call
// (__builtin_FILE / LINE in a default argument name the caller), so the
// sanitizer's warnings point at the kernel's line; ZYXTT_SITE passes them on.
#define ZYXTT_SITE_PARAMS const char *zyxtt_file = __builtin_FILE(), uint32_t zyxtt_line = __builtin_LINE()
#define ZYXTT_SITE zyxtt_file, zyxtt_line

namespace zyxtt::krt {

#define ZYXTT_KRT_WRAPPER(ret, name, params, args) \
  inline ret name params { return zyxtt_krt_bound->name args; }
ZYXTT_KRT_CALLS(ZYXTT_KRT_WRAPPER)
#undef ZYXTT_KRT_WRAPPER

// Default arguments of the API's call sites (added by redeclaration).
void cb_reserve_back(uint32_t cb, uint32_t pages, const char* file = nullptr, uint32_t line = 0);
void cb_push_back(uint32_t cb, uint32_t pages, const char* file = nullptr, uint32_t line = 0);
void cb_wait_front(uint32_t cb, uint32_t pages, const char* file = nullptr, uint32_t line = 0);
void wait_l1_word(volatile uint32_t* addr, uint32_t value, bool at_least, const char* call,
                  const char* file = nullptr, uint32_t line = 0);
void cb_pop_front(uint32_t cb, uint32_t pages, const char* file = nullptr, uint32_t line = 0);
void pack_tile(uint32_t dst, uint32_t cb, uint32_t out_index, bool out_of_order, const char* file = nullptr,
               uint32_t line = 0);
void sfpu_binary(SfpuBinaryOp op, uint32_t dst_a, uint32_t dst_b, uint32_t dst_out, uint32_t flags = 0);
void sfpu_typecast(uint32_t dst, uint32_t in_format, uint32_t out_format, const char* file = nullptr,
                   uint32_t line = 0);
void fpu_binary(FpuBinaryOp op, uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t dst,
                Bcast bcast = Bcast::kNone, uint32_t bcast_row = 0);
void pack_untilize_dest(uint32_t ocb, uint32_t block_ct_dim, uint32_t full_ct_dim, uint32_t block_rt_dim,
                        uint32_t block_c_index, uint32_t dst_offset, uint32_t out_row = 0);

// WAYPOINT's text as the waypoint call's word: up to four characters, low byte first.
constexpr uint32_t waypoint_code(const char* text) {
  uint32_t code = 0;
  for (uint32_t i = 0; i < 4 && text[i] != '\0'; ++i) code |= uint32_t(uint8_t(text[i])) << (8 * i);
  return code;
}

[[noreturn]] inline void fail(const char* message) {
  zyxtt_krt_bound->abort_run(message);
  __builtin_unreachable();
}

// Address encoders need no emulator state (noc_addr.h is shared with it).
inline uint64_t dram_noc_addr(uint32_t bank, uint32_t bank_offset) { return noc::dram(bank, bank_offset); }
inline uint64_t core_noc_addr(uint32_t noc_x, uint32_t noc_y, uint32_t l1_addr) {
  return noc::unicast(noc_x, noc_y, l1_addr);
}
inline uint64_t multicast_noc_addr(uint32_t x_start, uint32_t y_start, uint32_t x_end, uint32_t y_end,
                                   uint32_t l1_addr) {
  return noc::multicast(x_start, y_start, x_end, y_end, l1_addr);
}

}  // namespace zyxtt::krt
