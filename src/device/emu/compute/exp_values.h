// exp over many floats, each result bit-identical to std::exp (the host
// libm's expf): 8 lanes at a time in AVX-512 or AVX2 doubles, std::exp otherwise.
#pragma once

#include <cstddef>

namespace zyxtt::emu::compute {

// x[i] = std::exp(x[i]) for i < n.
void exp_values(float* x, size_t n);

// Whether exp_values takes the vector path on this host (tests report it).
bool exp_values_vectorised();

}  // namespace zyxtt::emu::compute
