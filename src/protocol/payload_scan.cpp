#include "protocol/payload_scan.h"

#include "protocol/command.h"

namespace zyxtt::protocol {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The text after each `"key"` `:` (spaces allowed around the colon) that is
// a key, not the inside of an escaped string; calls fn(value_text) for each.
template <typename Fn>
void for_each_value(std::string_view line, std::string_view key, Fn&& fn) {
  const std::string quoted = "\"" + std::string(key) + "\"";
  for (size_t at = line.find(quoted); at != std::string_view::npos; at = line.find(quoted, at + 1)) {
    if (at > 0 && line[at - 1] == '\\') continue;
    size_t i = at + quoted.size();
    while (i < line.size() && is_space(line[i])) ++i;
    if (i >= line.size() || line[i] != ':') continue;
    ++i;
    while (i < line.size() && is_space(line[i])) ++i;
    fn(line.substr(i));
  }
}

// A plain decimal at the start of `text` ending where the number ends: no
// sign, fraction or exponent; nullopt otherwise or when above `max`.
std::optional<uint64_t> plain_decimal(std::string_view text, uint64_t max) {
  uint64_t n = 0;
  size_t i = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
    n = n * 10 + static_cast<uint64_t>(text[i] - '0');
    if (n > max) return std::nullopt;
  }
  if (i == 0) return std::nullopt;
  if (i < text.size() && (text[i] == '.' || text[i] == 'e' || text[i] == 'E')) return std::nullopt;
  return n;
}

}  // namespace

bool names_compile_program(std::string_view line) {
  bool found = false;
  for_each_value(line, "cmd", [&](std::string_view value) {
    if (value.substr(0, 17) == "\"compile_program\"") found = true;
  });
  return found;
}

std::optional<uint64_t> compile_payload_bytes(std::string_view line) {
  uint64_t total = 0;
  for (std::string_view key : {"reader_source_len", "compute_source_len", "writer_source_len"}) {
    // Each length must be found, readable, and the same wherever it repeats.
    std::optional<uint64_t> length;
    bool readable = true;
    for_each_value(line, key, [&](std::string_view value) {
      auto n = plain_decimal(value, kMaxSkippableSourceBytes);
      if (!n || (length && *length != *n)) readable = false;
      length = n;
    });
    if (!readable || !length) return std::nullopt;
    total += *length;
  }
  return total;
}

std::optional<size_t> command_start(std::string_view line) {
  if (is_command_line(line)) return 0;
  size_t at = line.rfind("{\"cmd\"");
  if (at == std::string_view::npos || at == 0) return std::nullopt;
  if (is_command_line(line.substr(at))) return at;
  return std::nullopt;
}

}  // namespace zyxtt::protocol
