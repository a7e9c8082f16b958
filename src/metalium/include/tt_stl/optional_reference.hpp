// A reference that may be absent (tt-metal's ttsl::optional_reference): a
// pointer with optional's vocabulary, copied freely, never owning.
#pragma once

#include <memory>
#include <optional>
#include <type_traits>

namespace ttsl {

template <typename T>
class optional_reference {
 public:
  optional_reference() noexcept = default;
  optional_reference(std::nullopt_t) noexcept {}
  optional_reference(T& value) noexcept : ptr_(std::addressof(value)) {}
  optional_reference(std::optional<T>& value) noexcept : ptr_(value ? std::addressof(*value) : nullptr) {}
  // A const view may also point at a const value or a const optional's value.
  template <typename U>
    requires std::is_const_v<T> && std::same_as<std::remove_const_t<T>, U>
  optional_reference(const U& value) noexcept : ptr_(std::addressof(value)) {}
  template <typename U>
    requires std::is_const_v<T> && std::same_as<std::remove_const_t<T>, U>
  optional_reference(const std::optional<U>& value) noexcept : ptr_(value ? std::addressof(*value) : nullptr) {}

  bool has_value() const noexcept { return ptr_ != nullptr; }
  explicit(false) operator bool() const noexcept { return has_value(); }
  void reset() noexcept { ptr_ = nullptr; }

  T* operator->() const noexcept { return ptr_; }
  T& operator*() const noexcept { return *ptr_; }
  T& value() const noexcept { return *ptr_; }

  // Equal when both refer to the same object (or both to none).
  friend bool operator==(const optional_reference& a, const optional_reference& b) noexcept { return a.ptr_ == b.ptr_; }

 private:
  T* ptr_ = nullptr;
};

}  // namespace ttsl
