// CreateSemaphore naming the kind of core, declared where tt-metal declares
// it (an implementation header, reached by its tests; the public host API
// offers only worker cores). Only worker (Tensix) cores are emulated: other
// kinds throw, saying so.
#pragma once

#include <cstdint>
#include <variant>

#include <tt-metalium/core_coord.hpp>
#include <umd/device/types/core_coordinates.hpp>

namespace tt::tt_metal {

class Program;

uint32_t CreateSemaphore(Program& program, const std::variant<CoreRange, CoreRangeSet>& core_spec,
                         uint32_t initial_value, CoreType core_type);

}  // namespace tt::tt_metal
