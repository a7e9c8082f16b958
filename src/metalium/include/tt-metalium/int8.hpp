// Int8 tiles' data on the host: four bytes to a word, the first in the low byte.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

uint32_t pack_four_int8_into_uint32(int8_t a, int8_t b, int8_t c, int8_t d);

// num_bytes (a multiple of 4) values drawn uniformly from [-127, 127] (the
// sign-magnitude range the device's Int8 holds), each byte its two's
// complement, packed as above; the same seed gives the same vector.
std::vector<uint32_t> create_random_vector_of_int8(size_t num_bytes, int seed);
