// ttsl::SmallVector (tt-metal keeps up to N elements inline). Here a
// std::vector with the same interface: the host API only needs its value
// semantics, not the inline storage.
#pragma once

#include <cstddef>
#include <vector>

namespace ttsl {

inline constexpr std::size_t SMALL_VECTOR_SIZE = 8;

template <typename T, std::size_t PREALLOCATED_SIZE = SMALL_VECTOR_SIZE>
struct SmallVector : public std::vector<T> {
  using std::vector<T>::vector;
  SmallVector() = default;
  SmallVector(const std::vector<T>& v) : std::vector<T>(v) {}
  SmallVector(std::vector<T>&& v) : std::vector<T>(std::move(v)) {}
};

}  // namespace ttsl

namespace tt {
namespace stl = ::ttsl;  // tt::stl::SmallVector, as tt-metal's older spelling
}  // namespace tt
