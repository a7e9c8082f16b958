// DPRINT << value << ... << ENDL(); with a useful subset of tt-metal's
// manipulators. Output goes to the emulator's per-core log, line by line.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "zyxtt/print_line.h"

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
  template <typename T>
  Stream& operator<<(const T& v) {
    put_value(*this, v);
    return *this;
  }
};
}  // namespace zyxtt::dprint

#define DPRINT ::zyxtt::dprint::Stream{}

// Per-thread variants: on silicon each expands only on its own RISC. The
// emulator runs compute as one instance, so without a TRISC_* split all three expand.
#if defined(COMPILE_FOR_TRISC)
#if !(defined(TRISC_UNPACK) || defined(TRISC_MATH) || defined(TRISC_PACK)) || defined(TRISC_UNPACK)
#define DPRINT_UNPACK(x) x
#else
#define DPRINT_UNPACK(x)
#endif
#if !(defined(TRISC_UNPACK) || defined(TRISC_MATH) || defined(TRISC_PACK)) || defined(TRISC_MATH)
#define DPRINT_MATH(x) x
#else
#define DPRINT_MATH(x)
#endif
#if !(defined(TRISC_UNPACK) || defined(TRISC_MATH) || defined(TRISC_PACK)) || defined(TRISC_PACK)
#define DPRINT_PACK(x) x
#else
#define DPRINT_PACK(x)
#endif
#define DPRINT_DATA0(x)
#define DPRINT_DATA1(x)
#else
#define DPRINT_UNPACK(x)
#define DPRINT_MATH(x)
#define DPRINT_PACK(x)
#if defined(COMPILE_FOR_BRISC)
#define DPRINT_DATA0(x) x
#else
#define DPRINT_DATA0(x)
#endif
#if defined(COMPILE_FOR_NCRISC)
#define DPRINT_DATA1(x) x
#else
#define DPRINT_DATA1(x)
#endif
#endif
