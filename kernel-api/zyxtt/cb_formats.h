// CB geometry as compile-time constants, where tt-metal has them: its JIT
// generates per-CB format tables, so `constexpr auto n = get_tile_size(cb)`
// compiles there. Here the kernel compiler passes the formats of the
// program's CBs as -DKERNEL_CB_DATA_FORMATS=f0,f1,... (tt::DataFormat values
// indexed by CB id, 255 for none). At run time the CB's live configuration answers.
// The values differ per program, so they are defined after the precompiled
// kernel API, by zyxtt/kernel_cb_formats.h (a constexpr function may call one
// that is defined later, before any constant evaluation reaches it).
#pragma once

#include <cstdint>
#include <type_traits>

#include "zyxtt/core_limits.h"
#include "zyxtt/kernel_base.h"
#include "zyxtt/format_facts.h"
#include "zyxtt/tile_geometry.h"

namespace zyxtt::kernel {
// The format of CB `cb` as the compile was told (kernel_cb_formats.h).
constexpr uint32_t compile_time_cb_format(uint32_t cb);
// The tile shape of CB `cb` (-DKERNEL_CB_TILE_SHAPES=r0,c0,r1,c1,..., given
// only when a CB of the program is not 32x32): fixed for the program, so
// constant at run time too.
constexpr TileGeometry cb_tile(uint32_t cb);

constexpr uint32_t cb_format(uint32_t cb) {
  if (std::is_constant_evaluated()) return compile_time_cb_format(cb);
  return krt::cb_data_format(cb);
}

template <typename T>
struct PerCb {
  T v[zyxtt::limits::kMaxCircularBuffers];
  constexpr T operator[](uint32_t cb) const { return v[cb]; }
};
template <uint32_t V>
constexpr PerCb<uint8_t> cb_constant_table() {
  PerCb<uint8_t> t{};
  for (auto& x : t.v) x = V;
  return t;
}
}  // namespace zyxtt::kernel
