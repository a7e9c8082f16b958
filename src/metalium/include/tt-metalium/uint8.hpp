// UInt8 tiles' data on the host: four bytes to a word, the first in the low byte.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

uint32_t pack_four_uint8_into_uint32(uint8_t a, uint8_t b, uint8_t c, uint8_t d);

// num_bytes (a multiple of 4) uniformly random bytes; the same seed gives the same vector.
std::vector<uint32_t> create_random_vector_of_uint8(size_t num_bytes, int seed);
