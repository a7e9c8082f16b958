// Compile-time arguments in tt-metal's other spellings: the array
// kernel_compile_time_args and named arguments. The kernel compiler passes
// named ones as -DKERNEL_NAMED_COMPILE_TIME_ARGS='{"name",value},...'.
// No standard headers beyond <cstdint>: every kernel compile pays for them.
#pragma once

#include <cstddef>
#include <cstdint>

namespace zyxtt::kernel {

// What kernels use of std::array: size(), [], iteration, all constant.
template <size_t N>
struct CtArgArray {
  uint32_t v[N == 0 ? 1 : N];
  static constexpr size_t size() { return N; }
  constexpr uint32_t operator[](size_t i) const { return v[i]; }
  constexpr const uint32_t* begin() const { return v; }
  constexpr const uint32_t* end() const { return v + N; }
};
constexpr CtArgArray<kCompileTimeArgCount> ct_args_array() {
  CtArgArray<kCompileTimeArgCount> a{};
  for (size_t i = 0; i < kCompileTimeArgCount; ++i) a.v[i] = kCompileTimeArgs[i + 1];
  return a;
}

struct NamedArg {
  const char* name;
  uint32_t value;
};
inline constexpr NamedArg kNamedArgs[] = {{"", 0}
#ifdef KERNEL_NAMED_COMPILE_TIME_ARGS
    , KERNEL_NAMED_COMPILE_TIME_ARGS
#endif
};

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
  for (const auto& arg : ::zyxtt::kernel::kNamedArgs) {
    if (arg.name[0] != '\0' && ::zyxtt::kernel::same_name(arg.name, name)) return arg.value;
  }
  // No argument has an empty name; this path only lets clang see that the
  // function can produce a constant when a kernel is given no named args.
  if (name[0] == '\0') return 0;
  return ::zyxtt::kernel::named_compile_time_arg_not_passed_to_this_kernel();
}
