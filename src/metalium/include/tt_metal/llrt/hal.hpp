// tt-metal's hardware abstraction, as far as its test fixtures ask it.
#pragma once

#include <cstdint>

#include <tt-metalium/circular_buffer_constants.h>
#include <umd/device/types/arch.hpp>

namespace tt::tt_metal {

class Hal {
 public:
  tt::ARCH get_arch() const { return tt::ARCH::BLACKHOLE; }
  uint32_t get_arch_num_circular_buffers() const { return NUM_CIRCULAR_BUFFERS; }
};

}  // namespace tt::tt_metal
