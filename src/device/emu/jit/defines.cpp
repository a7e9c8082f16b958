#include "device/emu/jit/defines.h"

#include <cctype>
#include <string_view>

#include <fmt/format.h>

#include "common/error.h"

namespace zyxtt::emu {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// "a, b", "a, ...", "...", "": the parameters of a function-like macro.
bool is_parameter_list(std::string_view list) {
  if (trim(list).empty()) return true;
  for (;;) {
    const size_t comma = list.find(',');
    const std::string_view param = trim(list.substr(0, comma));
    if (comma == std::string_view::npos) return param == "..." || is_identifier(param);
    if (!is_identifier(param)) return false;
    list.remove_prefix(comma + 1);
  }
}

bool is_macro_head(std::string_view name) {
  const size_t open = name.find('(');
  if (open == std::string_view::npos) return is_identifier(name);
  // No space between the name and "(": that is what makes it function-like.
  return is_identifier(name.substr(0, open)) && name.back() == ')' &&
         is_parameter_list(name.substr(open + 1, name.size() - open - 2));
}

}  // namespace

bool is_identifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

std::string string_literal(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '"' && c != '\\') {
      out += c;
    } else {
      out += fmt::format("\\{:03o}", u);
    }
  }
  return out + "\"";
}

std::string define_argument(const std::string& name, const std::string& value, const std::string& file) {
  if (!is_macro_head(name)) {
    throw Error(Code::kInvalidArgument,
                fmt::format("kernel {}: define '{}' is neither a macro name nor a function-like macro NAME(a, b)",
                            file, name));
  }
  if (value.find_first_of("\r\n") != std::string::npos)
    throw Error(Code::kInvalidArgument, fmt::format("kernel {}: the value of define '{}' spans lines", file, name));
  // A NUL would end the -D argument (or the #define line) early, silently.
  if (value.find('\0') != std::string::npos) {
    throw Error(Code::kInvalidArgument,
                fmt::format("kernel {}: the value of define '{}' holds a NUL character", file, name));
  }
  return name + "=" + value;
}

}  // namespace zyxtt::emu
