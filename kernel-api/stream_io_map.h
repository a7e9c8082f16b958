// tt-metal's stream_io_map.h: a CB's two shared page counters, as the stream
// registers kernels read them. Each call reads the counter (16 bits, wrapping,
// as silicon's) into the calling kernel's word for that CB and counter and
// returns its address: read it right away, as
// `while (*get_cb_tiles_acked_ptr(cb) != *get_cb_tiles_received_ptr(cb))`
// does; the word changes only at the next such call. Every call lets the
// core's other kernels run first, so such a spin sees them progress.
#pragma once

#include <cstdint>

#include "zyxtt/krt.h"
#include "noc_overlay_parameters.h"  // the stream registers, visible with it as on tt-metal

inline volatile uint32_t* get_cb_tiles_received_ptr(int operand) {
  return zyxtt::krt::cb_tiles_counter(static_cast<uint32_t>(operand), false);
}
inline volatile uint32_t* get_cb_tiles_acked_ptr(int operand) {
  return zyxtt::krt::cb_tiles_counter(static_cast<uint32_t>(operand), true);
}
