// A value held by this process, or a marker that another rank holds it
// (tt-metal's maybe_remote.hpp): how a mesh over MPI ranks names devices.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <concepts>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <tt_stl/assert.hpp>

namespace tt::tt_metal {
class IDevice;
}  // namespace tt::tt_metal

namespace tt::tt_metal::distributed {

template <typename T>
concept MaybeRemoteLike = requires(T t) {
  typename T::value_type;
  { t.is_local() } -> std::convertible_to<bool>;
  { t.value() } -> std::same_as<typename T::value_type&>;
};

// Stands for a value on another rank.
struct RemoteDevice {
  friend bool operator==(const RemoteDevice&, const RemoteDevice&) = default;
};

template <typename T>
class MaybeRemote {
 public:
  using value_type = T;

  [[nodiscard]] static MaybeRemote local(T value) { return MaybeRemote(std::move(value)); }
  [[nodiscard]] static MaybeRemote remote() { return MaybeRemote(RemoteDevice{}); }

  [[nodiscard]] bool is_local() const noexcept { return std::holds_alternative<T>(held_); }
  [[nodiscard]] bool is_remote() const noexcept { return !is_local(); }

  // Throw for a remote value.
  [[nodiscard]] T& value() & { return *operator->(); }
  [[nodiscard]] const T& value() const& { return *operator->(); }
  [[nodiscard]] T& operator*() & { return value(); }
  [[nodiscard]] const T& operator*() const& { return value(); }
  [[nodiscard]] T* operator->() {
    if (T* p = std::get_if<T>(&held_)) return p;
    remote_access();
  }
  [[nodiscard]] const T* operator->() const {
    if (const T* p = std::get_if<T>(&held_)) return p;
    remote_access();
  }

  // on_local(value) or on_remote().
  template <typename LocalFunc, typename RemoteFunc>
  [[nodiscard]] decltype(auto) when(LocalFunc&& on_local, RemoteFunc&& on_remote) const {
    if (is_local()) return std::invoke(std::forward<LocalFunc>(on_local), std::get<T>(held_));
    return std::invoke(std::forward<RemoteFunc>(on_remote));
  }
  // on_local(value) when local; its result, if any, as an optional.
  template <typename LocalFunc>
  auto if_local(LocalFunc&& on_local) const {
    using R = std::invoke_result_t<LocalFunc, const T&>;
    if constexpr (std::is_void_v<R>) {
      if (is_local()) std::invoke(std::forward<LocalFunc>(on_local), std::get<T>(held_));
    } else {
      return is_local() ? std::optional<R>(std::invoke(std::forward<LocalFunc>(on_local), std::get<T>(held_)))
                        : std::optional<R>();
    }
  }
  template <typename RemoteFunc>
  auto if_remote(RemoteFunc&& on_remote) const {
    using R = std::invoke_result_t<RemoteFunc>;
    if constexpr (std::is_void_v<R>) {
      if (is_remote()) std::invoke(std::forward<RemoteFunc>(on_remote));
    } else {
      return is_remote() ? std::optional<R>(std::invoke(std::forward<RemoteFunc>(on_remote))) : std::optional<R>();
    }
  }

  [[nodiscard]] bool operator==(const MaybeRemote& other) const = default;

  [[nodiscard]] std::string to_string() const {
    if (is_remote()) return "MaybeRemote{remote}";
    std::ostringstream out;
    out << "MaybeRemote{" << std::get<T>(held_) << "}";
    return out.str();
  }

 private:
  explicit MaybeRemote(RemoteDevice) : held_(RemoteDevice{}) {}
  explicit MaybeRemote(T value) : held_(std::move(value)) {}
  [[noreturn]] static void remote_access() {
    TT_THROW("Attempted to access remote device from process that does not have it!");
  }

  std::variant<RemoteDevice, T> held_;
};

using MaybeRemoteDeviceId = MaybeRemote<int>;
using MaybeRemoteDevice = MaybeRemote<IDevice*>;

// The local values of `container`, in order.
template <typename Container>
  requires MaybeRemoteLike<typename Container::value_type>
[[nodiscard]] auto extract_locals(const Container& container) {
  std::vector<typename Container::value_type::value_type> out;
  for (const auto& maybe : container)
    if (maybe.is_local()) out.push_back(maybe.value());
  return out;
}

}  // namespace tt::tt_metal::distributed
