// Compute-kernel settings shared by kernel configs (tt-metal's base_types.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <ostream>

namespace tt::tt_metal {

enum class MathFidelity : uint8_t { LoFi = 0, HiFi2 = 2, HiFi3 = 3, HiFi4 = 4, Invalid = 0xff };

std::ostream& operator<<(std::ostream& os, const MathFidelity& fidelity);

// Per circular buffer: UnpackToDestFp32 unpacks a Float32 CB straight into DST.
enum class UnpackToDestMode : uint8_t { UnpackToDestFp32, Default };

}  // namespace tt::tt_metal

template <>
struct std::hash<tt::tt_metal::MathFidelity> {
  std::size_t operator()(const tt::tt_metal::MathFidelity& f) const noexcept { return static_cast<std::size_t>(f); }
};

using MathFidelity [[deprecated("Use tt::tt_metal::MathFidelity")]] = tt::tt_metal::MathFidelity;
using UnpackToDestMode [[deprecated("Use tt::tt_metal::UnpackToDestMode")]] = tt::tt_metal::UnpackToDestMode;
