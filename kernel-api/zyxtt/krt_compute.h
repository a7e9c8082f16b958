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
// flags: kSfpuRoundNearestEven (compute_ops.h) for 16-bit DST narrowing.
void sfpu_binary(SfpuBinaryOp op, uint32_t dst_a, uint32_t dst_b, uint32_t dst_out, uint32_t flags = 0);
// typecast_tile<IN, OUT>: IN/OUT are tt::DataFormat values. file/line name the
// kernel call site, for the warning about pairs silicon has no kernel for.
void sfpu_typecast(uint32_t dst, uint32_t in_format, uint32_t out_format, const char* file = nullptr,
                   uint32_t line = 0);
// FPU eltwise: DST[dst] = A op B(bcast), A/B = tiles of cb0/cb1 after their
// read pointers; DST[dst] += ... after an init with acc_to_dest.
void fpu_binary(FpuBinaryOp op, uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t dst,
                Bcast bcast = Bcast::kNone, uint32_t bcast_row = 0);
// The acc_to_dest argument of the FPU binary inits.
void fpu_accumulate(bool enable);
// binary_dest_reuse_tiles: reuse 1 = DEST_TO_SRCA (DST = DST op tile),
// 2 = DEST_TO_SRCB (DST = tile op DST).
void fpu_dest_reuse(FpuBinaryOp op, uint32_t cb, uint32_t tile, uint32_t dst, uint32_t reuse);
// unary_bcast: DST[dst] = tile broadcast per `bcast`.
void unary_bcast(Bcast bcast, uint32_t cb, uint32_t tile, uint32_t dst);
// matmul_block (matmul_tiles = 1x1x1): for rt < rt_dim, ct < ct_dim:
// DST[dst + rt*ct_dim + ct] += A[tile0 + rt*kt_dim] . B[tile1 + ct] (B transposed
// when `transpose`).
void matmul(uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t dst, uint32_t transpose,
            uint32_t ct_dim, uint32_t rt_dim, uint32_t kt_dim);
// reduce_tile: accumulates the reduction of tile `tile` of `cb`, scaled by the
// scaler tile, into DST[dst] (column 0 / row 0 / element [0][0]).
void reduce(ReducePool pool, ReduceDim dim, uint32_t cb, uint32_t cb_scaler, uint32_t tile, uint32_t tile_scaler,
            uint32_t dst);
// transpose_wh_tile: DST[dst][r][c] = tile[c][r].
void transpose_wh(uint32_t cb, uint32_t tile, uint32_t dst);
// tilize_block / untilize_block / pack_untilize_dest (self-contained: they do
// not go through the DST handshake).
void tilize_block(uint32_t icb, uint32_t block, uint32_t ocb, uint32_t in_index, uint32_t out_index);
void untilize_block(uint32_t icb, uint32_t full_ct_dim, uint32_t ocb);
// Packs DST tiles [dst_offset, dst_offset + block_rt*block_ct) row-major into
// ocb: block row br covers 32 rows of full_ct_dim*32 elements; this block's
// tiles start at tile column block_c_index*block_ct.
// `out_row`: the first output block row (pages out_row*full_ct_dim ...).
void pack_untilize_dest(uint32_t ocb, uint32_t block_ct_dim, uint32_t full_ct_dim, uint32_t block_rt_dim,
                        uint32_t block_c_index, uint32_t dst_offset, uint32_t out_row = 0);
// The transpose argument of mm_init / matmul_init, used by matmul_tiles.
void matmul_configure(uint32_t transpose);
uint32_t matmul_transpose();

}  // namespace zyxtt::krt
