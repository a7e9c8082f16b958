// Runs a program with `input` on its stdin and returns its exit status and
// what it wrote to stderr (stdout is discarded). Used to drive the compiler.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace zyxtt::emu {

struct ProcessResult {
  int exit_code = -1;  // -1 when killed by a signal
  std::string err;
};

ProcessResult run_process(const std::vector<std::string>& argv, std::string_view input);

}  // namespace zyxtt::emu
