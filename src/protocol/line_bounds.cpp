#include "protocol/line_bounds.h"

#include <fmt/format.h>

#include "common/error.h"

namespace zyxtt::protocol {

void check_line_bounds(std::string_view line) {
  size_t depth = 0;
  size_t values = 1;  // every further value in a container follows a comma
  bool in_string = false;
  bool escaped = false;
  for (char c : line) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    switch (c) {
      case '"': in_string = true; break;
      case '{':
      case '[':
        if (++depth > kMaxJsonDepth) {
          throw Error(Code::kInvalidArgument,
                      fmt::format("command nests objects or arrays deeper than {} levels; a command is one flat "
                                  "JSON object",
                                  kMaxJsonDepth));
        }
        break;
      case '}':
      case ']':
        if (depth > 0) --depth;
        break;
      case ',':
        if (++values > kMaxJsonValues) {
          throw Error(Code::kInvalidArgument,
                      fmt::format("command holds more than {} JSON values; no command needs that many",
                                  kMaxJsonValues));
        }
        break;
      default: break;
    }
  }
}

}  // namespace zyxtt::protocol
