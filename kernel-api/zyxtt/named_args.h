// Compile-time arguments in tt-metal's other spellings: the array
// kernel_compile_time_args and named arguments. The kernel compiler passes
// named ones as -DKERNEL_NAMED_COMPILE_TIME_ARGS='{"name",value},...'.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace zyxtt::kernel {

template <std::size_t... I>
constexpr std::array<uint32_t, sizeof...(I)> ct_args_array(std::index_sequence<I...>) {
  return {kCompileTimeArgs[I + 1]...};
}

struct NamedArg {
  std::string_view name;
  uint32_t value;
};
inline constexpr NamedArg kNamedArgs[] = {{"", 0}
#ifdef KERNEL_NAMED_COMPILE_TIME_ARGS
    , KERNEL_NAMED_COMPILE_TIME_ARGS
#endif
};

// Deliberately not constexpr: reaching it during constant evaluation is the
// compile error that names a missing argument.
inline uint32_t named_compile_time_arg_not_passed_to_this_kernel() { return 0; }

}  // namespace zyxtt::kernel

inline constexpr auto kernel_compile_time_args =
    ::zyxtt::kernel::ct_args_array(std::make_index_sequence<::zyxtt::kernel::kCompileTimeArgCount>{});

consteval uint32_t get_named_compile_time_arg_val(std::string_view name) {
  for (std::size_t i = 1; i < sizeof(::zyxtt::kernel::kNamedArgs) / sizeof(::zyxtt::kernel::kNamedArgs[0]); ++i) {
    if (::zyxtt::kernel::kNamedArgs[i].name == name) return ::zyxtt::kernel::kNamedArgs[i].value;
  }
  return ::zyxtt::kernel::named_compile_time_arg_not_passed_to_this_kernel();
}
