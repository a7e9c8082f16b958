// Where a card runs its dispatch firmware. The emulator has no dispatch
// cores; the config is accepted and ignored.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <optional>

namespace tt::tt_metal {

enum class DispatchCoreType : uint32_t { WORKER, ETH, COUNT };
enum class DispatchCoreAxis { ROW, COL, COUNT };

class DispatchCoreConfig {
 public:
  DispatchCoreConfig() : type_(DispatchCoreType::WORKER) {}
  DispatchCoreConfig(DispatchCoreType type) : type_(type) {}
  DispatchCoreConfig(DispatchCoreType type, DispatchCoreAxis axis) : type_(type), axis_(axis) {}

  DispatchCoreType get_dispatch_core_type() const { return type_; }
  DispatchCoreAxis get_dispatch_core_axis() const { return axis_.value_or(DispatchCoreAxis::ROW); }
  void set_dispatch_core_axis(DispatchCoreAxis axis) { axis_ = axis; }
  bool operator==(const DispatchCoreConfig&) const = default;

 private:
  DispatchCoreType type_;
  std::optional<DispatchCoreAxis> axis_;
};

}  // namespace tt::tt_metal
