// Sub-device ids. The emulator has one sub-device, id 0, covering the grid.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <compare>
#include <cstdint>

namespace tt::tt_metal {

struct SubDeviceId {
  uint8_t value = 0;
  constexpr uint8_t operator*() const { return value; }
  auto operator<=>(const SubDeviceId&) const = default;
};

struct SubDeviceManagerId {
  uint64_t value = 0;
  constexpr uint64_t operator*() const { return value; }
  auto operator<=>(const SubDeviceManagerId&) const = default;
};

}  // namespace tt::tt_metal
