// DPRINT in both of tt-metal's eras: the stream form DPRINT << value << ENDL();
// with its manipulators, and the format form DPRINT("x={}\n", x) (the same
// engine as DEVICE_PRINT). Output goes to the emulator's per-core log, line by line.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "zyxtt/print_line.h"
#include "api/debug/device_print.h"
#include "api/debug/dprint_tile.h"

struct ENDL {};
struct HEX {};
struct DEC {};
struct OCT {};
struct FIXED {};
struct DEFAULTFLOAT {};
struct SETW {
  explicit SETW(uint8_t w, bool sticky = false) : width(w), sticky(sticky) {}
  uint8_t width;
  bool sticky;
};
struct SETPRECISION {
  explicit SETPRECISION(uint8_t p) : precision(p) {}
  uint8_t precision;
};
struct BF16 {
  explicit BF16(uint16_t v) : val(v) {}
  uint16_t val;
};
struct F32 {
  explicit F32(float v) : val(v) {}
  float val;
};
struct U32 {
  explicit U32(uint32_t v) : val(v) {}
  uint32_t val;
};

namespace zyxtt::dprint {
class Stream : public Line {
 public:
  Stream& operator<<(ENDL) {
    put('\n');
    return *this;
  }
  Stream& operator<<(HEX) {
    fmt.base = 16;
    return *this;
  }
  Stream& operator<<(DEC) {
    fmt.base = 10;
    return *this;
  }
  Stream& operator<<(OCT) {
    fmt.base = 8;
    return *this;
  }
  Stream& operator<<(FIXED) {
    fmt.fixed = true;
    return *this;
  }
  Stream& operator<<(DEFAULTFLOAT) {
    fmt.fixed = false;
    fmt.precision = -1;
    return *this;
  }
  Stream& operator<<(SETW w) {
    fmt.width = w.width;
    fmt.sticky_width = w.sticky;
    return *this;
  }
  Stream& operator<<(SETPRECISION p) {
    fmt.precision = int8_t(p.precision);
    return *this;
  }
  Stream& operator<<(BF16 b) {
    put_float(double(__builtin_bit_cast(float, uint32_t(b.val) << 16)));
    return *this;
  }
  Stream& operator<<(F32 f) {
    put_float(double(f.val));
    return *this;
  }
  Stream& operator<<(U32 u) {
    put_int(u.val, false);
    return *this;
  }
  // The format form: DPRINT("x={}\n", x).
  template <typename... Args>
  Stream& operator()(const char* format, const Args&... args) {
    format_into(*this, format, args...);
    return *this;
  }
  template <typename T>
  Stream& operator<<(const T& v) {
    put_value(*this, v);
    return *this;
  }
};
// DPRINT_MATH(DPRINT << x) evaluates its stream; DPRINT_MATH("x={}", x) formats.
inline void thread_print(const Line&) {}
template <typename... Args>
inline void thread_print(const char* format, const Args&... args) {
  device_print(format, args...);
}
}  // namespace zyxtt::dprint

#define DPRINT ::zyxtt::dprint::Stream{}

// Per-thread variants: on silicon each expands only on its own RISC. The
// emulator runs compute as one instance, so without a TRISC_* split all three expand.
#if defined(COMPILE_FOR_TRISC)
#if !(defined(TRISC_UNPACK) || defined(TRISC_MATH) || defined(TRISC_PACK)) || defined(TRISC_UNPACK)
#define DPRINT_UNPACK(...) ::zyxtt::dprint::thread_print(__VA_ARGS__)
#else
#define DPRINT_UNPACK(...)
#endif
#if !(defined(TRISC_UNPACK) || defined(TRISC_MATH) || defined(TRISC_PACK)) || defined(TRISC_MATH)
#define DPRINT_MATH(...) ::zyxtt::dprint::thread_print(__VA_ARGS__)
#else
#define DPRINT_MATH(...)
#endif
#if !(defined(TRISC_UNPACK) || defined(TRISC_MATH) || defined(TRISC_PACK)) || defined(TRISC_PACK)
#define DPRINT_PACK(...) ::zyxtt::dprint::thread_print(__VA_ARGS__)
#else
#define DPRINT_PACK(...)
#endif
#define DPRINT_DATA0(...)
#define DPRINT_DATA1(...)
#else
#define DPRINT_UNPACK(...)
#define DPRINT_MATH(...)
#define DPRINT_PACK(...)
#if defined(COMPILE_FOR_BRISC)
#define DPRINT_DATA0(...) ::zyxtt::dprint::thread_print(__VA_ARGS__)
#else
#define DPRINT_DATA0(...)
#endif
#if defined(COMPILE_FOR_NCRISC)
#define DPRINT_DATA1(...) ::zyxtt::dprint::thread_print(__VA_ARGS__)
#else
#define DPRINT_DATA1(...)
#endif
#endif
