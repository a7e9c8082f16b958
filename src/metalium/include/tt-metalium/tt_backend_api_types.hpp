// tt::DataFormat, the codes circular buffers are configured with; one
// definition shared with the kernel-API headers (zyxtt/data_format.h).
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <ostream>

#include <zyxtt/data_format.h>

namespace tt {

bool is_integer_format(DataFormat format);
// Bytes of one 32 x 32 tile of `format` (block-float formats with their exponents).
uint32_t tile_size(DataFormat format);
// Bytes of one element of `format`; throws std::invalid_argument, as tt-metal
// does, for formats whose elements have no size of their own (block floats),
// Tf32 and Invalid.
uint32_t datum_size(const DataFormat& format);
std::ostream& operator<<(std::ostream& os, const DataFormat& format);

}  // namespace tt
