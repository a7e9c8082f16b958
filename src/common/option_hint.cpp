#include "common/option_hint.h"

#include <cctype>

namespace zyxtt {

std::string option_variable(std::string_view flag) {
  if (flag == "log-level") return "ZYX_TT_LOG";
  std::string name = "ZYX_TT_";
  for (char c : flag) name += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

std::string option_hint(OptionHints hints, std::string_view flag, std::string_view value) {
  const std::string variable = value.empty() ? option_variable(flag) : option_variable(flag) + "=" + std::string(value);
  if (hints == OptionHints::kVariable) return variable;
  std::string text = "--" + std::string(flag);
  if (!value.empty()) text += " " + std::string(value);
  return text + " (" + variable + ")";
}

std::string switch_hint(OptionHints hints, std::string_view flag) {
  const std::string variable = option_variable(flag) + "=1";
  return hints == OptionHints::kVariable ? variable : "--" + std::string(flag) + " (" + variable + ")";
}

}  // namespace zyxtt
