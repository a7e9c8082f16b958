// Facts about the card gathered without TT-Metalium.
#pragma once

#include <string>
#include <vector>

namespace zyxtt::metal {

// Other processes with `path` open, as "pid 123 (name)"; empty when the path
// does not exist or nobody else holds it.
std::vector<std::string> processes_holding(const std::string& path);

}  // namespace zyxtt::metal
