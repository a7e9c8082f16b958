// TT_FATAL / TT_THROW failures and the log_* lines.
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include <tt_stl/assert.hpp>

namespace tt {
namespace {

LogLevel threshold() {
  static const LogLevel level = [] {
    const char* env = std::getenv("TT_LOGGER_LEVEL");
    const std::string s = env ? env : "";
    if (s == "trace") return LogLevel::Trace;
    if (s == "debug") return LogLevel::Debug;
    if (s == "warning" || s == "warn") return LogLevel::Warning;
    if (s == "error") return LogLevel::Error;
    if (s == "critical" || s == "fatal") return LogLevel::Critical;
    if (s == "off") return LogLevel::Off;
    return LogLevel::Info;
  }();
  return level;
}

const char* level_name(LogLevel level) {
  switch (level) {
    case LogLevel::Trace: return "trace";
    case LogLevel::Debug: return "debug";
    case LogLevel::Info: return "info";
    case LogLevel::Warning: return "warning";
    case LogLevel::Error: return "error";
    default: return "critical";
  }
}

}  // namespace

namespace logger_detail {
bool enabled(LogLevel level) { return level != LogLevel::Off && level >= threshold(); }
void emit(LogLevel level, LogType, std::string_view message) {
  std::fprintf(stderr, "[tt-metalium %s] %.*s\n", level_name(level), static_cast<int>(message.size()), message.data());
}
}  // namespace logger_detail

namespace assert::detail {
void throw_failure(const char* file, int line, const char* kind, const char* condition, const std::string* info) {
  std::ostringstream text;
  text << kind << " @ " << file << ":" << line << ": " << condition;
  if (info) text << "\ninfo:\n" << *info;
  throw std::runtime_error(text.str());
}
}  // namespace assert::detail

}  // namespace tt
