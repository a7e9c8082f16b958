// A sub-device: a set of cores per programmable core type that programs and
// stall groups name (tt-metal's sub_device.hpp). Only Tensix cores are
// emulated.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <array>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

class SubDevice {
 public:
  explicit SubDevice(ttsl::Span<const CoreRangeSet> cores);

  const CoreRangeSet& cores(HalProgrammableCoreType core_type) const;

 private:
  std::array<CoreRangeSet, static_cast<size_t>(HalProgrammableCoreType::COUNT)> cores_;
};

}  // namespace tt::tt_metal
