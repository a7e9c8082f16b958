// The text builder behind DPRINT and DEVICE_PRINT: one object per statement,
// flushed to krt::print_text when the statement ends, so lines may span
// statements and the emulator sees whole lines.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "zyxtt/krt.h"

namespace zyxtt::dprint {

struct Format {
  uint8_t base = 10;
  uint8_t width = 0;
  bool sticky_width = false;
  int8_t precision = -1;  // -1: shortest (%g, 6 digits)
  bool fixed = false;
};

class Line {
 public:
  Line() = default;
  Line(const Line&) = delete;
  Line& operator=(const Line&) = delete;
  ~Line() { flush(); }

  void flush() {
    if (len_ != 0) krt::print_text(buf_, len_);
    len_ = 0;
  }
  void put(char c) {
    if (len_ == sizeof(buf_)) flush();
    buf_[len_++] = c;
  }
  void put(const char* s, size_t n) {
    for (size_t i = 0; i < n; ++i) put(s[i]);
  }
  void put_str(const char* s) {
    if (s == nullptr) s = "(null)";
    size_t n = 0;
    while (s[n] != '\0') ++n;
    padded(s, n);
  }
  void put_int(uint64_t magnitude, bool negative) {
    char tmp[72];
    size_t n = sizeof(tmp);
    const uint32_t base = fmt.base;
    do {
      const uint32_t d = uint32_t(magnitude % base);
      tmp[--n] = char(d < 10 ? '0' + d : 'a' + d - 10);
      magnitude /= base;
    } while (magnitude != 0);
    if (fmt.base == 16) {
      tmp[--n] = 'x';
      tmp[--n] = '0';
    }
    if (negative) tmp[--n] = '-';
    padded(tmp + n, sizeof(tmp) - n);
  }
  // "0x" and exactly `digits` hex digits, as fmt's {:#0Nx} / 0x{:0NX} print (dump helpers).
  void put_hex(uint32_t v, uint32_t digits, bool upper = false) {
    put('0');
    put('x');
    for (uint32_t i = digits; i-- > 0;) {
      const uint32_t d = (v >> (4 * i)) & 0xF;
      put(char(d < 10 ? '0' + d : (upper ? 'A' : 'a') + d - 10));
    }
  }
  void put_float(double v) {
    char tmp[64];
    const int p = fmt.precision < 0 ? 6 : fmt.precision;
    int n = __builtin_snprintf(tmp, sizeof(tmp), fmt.fixed ? "%.*f" : "%.*g", p, v);
    if (n < 0) n = 0;
    if (n >= int(sizeof(tmp))) n = int(sizeof(tmp)) - 1;
    padded(tmp, size_t(n));
  }

  Format fmt;

 private:
  void padded(const char* s, size_t n) {
    for (size_t i = n; i < fmt.width; ++i) put(' ');
    put(s, n);
    if (!fmt.sticky_width) fmt.width = 0;
  }

  char buf_[240];
  uint32_t len_ = 0;
};

// Streams one value with the line's current format.
template <typename T>
inline void put_value(Line& l, const T& v) {
  if constexpr (requires { v.print_to(l); }) {
    v.print_to(l);  // values that print themselves (TileSlice)
  } else if constexpr (requires { v.value(); }) {
    put_value(l, v.value());  // wrappers of a bit pattern (bf16_t)
  } else if constexpr (std::is_same_v<T, bool>) {
    l.put_int(v ? 1 : 0, false);
  } else if constexpr (std::is_same_v<T, char>) {
    l.put(v);
  } else if constexpr (std::is_integral_v<T>) {
    if constexpr (T(-1) < T(0)) {
      const long long s = v;
      l.put_int(s < 0 ? 0ull - (unsigned long long)s : (unsigned long long)s, s < 0);
    } else {
      l.put_int((unsigned long long)v, false);
    }
  } else if constexpr (std::is_enum_v<T>) {
    l.put_int((unsigned long long)std::underlying_type_t<T>(v), false);
  } else if constexpr (std::is_floating_point_v<T>) {
    l.put_float(double(v));
  } else if constexpr (requires { l.put_str(v); }) {
    l.put_str(v);
  } else if constexpr (requires { static_cast<const void*>(v); }) {
    const uint8_t base = l.fmt.base;
    l.fmt.base = 16;
    l.put_int((unsigned long long)(uintptr_t)static_cast<const void*>(v), false);
    l.fmt.base = base;
  } else {
    static_assert(sizeof(T) == 0, "DPRINT: unsupported value type");
  }
}

}  // namespace zyxtt::dprint
