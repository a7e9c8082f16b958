// tt-metal's fabric NamedType: a value of type T that only converts
// explicitly from T, so that two ids of one type cannot be swapped.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <utility>

#include "internal/risc_attribs.h"

namespace tt::tt_fabric {

template <typename T, typename Tag>
class NamedType {
 public:
  NamedType() = default;
  explicit NamedType(const T& value) : value_(value) {}
  explicit NamedType(T&& value) : value_(std::move(value)) {}
  NamedType& operator=(const NamedType&) = default;
  T& get() { return value_; }
  const T& get() const { return value_; }
  operator T() const { return value_; }
  operator T&() { return value_; }

 private:
  T value_;
};

}  // namespace tt::tt_fabric
