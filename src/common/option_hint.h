// How a message tells someone to set one of zyx-tt-runtime's options. The
// runtime has command-line flags with ZYX_TT_* twins; a TT-Metalium program
// has no command line, only the variables. Whoever makes a device says which.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace zyxtt {

enum class OptionHints : uint8_t { kFlagAndVariable, kVariable };

// The environment twin of a flag ("noc-alignment" -> "ZYX_TT_NOC_ALIGNMENT";
// "log-level" -> "ZYX_TT_LOG").
std::string option_variable(std::string_view flag);

// "--noc-alignment warn (ZYX_TT_NOC_ALIGNMENT=warn)" or
// "ZYX_TT_NOC_ALIGNMENT=warn"; without a value "--run-timeout
// (ZYX_TT_RUN_TIMEOUT)" or "ZYX_TT_RUN_TIMEOUT".
std::string option_hint(OptionHints hints, std::string_view flag, std::string_view value = {});
// A flag without a value: "--strict (ZYX_TT_STRICT=1)" or "ZYX_TT_STRICT=1".
std::string switch_hint(OptionHints hints, std::string_view flag);

}  // namespace zyxtt
