// ttsl::Indestructible<T>: a T built in place whose destructor never runs,
// for function-local statics that other statics' destructors may still use.
#pragma once

#include <cstddef>
#include <new>
#include <utility>

namespace ttsl {

template <typename T>
class Indestructible {
 public:
  template <typename... Args>
  explicit Indestructible(Args&&... args) {
    ::new (static_cast<void*>(bytes_)) T(std::forward<Args>(args)...);
  }
  Indestructible(const Indestructible&) = delete;
  Indestructible& operator=(const Indestructible&) = delete;
  ~Indestructible() = default;  // leaves T alive on purpose

  T& get() { return *std::launder(reinterpret_cast<T*>(bytes_)); }
  const T& get() const { return *std::launder(reinterpret_cast<const T*>(bytes_)); }

 private:
  alignas(T) std::byte bytes_[sizeof(T)]{};
};

}  // namespace ttsl

namespace tt {
namespace stl = ::ttsl;  // tt-metal's older spelling
}  // namespace tt
