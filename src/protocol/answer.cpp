#include "protocol/answer.h"

#include <fmt/format.h>

namespace zyxtt::protocol {

namespace {
constexpr size_t kMaxMessageBytes = 1500;
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the well-formed UTF-8 sequence at the start of `s` (RFC 3629:
// no overlongs, no surrogates, nothing above U+10FFFF), or 0 if there is none.
size_t utf8_sequence_length(std::string_view s) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  unsigned char b0 = byte(0);
  if (b0 < 0x80) return 1;
  size_t n = b0 >= 0xC2 && b0 <= 0xDF ? 2 : b0 >= 0xE0 && b0 <= 0xEF ? 3 : b0 >= 0xF0 && b0 <= 0xF4 ? 4 : 0;
  if (n == 0 || s.size() < n) return 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the second byte's range narrows for a few leads
  if (b0 == 0xE0) lo = 0xA0;
  if (b0 == 0xED) hi = 0x9F;
  if (b0 == 0xF0) lo = 0x90;
  if (b0 == 0xF4) hi = 0x8F;
  if (byte(1) < lo || byte(1) > hi) return 0;
  for (size_t i = 2; i < n; ++i) {
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  }
  return n;
}

}  // namespace

std::string ok_answer() { return R"({"status":"ok"})"; }
std::string ready_answer() { return R"({"status":"ready"})"; }
std::string bye_answer() { return R"({"status":"bye"})"; }

std::string index_answer(uint32_t index) { return fmt::format(R"({{"status":"ok","index":"{}"}})", index); }

std::string grid_answer(uint32_t rows, uint32_t cols) {
  return fmt::format(R"({{"status":"ok","rows":"{}","cols":"{}"}})", rows, cols);
}

std::string sanitize_message(std::string_view message) {
  std::string out;
  out.reserve(std::min(message.size(), kMaxMessageBytes) + 8);
  bool last_space = false;
  for (size_t i = 0; i < message.size();) {
    std::string_view piece;
    size_t n = utf8_sequence_length(message.substr(i));
    char mapped = 0;
    if (n == 0) {
      piece = kReplacement;  // one replacement per invalid byte
      n = 1;
    } else if (n > 1) {
      piece = message.substr(i, n);
    } else {
      char ch = message[i];
      unsigned char c = static_cast<unsigned char>(ch);
      mapped = ch;
      if (ch == '"') mapped = '\'';
      else if (ch == '\\') mapped = '/';  // the client does not unescape
      else if (c < 0x20 || c == 0x7f) mapped = ' ';
    }
    i += n;
    if (mapped == ' ' && last_space) continue;  // collapse runs left by newlines and tabs
    last_space = mapped == ' ';
    // Whole characters only: a message is cut before a character that would
    // cross the limit, never inside one.
    size_t add = mapped != 0 ? 1 : piece.size();
    if (out.size() + add > kMaxMessageBytes) {
      out += " ...";
      break;
    }
    if (mapped != 0) out.push_back(mapped);
    else out.append(piece);
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string error_answer(Code code, std::string_view message) {
  return fmt::format(R"({{"status":"error","code":"{}","msg":"{}"}})", code_name(code),
                     sanitize_message(message));
}

}  // namespace zyxtt::protocol
