#include "common/error.h"

#include <cstring>

namespace zyxtt {

std::string_view code_name(Code code) {
  switch (code) {
    case Code::kInvalidArgument: return "INVALID_ARGUMENT";
    case Code::kNotFound: return "NOT_FOUND";
    case Code::kOutOfRange: return "OUT_OF_RANGE";
    case Code::kResourceExhausted: return "RESOURCE_EXHAUSTED";
    case Code::kFailedPrecondition: return "FAILED_PRECONDITION";
    case Code::kUnimplemented: return "UNIMPLEMENTED";
    case Code::kInternal: return "INTERNAL";
    case Code::kDeadlineExceeded: return "DEADLINE_EXCEEDED";
  }
  return "INTERNAL";
}

std::optional<Code> code_from_name(std::string_view name) {
  for (Code c : {Code::kInvalidArgument, Code::kNotFound, Code::kOutOfRange, Code::kResourceExhausted,
                 Code::kFailedPrecondition, Code::kUnimplemented, Code::kInternal, Code::kDeadlineExceeded}) {
    if (code_name(c) == name) return c;
  }
  return std::nullopt;
}

std::string errno_text(int err) {
  char buf[256];
  // GNU strerror_r may return a static string instead of filling buf.
  const char* text = strerror_r(err, buf, sizeof buf);
  return text;
}

}  // namespace zyxtt
