#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/hal_types.hpp>
