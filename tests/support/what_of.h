// The message a call throws (an E, by default any std::exception), or "no
// throw": tests compare messages whole or look for what they must say.
#pragma once

#include <exception>
#include <functional>
#include <string>

template <typename E = std::exception>
std::string what_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "no throw";
}
