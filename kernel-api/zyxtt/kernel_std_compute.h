// The C++ standard headers the compute API includes, force-included first in
// every compute kernel and precompiled once per user and compiler (see
// kernel_std_dataflow.h). Exactly what api/compute/common.h brings anyway.
#pragma once

#include <sys/types.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
