// TT_FATAL, TT_THROW and TT_ASSERT: a failed check throws std::runtime_error
// whose message starts "TT_FATAL @ file:line: condition" and carries the
// formatted info, as tt-metal's do (without the backtrace).
#pragma once

#include <fmt/core.h>

#include <stdexcept>
#include <string>

#include <tt-logger/tt-logger.hpp>

namespace tt::assert::detail {

[[noreturn]] void throw_failure(const char* file, int line, const char* kind, const char* condition,
                                const std::string* info);

[[noreturn]] inline void tt_throw(const char* file, int line, const char* kind, const char* condition) {
  throw_failure(file, line, kind, condition, nullptr);
}

template <class... Args>
[[noreturn]] void tt_throw(const char* file, int line, const char* kind, const char* condition,
                           fmt::format_string<const Args&...> format, const Args&... args) {
  const std::string info = fmt::format(format, args...);
  throw_failure(file, line, kind, condition, &info);
}

}  // namespace tt::assert::detail

#ifndef TT_THROW
#define TT_THROW(...) ::tt::assert::detail::tt_throw(__FILE__, __LINE__, "TT_THROW", "tt::exception", ##__VA_ARGS__)
#endif

#ifndef TT_FATAL
#define TT_FATAL(condition, message, ...)                                                                    \
  do {                                                                                                       \
    if (!(condition)) [[unlikely]] {                                                                         \
      ::tt::assert::detail::tt_throw(__FILE__, __LINE__, "TT_FATAL", #condition, message, ##__VA_ARGS__); \
    }                                                                                                        \
  } while (0)
#endif

#ifndef TT_ASSERT
#ifdef DEBUG
#define TT_ASSERT(condition, ...)                                                                    \
  do {                                                                                               \
    if (!(condition)) [[unlikely]] {                                                                 \
      ::tt::assert::detail::tt_throw(__FILE__, __LINE__, "TT_ASSERT", #condition, ##__VA_ARGS__); \
    }                                                                                                \
  } while (0)
#else
// Release builds only evaluate the condition, as tt-metal's do.
#define TT_ASSERT(condition, ...) \
  do {                            \
    (void)(condition);            \
  } while (0)
#endif
#endif
