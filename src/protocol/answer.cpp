#include "protocol/answer.h"

#include <fmt/format.h>

namespace zyxtt::protocol {

namespace {
constexpr size_t kMaxMessageBytes = 1500;
}

std::string ok_answer() { return R"({"status":"ok"})"; }
std::string ready_answer() { return R"({"status":"ready"})"; }
std::string bye_answer() { return R"({"status":"bye"})"; }

std::string index_answer(uint32_t index) { return fmt::format(R"({{"status":"ok","index":"{}"}})", index); }

std::string grid_answer(uint32_t rows, uint32_t cols) {
  return fmt::format(R"({{"status":"ok","rows":"{}","cols":"{}"}})", rows, cols);
}

std::string sanitize_message(std::string_view message) {
  std::string out;
  out.reserve(std::min(message.size(), kMaxMessageBytes));
  bool last_space = false;
  for (char ch : message) {
    unsigned char c = static_cast<unsigned char>(ch);
    char mapped = ch;
    if (ch == '"') mapped = '\'';
    else if (ch == '\\') mapped = '/';  // the client does not unescape
    else if (c < 0x20 || c == 0x7f) mapped = ' ';
    if (mapped == ' ' && last_space) continue;  // collapse runs left by newlines and tabs
    last_space = mapped == ' ';
    out.push_back(mapped);
    if (out.size() >= kMaxMessageBytes) {
      out += " ...";
      break;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string error_answer(Code code, std::string_view message) {
  return fmt::format(R"({{"status":"error","code":"{}","msg":"{}"}})", code_name(code),
                     sanitize_message(message));
}

}  // namespace zyxtt::protocol
