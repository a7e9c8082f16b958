// DEVICE_PRINT("text {} more {:x}\n", a, b): {} placeholders with an optional
// spec of width, .precision, and x / o / d / f; {{ and }} are literal braces.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "zyxtt/print_line.h"

// A bfloat16 bit pattern that DEVICE_PRINT shows as its value.
struct bf16_t {
  uint16_t val;
  bf16_t(uint16_t v) : val(v) {}
  float value() const { return __builtin_bit_cast(float, uint32_t(val) << 16); }
};

namespace zyxtt::dprint {

// Copies literal text up to the next placeholder and applies its spec.
// Returns the position after the placeholder, or nullptr at the end.
inline const char* next_placeholder(Line& l, const char* f) {
  while (*f != '\0') {
    if (f[0] == '{' && f[1] == '{') {
      l.put('{');
      f += 2;
    } else if (f[0] == '}' && f[1] == '}') {
      l.put('}');
      f += 2;
    } else if (f[0] == '{') {
      l.fmt = Format{};
      ++f;
      if (*f == ':') ++f;
      while (*f >= '0' && *f <= '9') l.fmt.width = uint8_t(l.fmt.width * 10 + (*f++ - '0'));
      if (*f == '.') {
        ++f;
        l.fmt.precision = 0;
        while (*f >= '0' && *f <= '9') l.fmt.precision = int8_t(l.fmt.precision * 10 + (*f++ - '0'));
      }
      for (; *f != '\0' && *f != '}'; ++f) {
        if (*f == 'x' || *f == 'X') l.fmt.base = 16;
        if (*f == 'o') l.fmt.base = 8;
        if (*f == 'f') l.fmt.fixed = true;
      }
      return *f == '}' ? f + 1 : f;
    } else {
      l.put(*f++);
    }
  }
  return nullptr;
}

template <typename T>
inline const char* print_arg(Line& l, const char* f, const T& v) {
  if (f == nullptr) return nullptr;  // more arguments than placeholders
  f = next_placeholder(l, f);
  if (f != nullptr) put_value(l, v);
  return f;
}

template <typename... Args>
inline void format_into(Line& l, const char* fmt, const Args&... args) {
  const char* f = fmt;
  ((f = print_arg(l, f, args)), ...);
  while (f != nullptr) f = next_placeholder(l, f);  // trailing text; extra {} print nothing
}

template <typename... Args>
inline void device_print(const char* fmt, const Args&... args) {
  Line l;
  format_into(l, fmt, args...);
}

}  // namespace zyxtt::dprint

#define DEVICE_PRINT(...) ::zyxtt::dprint::device_print(__VA_ARGS__)
#if defined(COMPILE_FOR_TRISC)
#if !(defined(TRISC_UNPACK) || defined(TRISC_MATH) || defined(TRISC_PACK)) || defined(TRISC_UNPACK)
#define DEVICE_PRINT_UNPACK(...) DEVICE_PRINT(__VA_ARGS__)
#else
#define DEVICE_PRINT_UNPACK(...)
#endif
#if !(defined(TRISC_UNPACK) || defined(TRISC_MATH) || defined(TRISC_PACK)) || defined(TRISC_MATH)
#define DEVICE_PRINT_MATH(...) DEVICE_PRINT(__VA_ARGS__)
#else
#define DEVICE_PRINT_MATH(...)
#endif
#if !(defined(TRISC_UNPACK) || defined(TRISC_MATH) || defined(TRISC_PACK)) || defined(TRISC_PACK)
#define DEVICE_PRINT_PACK(...) DEVICE_PRINT(__VA_ARGS__)
#else
#define DEVICE_PRINT_PACK(...)
#endif
#else
#define DEVICE_PRINT_UNPACK(...)
#define DEVICE_PRINT_MATH(...)
#define DEVICE_PRINT_PACK(...)
#endif
