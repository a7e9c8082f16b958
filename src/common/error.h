// Canonical error codes shared by every layer; the server turns an Error into
// the wire answer, so devices and tables only ever throw this type.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace zyxtt {

enum class Code {
  kInvalidArgument,
  kNotFound,
  kOutOfRange,
  kResourceExhausted,
  kFailedPrecondition,
  kUnimplemented,
  kInternal,
  kDeadlineExceeded,
};

std::string_view code_name(Code code);
// The inverse of code_name, for codes that crossed a process boundary.
std::optional<Code> code_from_name(std::string_view name);

class Error : public std::runtime_error {
 public:
  Error(Code code, const std::string& message) : std::runtime_error(message), code_(code) {}
  Code code() const { return code_; }

 private:
  Code code_;
};

// errno text for system-call failures, e.g. "No such file or directory".
std::string errno_text(int err);

}  // namespace zyxtt
