// Host memory of some element type (tt-metal's host_buffer.hpp): owned (a
// vector, shared between copies) or borrowed (a span the caller keeps valid,
// held by a MemoryPin). Viewed as bytes or as the type it was made with.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/memory_pin.hpp>
#include <tt_stl/assert.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

namespace experimental {
class PinnedMemory;  // not emulated: host memory is never pinned for the device here
class HostBufferPinnedMemoryHelper;
}  // namespace experimental

class HostBuffer {
 public:
  HostBuffer();
  ~HostBuffer() = default;

  template <typename T>
  explicit HostBuffer(const std::shared_ptr<std::vector<T>>& data);
  template <typename T>
  explicit HostBuffer(std::vector<T>&& data);
  template <typename T>
  explicit HostBuffer(const std::vector<T>& data);
  // Borrowed: `pin` keeps `borrowed_data` valid.
  template <typename T>
  HostBuffer(ttsl::Span<T> borrowed_data, MemoryPin pin);

  HostBuffer(const HostBuffer& other);
  HostBuffer& operator=(const HostBuffer& other);
  HostBuffer(HostBuffer&& other) noexcept;
  HostBuffer& operator=(HostBuffer&& other) noexcept;
  void swap(HostBuffer& other) noexcept;

  ttsl::Span<std::byte> view_bytes() & noexcept;
  ttsl::Span<const std::byte> view_bytes() const& noexcept;
  ttsl::Span<std::byte> view_bytes() && noexcept = delete;
  ttsl::Span<const std::byte> view_bytes() const&& noexcept = delete;

  // Throws unless T is the type the buffer was made with.
  template <typename T>
  ttsl::Span<T> view_as() &;
  template <typename T>
  ttsl::Span<const T> view_as() const&;
  template <typename T>
  ttsl::Span<T> view_as() && = delete;
  template <typename T>
  ttsl::Span<const T> view_as() const&& = delete;

  MemoryPin pin() const { return pin_; }

 private:
  friend class experimental::HostBufferPinnedMemoryHelper;
  void register_pinned_memory_cache_release_callback();

  MemoryPin pin_;
  ttsl::Span<std::byte> view_;
  const std::type_info* type_info_ = nullptr;
  std::shared_ptr<experimental::PinnedMemory> pinned_memory_ = nullptr;
};

template <typename T>
HostBuffer::HostBuffer(const std::shared_ptr<std::vector<T>>& data)
    : pin_(std::shared_ptr<void>(data)),
      view_(reinterpret_cast<std::byte*>(data->data()), data->size() * sizeof(T)),
      type_info_(&typeid(T)) {}

template <typename T>
HostBuffer::HostBuffer(std::vector<T>&& data) : HostBuffer(std::make_shared<std::vector<T>>(std::move(data))) {}

template <typename T>
HostBuffer::HostBuffer(const std::vector<T>& data) : HostBuffer(std::make_shared<std::vector<T>>(data)) {}

template <typename T>
HostBuffer::HostBuffer(ttsl::Span<T> borrowed_data, MemoryPin pin)
    : pin_(std::move(pin)),
      view_(reinterpret_cast<std::byte*>(const_cast<std::remove_const_t<T>*>(borrowed_data.data())),
            borrowed_data.size() * sizeof(T)),
      type_info_(&typeid(std::remove_const_t<T>)) {}

template <typename T>
ttsl::Span<T> HostBuffer::view_as() & {
  TT_FATAL(type_info_ != nullptr && *type_info_ == typeid(T), "The host buffer does not hold elements of this type");
  return ttsl::Span<T>(reinterpret_cast<T*>(view_.data()), view_.size() / sizeof(T));
}

template <typename T>
ttsl::Span<const T> HostBuffer::view_as() const& {
  TT_FATAL(type_info_ != nullptr && *type_info_ == typeid(T), "The host buffer does not hold elements of this type");
  return ttsl::Span<const T>(reinterpret_cast<const T*>(view_.data()), view_.size() / sizeof(T));
}

// Equal bytes.
bool operator==(const HostBuffer& a, const HostBuffer& b) noexcept;
bool operator!=(const HostBuffer& buffer_a, const HostBuffer& buffer_b) noexcept;

void swap(HostBuffer& lhs, HostBuffer& rhs) noexcept;

}  // namespace tt::tt_metal
