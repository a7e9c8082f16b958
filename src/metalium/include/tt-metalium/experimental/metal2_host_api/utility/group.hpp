// Group<T>: a collection whose order means nothing (tt-metal's Metal 2.0
// utility/group.hpp). A std::vector for now; whoever consumes a Group checks
// that its members are unique where they must be.
#pragma once

#include <vector>

namespace tt::tt_metal::experimental {

template <typename T>
using Group = std::vector<T>;

}  // namespace tt::tt_metal::experimental
