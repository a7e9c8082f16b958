// Compile-time arguments in tt-metal's other spellings: the array
// kernel_compile_time_args and named arguments. The kernel compiler passes
// named ones as -DKERNEL_NAMED_COMPILE_TIME_ARGS='{"name",value},...'.
// kernel_compile_time_args is a std::array, as tt-metal's, so kernels can
// hand it to functions taking one (<array> is in both roles' precompiled
// standard headers); no other standard header: every kernel compile pays.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace zyxtt::kernel {

constexpr std::array<uint32_t, CompileTimeArgs<0>::count> ct_args_array() {
  std::array<uint32_t, CompileTimeArgs<0>::count> a{};
  for (size_t i = 0; i < CompileTimeArgs<0>::count; ++i) a[i] = CompileTimeArgs<0>::values[i + 1];
  return a;
}

struct NamedArg {
  const char* name;
  uint32_t value;
};
// Names are any string, "" included, as tt-metal takes them: the compiler
// passes each as a string literal (escaped), never as an identifier.
#ifdef KERNEL_NAMED_COMPILE_TIME_ARGS
inline constexpr NamedArg kNamedArgs[] = {KERNEL_NAMED_COMPILE_TIME_ARGS};
#endif

constexpr bool same_name(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) ++a, ++b;
  return *a == *b;
}

// Deliberately not constexpr: reaching it during constant evaluation is the
// compile error that names a missing argument.
inline uint32_t named_compile_time_arg_not_passed_to_this_kernel() { return 0; }

}  // namespace zyxtt::kernel

inline constexpr auto kernel_compile_time_args = ::zyxtt::kernel::ct_args_array();

consteval uint32_t get_named_compile_time_arg_val(const char* name) {
#ifdef KERNEL_NAMED_COMPILE_TIME_ARGS
  for (const auto& arg : ::zyxtt::kernel::kNamedArgs) {
    if (::zyxtt::kernel::same_name(arg.name, name)) return arg.value;
  }
#endif
  // Never taken by a literal; lets clang see that the function can produce a
  // constant when a kernel is given no named args.
  if (name == nullptr) return 0;
  return ::zyxtt::kernel::named_compile_time_arg_not_passed_to_this_kernel();
}
