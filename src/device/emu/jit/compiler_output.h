// Reads a compiler's stderr as it arrives and keeps only what an answer
// needs: the first error lines (cleaned for a person: the kernel's own file
// and line, no runtime paths or internal names), the cause of failures that
// are not the kernel's fault (full disk, memory, link), and how much was
// dropped. Memory stays bounded whatever the compiler prints.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace zyxtt::emu {

class CompilerOutput {
 public:
  static constexpr size_t kMaxErrors = 20;
  static constexpr size_t kMaxLineBytes = 400;
  // The error lines shown stay within this, so that with the kernel's name and
  // the counts the answer fits the protocol's message limit (1500 bytes).
  static constexpr size_t kMaxShownBytes = 1300;

  enum class Failure { kCompile, kDiskFull, kOutOfMemory, kLink, kCompilerCrash };

  // `kernel_file` is the name the kernel's lines carry, e.g. "reader.cpp".
  explicit CompilerOutput(std::string kernel_file);

  void feed(std::string_view chunk);
  void finish();  // a last line without newline

  Failure failure() const { return failure_; }
  // The line that shows a failure other than kCompile, cleaned.
  const std::string& reason() const { return reason_; }
  // One line: every error line up to kMaxErrors and kMaxShownBytes, joined
  // by "; ", then how many errors were not shown (the source and caret lines
  // around them repeat the kernel and are left out); without error lines, the
  // last line and how many came before.
  std::string summary() const;
  uint64_t lines() const { return lines_; }
  // Every error was a pointer cast to a narrower integer: code written for
  // the 32-bit RISC-V, where an L1 pointer fits in a uint32_t.
  bool only_pointer_narrowings() const {
    return failure_ == Failure::kCompile && errors_seen_ > 0 && pointer_narrowings_ == errors_seen_;
  }

 private:
  void line(std::string_view text);
  std::string clean(std::string_view text) const;

  std::string kernel_file_;
  std::string partial_;  // at most kMaxLineBytes of the current line
  std::vector<std::string> errors_;
  std::string last_;
  std::string kernel_location_;  // last "reader.cpp:L:C" seen
  uint64_t errors_seen_ = 0;
  uint64_t pointer_narrowings_ = 0;
  uint64_t lines_ = 0;
  Failure failure_ = Failure::kCompile;
  std::string reason_;
};

}  // namespace zyxtt::emu
