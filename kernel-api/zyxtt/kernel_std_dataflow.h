// The C++ standard headers the data-movement API includes, force-included
// first in every reader and writer: they are most of what such a kernel's
// compile parses, so the kernel compiler precompiles this header once per
// user and compiler. Exactly what the dataflow API brings anyway (a test
// checks that a kernel parses no more lines for it), so a kernel sees no
// name it would not have seen.
#pragma once

#include <sys/types.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
