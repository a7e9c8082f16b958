// <cmath> as tt-metal's kernels see it. They build in strict ISO mode, where
// <cmath> defines none of the POSIX constants (M_PI, M_SQRT2...), and declare
// their own (ttnn's lgamma kernel has `constexpr float M_PI`); glibc defines
// them for C++. Every kernel-API header takes <cmath> through here, so once
// it is in they are gone (its include guard keeps later includes from
// bringing them back).
#pragma once

#include <cmath>

#undef M_E
#undef M_LOG2E
#undef M_LOG10E
#undef M_LN2
#undef M_LN10
#undef M_PI
#undef M_PI_2
#undef M_PI_4
#undef M_1_PI
#undef M_2_PI
#undef M_2_SQRTPI
#undef M_SQRT2
#undef M_SQRT1_2
