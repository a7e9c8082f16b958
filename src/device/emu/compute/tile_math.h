// The emulator's math library: plain loops over the 1024 words of a DST tile,
// one body per op (tile_math.cpp), chosen by the op enums of
// kernel-api/zyxtt/compute_ops.h. No emulator state: callers handle DST
// indexing, phases and narrowing.
#pragma once

#include <cstdint>

#include "zyxtt/compute_ops.h"

namespace zyxtt::emu::compute {

// In place on `t`. p0/p1 are the API call's 32-bit params.
void apply_unary(krt::SfpuUnaryOp op, float* t, uint32_t p0, uint32_t p1);
// out[i] = a[i] op b[i]; out may alias a or b.
void apply_binary(krt::SfpuBinaryOp op, const float* a, const float* b, float* out);
void apply_fpu_binary(krt::FpuBinaryOp op, const float* a, const float* b, float* out);
// typecast_tile<in, out> on a 32-bit DST tile. Returns false (and leaves the
// tile alone) for pairs the hardware does not support: they are no-ops there.
bool apply_typecast(float* t, uint32_t in_format, uint32_t out_format);

// Whether the op's result is rounded to nearest even (else truncated) when
// DST is 16-bit: mul and div round in software on WH/BH, the rest truncate.
bool binary_rounds_to_nearest(krt::SfpuBinaryOp op);
// Ops that work on the raw 32-bit words (integer data); no 16-bit narrowing.
bool unary_is_bitwise(krt::SfpuUnaryOp op);
bool binary_is_bitwise(krt::SfpuBinaryOp op);

const char* unary_name(krt::SfpuUnaryOp op);   // e.g. "sin_tile"
const char* binary_name(krt::SfpuBinaryOp op);
const char* fpu_name(krt::FpuBinaryOp op);

}  // namespace zyxtt::emu::compute
