// How a tensor's elements are laid out in its pages: rows, or tiles.
#pragma once

#include <ostream>

namespace tt::tt_metal {

enum class Layout { ROW_MAJOR = 0, TILE = 1, INVALID = 2 };

std::ostream& operator<<(std::ostream& os, const Layout& layout);

}  // namespace tt::tt_metal
