// Bounds on one command line's JSON, checked by a flat scan before any
// parser sees it: the parser never meets a nesting or a size it would
// recurse or allocate without bound on.
#pragma once

#include <cstddef>
#include <string_view>

namespace zyxtt::protocol {

// A command is one flat object; zyx's largest (a run with hundreds of
// buffers) has under a thousand members.
inline constexpr size_t kMaxJsonDepth = 16;
inline constexpr size_t kMaxJsonValues = 10000;  // members and elements, all levels

// Throws Error(INVALID_ARGUMENT) naming the bound when `line` nests deeper
// than kMaxJsonDepth or holds more than kMaxJsonValues values. Says nothing
// about whether the line is valid JSON.
void check_line_bounds(std::string_view line);

}  // namespace zyxtt::protocol
