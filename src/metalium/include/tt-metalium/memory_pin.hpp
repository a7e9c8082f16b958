// A hold on host memory (tt-metal's memory_pin.hpp): copies share it, and the
// memory stays valid while any copy lives. Built from increment and decrement
// calls (each copy increments, each release decrements), or from a shared
// resource kept alive by the pins.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace tt::tt_metal {

class MemoryPin {
 public:
  MemoryPin() = default;
  MemoryPin(std::function<void()> increment_ref_count, std::function<void()> decrement_ref_count);
  MemoryPin(std::shared_ptr<void> resource);
  ~MemoryPin();
  MemoryPin(const MemoryPin& other);
  MemoryPin& operator=(const MemoryPin& other);
  MemoryPin(MemoryPin&& other) noexcept;
  MemoryPin& operator=(MemoryPin&& other) noexcept;

  // `callback` runs once, when the last pin sharing this one's state is released.
  void add_final_release_callback(std::function<void()> callback);

  friend bool operator==(const MemoryPin& pin, std::nullptr_t) noexcept;
  friend bool operator==(std::nullptr_t, const MemoryPin& pin) noexcept;
  friend bool operator!=(const MemoryPin& pin, std::nullptr_t) noexcept;
  friend bool operator!=(std::nullptr_t, const MemoryPin& pin) noexcept;

 private:
  struct FinalReleaseState {
    std::vector<std::function<void()>> callbacks;
    bool ran = false;
  };
  void maybe_increment();
  void maybe_decrement();
  void maybe_run_final_release_callbacks();

  std::function<void()> inc_;
  std::function<void()> dec_;
  std::shared_ptr<FinalReleaseState> final_release_state_;
};

}  // namespace tt::tt_metal
