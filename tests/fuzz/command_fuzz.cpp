// libFuzzer target: one command line through every function that reads a
// client's line (bounds, parser, tolerant scans) and through the answer
// formatter, whose output must always be one line of valid UTF-8 JSON.
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string_view>

#include "common/error.h"
#include "protocol/answer.h"
#include "protocol/command.h"
#include "protocol/payload_scan.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  std::string answer;
  try {
    zyxtt::protocol::parse_command(line);
    answer = zyxtt::protocol::ok_answer();
  } catch (const zyxtt::Error& e) {
    answer = zyxtt::protocol::error_answer(e.code(), e.what());
  }
  // Whatever the parser said must reach the client intact.
  if (!nlohmann::json::accept(answer) || answer.find('\n') != std::string::npos) std::abort();
  // The raw bytes themselves, as a message (compiler output takes this path).
  if (!nlohmann::json::accept(zyxtt::protocol::error_answer(zyxtt::Code::kInternal, line))) std::abort();

  zyxtt::protocol::names_compile_program(line);
  if (auto n = zyxtt::protocol::compile_payload_bytes(line); n && *n > 3 * zyxtt::protocol::kMaxSkippableSourceBytes)
    std::abort();
  if (auto at = zyxtt::protocol::command_start(line)) {
    if (*at > line.size() || !zyxtt::protocol::is_command_line(line.substr(*at))) std::abort();
  }
  return 0;
}
