// A kernel's defines reach the compiler as tt-metal's JIT passes them
// (tt_metal/jit_build/: `-DNAME=VALUE` for data movement kernels, a line
// `#define NAME VALUE` for compute ones): the value verbatim, an empty one
// staying empty, and NAME either a macro's name or a function-like macro's
// head, as ttnn's binary_ng factory passes PROCESS_LHS_ACTIVATIONS(i).
#pragma once

#include <string>
#include <string_view>

namespace zyxtt::emu {

// A C identifier: what a macro is called.
bool is_identifier(std::string_view s);

// `s` as a C++ string literal, quotes included: printable ASCII but `"` and
// `\` as is, every other byte as a three-digit octal escape. How a named
// compile-time arg's name (any string, as on tt-metal) reaches the compiler.
std::string string_literal(std::string_view s);

// NAME=VALUE for the compiler's -D. Throws INVALID_ARGUMENT naming `file` when
// NAME is neither IDENT nor IDENT(params) (params: identifiers separated by
// commas, optionally ending in ..., or none), or when VALUE spans lines or
// holds a NUL (one -D or #define line cannot hold it).
std::string define_argument(const std::string& name, const std::string& value, const std::string& file);

}  // namespace zyxtt::emu
