// MemoryPin and HostBuffer: host memory held while any copy of its holder lives.
#include <tt-metalium/host_buffer.hpp>
#include <tt-metalium/memory_pin.hpp>

#include <algorithm>

namespace tt::tt_metal {

MemoryPin::MemoryPin(std::function<void()> increment_ref_count, std::function<void()> decrement_ref_count)
    : inc_(std::move(increment_ref_count)),
      dec_(std::move(decrement_ref_count)),
      final_release_state_(std::make_shared<FinalReleaseState>()) {
  maybe_increment();
}

// The resource lives as long as the decrement call that holds it.
MemoryPin::MemoryPin(std::shared_ptr<void> resource)
    : dec_([resource = std::move(resource)] {}), final_release_state_(std::make_shared<FinalReleaseState>()) {}

MemoryPin::~MemoryPin() { maybe_decrement(); }

MemoryPin::MemoryPin(const MemoryPin& other)
    : inc_(other.inc_), dec_(other.dec_), final_release_state_(other.final_release_state_) {
  maybe_increment();
}

MemoryPin& MemoryPin::operator=(const MemoryPin& other) {
  if (this == &other) return *this;
  MemoryPin copy(other);
  return *this = std::move(copy);
}

MemoryPin::MemoryPin(MemoryPin&& other) noexcept
    : inc_(std::exchange(other.inc_, nullptr)),
      dec_(std::exchange(other.dec_, nullptr)),
      final_release_state_(std::move(other.final_release_state_)) {}

MemoryPin& MemoryPin::operator=(MemoryPin&& other) noexcept {
  if (this == &other) return *this;
  maybe_decrement();
  inc_ = std::exchange(other.inc_, nullptr);
  dec_ = std::exchange(other.dec_, nullptr);
  final_release_state_ = std::move(other.final_release_state_);
  return *this;
}

void MemoryPin::add_final_release_callback(std::function<void()> callback) {
  if (!final_release_state_) final_release_state_ = std::make_shared<FinalReleaseState>();
  final_release_state_->callbacks.push_back(std::move(callback));
}

void MemoryPin::maybe_increment() {
  if (inc_) inc_();
}

void MemoryPin::maybe_decrement() {
  maybe_run_final_release_callbacks();
  if (dec_) dec_();
}

void MemoryPin::maybe_run_final_release_callbacks() {
  FinalReleaseState* state = final_release_state_.get();
  const bool last = state != nullptr && final_release_state_.use_count() == 1;
  if (!last || state->ran) return;
  state->ran = true;
  for (const auto& callback : state->callbacks) callback();
}

bool operator==(const MemoryPin& pin, std::nullptr_t) noexcept { return !pin.inc_ && !pin.dec_; }
bool operator==(std::nullptr_t, const MemoryPin& pin) noexcept { return pin == nullptr; }
bool operator!=(const MemoryPin& pin, std::nullptr_t) noexcept { return !(pin == nullptr); }
bool operator!=(std::nullptr_t, const MemoryPin& pin) noexcept { return !(pin == nullptr); }

HostBuffer::HostBuffer() = default;
HostBuffer::HostBuffer(const HostBuffer& other) = default;
HostBuffer& HostBuffer::operator=(const HostBuffer& other) = default;
HostBuffer::HostBuffer(HostBuffer&& other) noexcept = default;
HostBuffer& HostBuffer::operator=(HostBuffer&& other) noexcept = default;

void HostBuffer::swap(HostBuffer& other) noexcept {
  std::swap(pin_, other.pin_);
  std::swap(view_, other.view_);
  std::swap(type_info_, other.type_info_);
  std::swap(pinned_memory_, other.pinned_memory_);
}

ttsl::Span<std::byte> HostBuffer::view_bytes() & noexcept { return view_; }
ttsl::Span<const std::byte> HostBuffer::view_bytes() const& noexcept { return view_; }

// Host memory is never pinned for a device here: nothing to release.
void HostBuffer::register_pinned_memory_cache_release_callback() {}

bool operator==(const HostBuffer& a, const HostBuffer& b) noexcept {
  const auto x = a.view_bytes();
  const auto y = b.view_bytes();
  return std::equal(x.begin(), x.end(), y.begin(), y.end());
}
bool operator!=(const HostBuffer& a, const HostBuffer& b) noexcept { return !(a == b); }

void swap(HostBuffer& lhs, HostBuffer& rhs) noexcept { lhs.swap(rhs); }

}  // namespace tt::tt_metal
