// clean_message: TT-Metalium's exception text, cut for an answer line.
#include <string>

#include "device/metal/card.h"

namespace zyxtt::metal {

std::string clean_message(const std::string& text) {
  // TT_THROW / TT_FATAL append "backtrace:" and one frame per line.
  std::string kept = text.substr(0, text.find("backtrace:"));
  std::string out;
  out.reserve(kept.size());
  for (char c : kept) {
    if (c == '"') c = '\'';
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == ':')) out.pop_back();
  return out.empty() ? "TT-Metalium gave no message" : out;
}

}  // namespace zyxtt::metal
