#include "device/emu/jit/compiler_output.h"

#include <fmt/format.h>

#include <cctype>
#include <regex>

namespace zyxtt::emu {
namespace {

bool contains(std::string_view text, std::string_view word) { return text.find(word) != std::string_view::npos; }

// "file:line:col" (or "file:line") at the start of a diagnostic, else "".
std::string_view location(std::string_view text) {
  size_t colon = text.find(':');
  if (colon == 0 || colon == std::string_view::npos) return {};
  size_t end = colon;
  for (int field = 0; field < 2; ++field) {
    size_t digits = end + 1;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    if (digits == end + 1 || digits >= text.size() || text[digits] != ':') break;
    end = digits;
  }
  return end == colon ? std::string_view{} : text.substr(0, end);
}

// Lines the runtime's own headers produce are about the kernel-API's insides.
bool internal_location(std::string_view prefix) {
  return contains(prefix, "zyxtt/") || contains(prefix, "zyxtt-entry");
}

// The emulator's names mean nothing to a kernel author.
std::string scrub_internal_names(std::string text) {
  static const std::regex suggestion(R"(; did you mean '[^']*(zyxtt|krt)[^']*'\?)");
  static const std::regex compute_main(R"((chlkc_compute::)?zyxtt_compute_main\(\))");
  static const std::regex qualifier(R"(\b(zyxtt(_detail)?|krt)::([A-Za-z_]\w*::)*)");
  text = std::regex_replace(text, suggestion, "");
  text = std::regex_replace(text, compute_main, "MAIN");
  return std::regex_replace(text, qualifier, "");
}

// Drops the directories of the leading "path:" (the host's absolute paths).
std::string strip_directories(std::string_view text) {
  size_t colon = text.find(':');
  size_t slash = text.rfind('/', colon);
  return std::string(slash == std::string_view::npos || colon == std::string_view::npos ? text
                                                                                       : text.substr(slash + 1));
}

std::string answer_safe(std::string text) {
  for (char& c : text) {
    if (c == '"') c = '\'';
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  }
  if (text.size() > CompilerOutput::kMaxLineBytes) text.resize(CompilerOutput::kMaxLineBytes);
  return text;
}

bool is_error_line(std::string_view text) { return contains(text, "error:") || contains(text, "Error: "); }

bool is_linker_line(std::string_view text) {
  if (contains(text, "collect2:")) return true;
  size_t colon = text.find(':');
  if (colon == std::string_view::npos) return false;
  std::string_view tool = text.substr(0, colon);
  return tool == "ld" || tool.ends_with("/ld") || tool.ends_with("/ld.bfd") || tool.ends_with("/ld.gold");
}

}  // namespace

CompilerOutput::CompilerOutput(std::string kernel_file) : kernel_file_(std::move(kernel_file)) {}

void CompilerOutput::feed(std::string_view chunk) {
  while (!chunk.empty()) {
    size_t newline = chunk.find('\n');
    std::string_view piece = chunk.substr(0, newline);
    if (partial_.size() < kMaxLineBytes) partial_.append(piece.substr(0, kMaxLineBytes - partial_.size()));
    if (newline == std::string_view::npos) return;
    line(partial_);
    partial_.clear();
    chunk.remove_prefix(newline + 1);
  }
}

void CompilerOutput::finish() {
  if (!partial_.empty()) line(partial_);
  partial_.clear();
}

void CompilerOutput::line(std::string_view text) {
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  if (text.empty()) return;
  ++lines_;
  last_.assign(text);
  std::string_view where = location(text);
  if (where.starts_with(kernel_file_ + ":")) kernel_location_.assign(where);

  auto note = [&](Failure f) {
    failure_ = f;
    reason_ = answer_safe(scrub_internal_names(strip_directories(text)));
  };
  if (contains(text, "No space left on device") || contains(text, "Disk quota exceeded") ||
      contains(text, "File too large") || contains(text, "File size limit exceeded")) {
    if (failure_ != Failure::kDiskFull) note(Failure::kDiskFull);
  } else if (contains(text, "out of memory allocating") || contains(text, "memory exhausted") ||
             contains(text, "Cannot allocate memory") || contains(text, "failed to map segment")) {
    if (failure_ == Failure::kCompile || failure_ == Failure::kLink || failure_ == Failure::kCompilerCrash)
      note(Failure::kOutOfMemory);
  } else if (contains(text, "internal compiler error")) {
    if (failure_ == Failure::kCompile || failure_ == Failure::kLink) note(Failure::kCompilerCrash);
  } else if (is_linker_line(text) && failure_ == Failure::kCompile) {
    note(Failure::kLink);
  }

  if (!is_error_line(text)) return;
  ++errors_seen_;
  // g++'s "cast from 'T*' to 'uint32_t' ... loses precision": a 32-bit target's code.
  if (contains(text, "error: cast from") && contains(text, "loses precision")) ++pointer_narrowings_;
  if (errors_.size() < kMaxErrors) errors_.push_back(clean(text));
}

std::string CompilerOutput::clean(std::string_view text) const {
  size_t at = text.find("error:");
  if (at == std::string_view::npos) at = text.find("Error: ");
  std::string_view prefix = text.substr(0, at);
  std::string where;
  if (internal_location(prefix)) {
    // Point at the kernel line that led into the kernel API, when one was named.
    where = kernel_location_.empty() ? "" : kernel_location_ + ": ";
  } else {
    where = strip_directories(prefix);
  }
  return answer_safe(scrub_internal_names(where + std::string(text.substr(at))));
}

std::string CompilerOutput::summary() const {
  std::string out;
  size_t shown = 0;
  for (const auto& e : errors_) {
    if (shown > 0 && out.size() + 2 + e.size() > kMaxShownBytes) break;
    out += (out.empty() ? "" : "; ") + e;
    ++shown;
  }
  if (errors_seen_ > shown) out += fmt::format("; and {} more errors", errors_seen_ - shown);
  if (!out.empty()) return out;
  // No error line: the compiler's last line, and how much came before it.
  if (last_.empty()) return "the compiler failed without a message";
  out = answer_safe(scrub_internal_names(strip_directories(last_)));
  if (lines_ > 1) out += fmt::format(" ({} more lines of compiler output dropped)", lines_ - 1);
  return out;
}

}  // namespace zyxtt::emu
