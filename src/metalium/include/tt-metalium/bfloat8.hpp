// Bfp8_b tiles on the host, as the emulator's packer and unpacker make and
// read them (blockfloat.cpp): 64 shared exponents, one per face row, then the
// elements' sign and mantissa codes, element 0 in the low bits of each word.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <optional>
#include <vector>

#include <tt-metalium/tile.hpp>
#include <tt_stl/span.hpp>

// data: whole 32x32 tiles, of faces or (row_major_input) each tile row-major.
// is_exp_a (Bfp8, the fp16-exponent variant) and other tile shapes are not
// emulated and throw.
template <typename T>
std::vector<uint32_t> pack_as_bfp8_tiles(tt::stl::Span<const T> data, bool row_major_input, bool is_exp_a,
                                         const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);

std::vector<float> unpack_bfp8_tiles_into_float_vec(tt::stl::Span<const uint32_t> bfp8_tiles, bool row_major_output,
                                                    bool is_exp_a,
                                                    const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);
