// An allocator whose value-less construct leaves the element uninitialised,
// so that std::vector<char, NoInitAllocator<char>>(n) or resize(n) does not
// write the new bytes: pages a buffer reserves are touched only when data
// fills them. On a VM every first touch is a page fault that costs tens of
// microseconds (zeroing the 1 MiB input buffer was 256 of them per start).
#pragma once

#include <memory>
#include <new>
#include <utility>

namespace zyxtt {

template <typename T>
struct NoInitAllocator : std::allocator<T> {
  using std::allocator<T>::allocator;
  template <typename U>
  struct rebind {
    using other = NoInitAllocator<U>;
  };
  template <typename U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

}  // namespace zyxtt
