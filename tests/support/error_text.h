// The message of the zyxtt::Error a call throws, or "no error": for tests that
// match what a refusal says.
#pragma once

#include <functional>
#include <string>

#include "common/error.h"

namespace zyxtt::testing {

inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace zyxtt::testing
