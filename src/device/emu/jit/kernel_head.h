// A kernel's head: the #include lines it starts with (after blank lines and
// comments). Compute kernels of one program shape (zyx's above all) start
// alike, and parsing the compute API they include is most of their compile:
// a head whose headers are all the kernel API's or the compiler's own is
// precompiled once per user (PrecompiledHeaders::head) and serves every
// kernel that starts the same way.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace zyxtt::emu {

struct KernelHead {
  struct Include {
    uint32_t line;         // 1-based, in the kernel's source
    std::string directive;  // the line as written
  };
  std::vector<Include> includes;

  bool empty() const { return includes.empty(); }
  // The directives, one a line: what a precompiled head holds after its role's header.
  std::string text() const;
};

// Whether `name` (as written between "" or <>) may be part of a head: it
// must resolve where nothing a kernel cache tracks lives (the kernel API,
// the compiler's folders), as a precompiled header is never checked against
// the files it was made from.
using Precompilable = std::function<bool(std::string_view name, bool angled)>;

// The leading #include lines of `source`, up to the first line that is
// something else or names a header `precompilable` refuses. A line holding
// anything after its header name (a comment too) ends the head: it stays
// plain text.
KernelHead kernel_head(std::string_view source, const Precompilable& precompilable);

// What the compiler reads for a kernel: the head's includes at their own
// lines, the entry stub (zyxtt/entry.h), then the source with the head's
// lines left blank, so that every message keeps the kernel's file and line.
// The same text whether or not the head is precompiled.
std::string translation_unit(const std::string& file, std::string_view source, const KernelHead& head);

}  // namespace zyxtt::emu
