// The C++ standard headers the compute API includes, force-included first in
// every compute kernel and precompiled once per user and compiler (see
// kernel_std_dataflow.h). Exactly what api/compute/common.h brings anyway.
#pragma once

// C++17's special math functions (std::riemann_zeta & co) are left out: no
// kernel uses them, and their inline float and long double overloads make
// every compile that includes <cmath> instantiate about 100 templates at its
// end, precompiled header or not (half of a compute kernel's compile).
#ifndef _GLIBCXX_BITS_SPECFUN_H
#define _GLIBCXX_BITS_SPECFUN_H 1
#endif

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
