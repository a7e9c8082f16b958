// "Name([d0, d1, ...])": how tt-metal prints Shape and Alignment.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <tt_stl/span.hpp>

namespace tt::tt_metal::detail {
std::string dims_text(std::string_view name, ttsl::Span<const uint32_t> dims);
}  // namespace tt::tt_metal::detail
