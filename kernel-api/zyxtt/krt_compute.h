// Compute-side kernel runtime calls (the TRISC "threads" run as one fiber, in
// program order). The api/compute/ headers are thin inline wrappers over
// these; the emulator implements them in src/device/emu/compute/. All act on
// the calling instance's core; misuse (bad DST index, wrong handshake order,
// unsupported data format) fails the run with a message naming the call.
#pragma once

#include <cstdint>

#include "zyxtt/compute_ops.h"

namespace zyxtt::krt {

// ---- DST ownership handshake ----------------------------------------------------
void dst_acquire();  // tile_regs_acquire: idle -> acquired
void dst_commit();   // tile_regs_commit:  acquired -> committed
void dst_wait();     // tile_regs_wait:    committed -> waited
void dst_release();  // tile_regs_release: waited -> idle, section zeroed
// Deprecated acquire_dst()/release_dst(): math and pack share one phase.
void dst_acquire_legacy();
void dst_release_legacy();

// ---- configuration ---------------------------------------------------------------
// Records which CBs the unpacker (srcA, srcB) and packer are configured for.
// The emulator converts by each CB's own format; these are bookkeeping only.
void compute_configure(uint32_t srca_cb, uint32_t srcb_cb, uint32_t pack_cb);
void unpack_reconfig(uint32_t srca_cb, uint32_t srcb_cb);
void pack_reconfig(uint32_t pack_cb);
void pack_l1_accumulate(bool enable);  // pack_reconfig_l1_acc

// ---- moving tiles --------------------------------------------------------------------
// DST[dst] = tile `tile` after the CB read pointer, converted to DST format.
void copy_tile(uint32_t cb, uint32_t tile, uint32_t dst);
// Writes DST[dst] into the next sequential slot of `cb`'s reserved region, or
// into slot `out_index` when out_of_order.
void pack_tile(uint32_t dst, uint32_t cb, uint32_t out_index, bool out_of_order);

// ---- math ----------------------------------------------------------------------------
// p0/p1 are the op's 32-bit parameters (fp32 bit patterns or integers).
void sfpu_unary(SfpuUnaryOp op, uint32_t dst, uint32_t p0, uint32_t p1);
void sfpu_binary(SfpuBinaryOp op, uint32_t dst_a, uint32_t dst_b, uint32_t dst_out);
// typecast_tile<IN, OUT>: IN/OUT are tt::DataFormat values.
void sfpu_typecast(uint32_t dst, uint32_t in_format, uint32_t out_format);
// FPU eltwise: DST[dst] = A op B, A/B = tiles of cb0/cb1 after their read pointers.
void fpu_binary(FpuBinaryOp op, uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t dst);

}  // namespace zyxtt::krt
