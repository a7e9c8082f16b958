// tt-logger's calls as TT-Metalium programs use them: log_info(tt::LogTest,
// "x = {}", x). Lines go to stderr; TT_LOGGER_LEVEL (trace, debug, info,
// warning, error, critical, off) sets the threshold, info by default.
#pragma once

#include <fmt/core.h>

#include <string_view>
#include <utility>

namespace tt {

enum class LogType : int {
  LogAlways, LogTest, LogTimer, LogDevice, LogLLRuntime, LogLoader, LogBuildKernels, LogVerif, LogOp, LogMetal,
  LogAllocator, LogDispatch, LogFabric, LogMetalTrace, LogSiliconDriver, LogEmulationDriver, LogUMD,
  LogDistributed, LogInspector,
};
using enum LogType;

enum class LogLevel : int { Trace, Debug, Info, Warning, Error, Critical, Off };

namespace logger_detail {
bool enabled(LogLevel level);
void emit(LogLevel level, LogType type, std::string_view message);

template <class... Args>
void log(LogLevel level, LogType type, fmt::format_string<Args...> format, Args&&... args) {
  if (enabled(level)) emit(level, type, fmt::format(format, std::forward<Args>(args)...));
}
template <class... Args>
void log(LogLevel level, fmt::format_string<Args...> format, Args&&... args) {
  if (enabled(level)) emit(level, LogType::LogAlways, fmt::format(format, std::forward<Args>(args)...));
}
}  // namespace logger_detail

}  // namespace tt

#define log_trace(...) ::tt::logger_detail::log(::tt::LogLevel::Trace, __VA_ARGS__)
#define log_debug(...) ::tt::logger_detail::log(::tt::LogLevel::Debug, __VA_ARGS__)
#define log_info(...) ::tt::logger_detail::log(::tt::LogLevel::Info, __VA_ARGS__)
#define log_warning(...) ::tt::logger_detail::log(::tt::LogLevel::Warning, __VA_ARGS__)
#define log_error(...) ::tt::logger_detail::log(::tt::LogLevel::Error, __VA_ARGS__)
#define log_critical(...) ::tt::logger_detail::log(::tt::LogLevel::Critical, __VA_ARGS__)
#define log_fatal(...) ::tt::logger_detail::log(::tt::LogLevel::Critical, __VA_ARGS__)
