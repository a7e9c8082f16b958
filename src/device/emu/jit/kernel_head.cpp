#include "device/emu/jit/kernel_head.h"

#include <fmt/format.h>

namespace zyxtt::emu {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool consume(std::string_view& s, std::string_view word) {
  if (s.substr(0, word.size()) != word) return false;
  s.remove_prefix(word.size());
  return true;
}

// The header an `#include` line names, and whether it is angled; false for
// any other line (a macro-named header, text after the name).
bool included_name(std::string_view line, std::string_view& name, bool& angled) {
  line = trim(line);
  if (!consume(line, "#")) return false;
  line = trim(line);
  if (!consume(line, "include")) return false;
  if (line.empty() || (line.front() != ' ' && line.front() != '\t' && line.front() != '"' && line.front() != '<'))
    return false;  // #include_next and the like
  line = trim(line);
  if (line.size() < 3) return false;
  const char close = line.front() == '<' ? '>' : line.front() == '"' ? '"' : '\0';
  if (close == '\0' || line.back() != close) return false;
  name = line.substr(1, line.size() - 2);
  angled = close == '>';
  return !name.empty() && name.find(close) == std::string_view::npos;
}

}  // namespace

std::string KernelHead::text() const {
  std::string s;
  for (const Include& i : includes) s.append(i.directive).append("\n");
  return s;
}

KernelHead kernel_head(std::string_view source, const Precompilable& precompilable) {
  KernelHead head;
  bool in_comment = false;
  uint32_t number = 0;
  for (size_t at = 0; at < source.size();) {
    const size_t end = std::min(source.find('\n', at), source.size());
    const std::string_view raw = source.substr(at, end - at);
    at = end + 1;
    ++number;
    std::string_view line = trim(raw);
    if (!line.empty() && line.back() == '\\') break;  // a continued line: not worth reading
    if (in_comment) {
      const size_t close = line.find("*/");
      if (close == std::string_view::npos) continue;
      if (!trim(line.substr(close + 2)).empty()) break;
      in_comment = false;
      continue;
    }
    if (line.empty() || line.starts_with("//")) continue;
    if (line.starts_with("/*")) {
      const size_t close = line.find("*/", 2);
      if (close == std::string_view::npos) {
        in_comment = true;
        continue;
      }
      if (!trim(line.substr(close + 2)).empty()) break;
      continue;
    }
    std::string_view name;
    bool angled = false;
    if (!included_name(line, name, angled) || !precompilable(name, angled)) break;
    head.includes.push_back({number, std::string(raw)});
  }
  return head;
}

std::string translation_unit(const std::string& file, std::string_view source, const KernelHead& head) {
  std::string tu;
  for (const KernelHead::Include& i : head.includes) tu += fmt::format("#line {} \"{}\"\n{}\n", i.line, file, i.directive);
  tu += fmt::format("#include \"zyxtt/entry.h\"\n#line 1 \"{}\"\n", file);
  if (head.empty()) {
    tu.append(source);
  } else {
    // The head's lines stay as empty lines: the rest keeps its numbers.
    size_t next = 0;  // index into head.includes
    uint32_t number = 0;
    for (size_t at = 0; at < source.size();) {
      const size_t end = std::min(source.find('\n', at), source.size());
      ++number;
      if (next < head.includes.size() && head.includes[next].line == number) {
        ++next;
      } else {
        tu.append(source.substr(at, end - at));
      }
      if (end < source.size()) tu.push_back('\n');
      at = end + 1;
    }
  }
  tu.push_back('\n');
  return tu;
}

}  // namespace zyxtt::emu
