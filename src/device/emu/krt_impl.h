// The emulator's side of the kernel ABI: one function per entry of the table
// in kernel-api/zyxtt/krt_abi.h (krt_table.cpp hands them to kernel objects).
// Each acts on the calling kernel instance (current(), core_state.h);
// blocking calls yield its fiber. Implemented in dataflow/ and compute/.
#pragma once

#include <cstddef>
#include <cstdint>

#include "zyxtt/compute_ops.h"
#include "zyxtt/krt_abi.h"
#include "zyxtt/krt_types.h"

namespace zyxtt::emu::krt_impl {

using krt::Bcast;
using krt::FpuBinaryOp;
using krt::ReduceDim;
using krt::ReducePool;
using krt::Role;
using krt::SfpuBinaryOp;
using krt::SfpuTernaryOp;
using krt::SfpuUnaryOp;
using krt::kSfpuRoundNearestEven;

// ---- identity and arguments -------------------------------------------------
Role role();
// L1 address of this core's kL1ZerosBytes of zeros (MEM_ZEROS_BASE).
uint32_t l1_zeros_addr();
uint32_t logical_x();  // column of this core in the grid
uint32_t logical_y();  // row
uint32_t my_noc_x(uint8_t noc);
uint32_t my_noc_y(uint8_t noc);
uint8_t default_noc();  // reader 0, writer 1

// Runtime args live in this core's L1; the pointer is a real host pointer
// whose low 32 bits are the L1 address kernels may compute with.
uint32_t runtime_arg(uint32_t index);  // fails the run when out of range
uint32_t* runtime_args_base();
uint32_t runtime_arg_count();
uint32_t common_arg(uint32_t index);
uint32_t* common_args_base();

// ---- circular buffers ---------------------------------------------------------
// file / line: the kernel's call site, for a finding's warning or, when the
// call blocks, for the deadlock report and the trace (Wait).
void cb_reserve_back(uint32_t cb, uint32_t pages, const char* file, uint32_t line);
// Pushing without a reservation, or popping without a wait, is a finding
// (findings.h) when the pages were free / there; else it fails the run.
void cb_push_back(uint32_t cb, uint32_t pages, const char* file, uint32_t line);
void cb_wait_front(uint32_t cb, uint32_t pages, const char* file, uint32_t line);
void cb_pop_front(uint32_t cb, uint32_t pages, const char* file, uint32_t line);
bool cb_pages_reservable_at_back(uint32_t cb, uint32_t pages);
bool cb_pages_available_at_front(uint32_t cb, uint32_t pages);
uint32_t cb_write_ptr(uint32_t cb);  // L1 byte address
uint32_t cb_read_ptr(uint32_t cb);
// The object API's CB endpoints: read (or write) pointer + offset, checked to
// lie inside the pages this kernel waited for (or reserved).
uint32_t cb_window_addr(uint32_t cb, bool read_side, uint32_t offset);
uint32_t cb_page_bytes(uint32_t cb);
uint32_t cb_num_pages(uint32_t cb);
uint32_t cb_data_format(uint32_t cb);  // tt::DataFormat value
// get_cb_tiles_received_ptr / _acked_ptr: yields once, then points at the
// instance's copy of the counter, 16 bits as silicon's register.
volatile uint32_t* cb_tiles_counter(uint32_t cb, bool acked);

// ---- NOC ----------------------------------------------------------------------
// NOC address: local address in bits 0..35, x in 36..41, y in 42..47.
uint32_t dram_banks();

// Copies happen at issue time; every range is checked (buffer bounds, L1
// bounds, alignment) and a bad one fails the run naming both addresses.
// L1-interleaved buffers: bank b is worker core b (row-major), same address on each.
uint32_t l1_banks();
uint64_t l1_bank_noc_addr(uint32_t bank, uint32_t l1_addr);

void noc_read(uint64_t src_noc_addr, uint32_t dst_l1_addr, uint32_t bytes, uint8_t noc);
void noc_write(uint32_t src_l1_addr, uint64_t dst_noc_addr, uint32_t bytes, uint8_t noc, bool posted);
void noc_write_multicast(uint32_t src_l1_addr, uint64_t dst_mcast_addr, uint32_t bytes, uint32_t num_dests,
                         bool include_self, uint8_t noc);
void noc_inline_write(uint64_t dst_noc_addr, uint32_t value, uint8_t byte_enable, uint8_t noc);
void noc_atomic_inc(uint64_t dst_noc_addr, uint32_t increment, uint8_t noc);
void noc_read_barrier(uint8_t noc);
void noc_write_barrier(uint8_t noc);
void noc_writes_flushed(uint8_t noc);
void noc_atomic_barrier(uint8_t noc);
// This core's stream registers (dataflow/stream_regs.h); a read yields first.
uint32_t stream_reg_read(uint32_t stream, uint32_t reg);
void stream_reg_write(uint32_t stream, uint32_t reg, uint32_t value);

// ---- semaphores and L1 polling -------------------------------------------------
uint32_t semaphore_addr(uint32_t id);
// Blocks until *addr == value (at_least: *addr >= value); `call` names the API.
void wait_l1_word(volatile uint32_t* addr, uint32_t value, bool at_least, const char* call, const char* file,
                  uint32_t line);
void eth_send(uint32_t src_l1, uint32_t dst_l1, uint32_t bytes);
uint32_t eth_sync_addr();
// Fabric (dataflow/fabric.cpp): bytes into a connection's packet slot; the
// commit (header first in the slot) delivers the packet along its route.
void fabric_send(uint32_t link, uint32_t src_l1, uint32_t bytes, bool commit);
// `count` packet headers of the calling processor's pool, zeroed (the first's L1 address).
uint32_t fabric_header_alloc(uint32_t count);
// Yields `turns` times: time passing for the caller (riscv_wait).
void yield_turns(uint32_t turns);

// ---- mailboxes (tt-metal's ckernel::mailbox_write / mailbox_read) ------------------
// One FIFO per sending processor of the core: the one compute fiber plays
// unpack, math and pack in program order, so their reads keep the writes' order.
void mailbox_write(uint32_t thread, uint32_t value);
uint32_t mailbox_read(uint32_t thread);

// ---- debug --------------------------------------------------------------------
// One finished DPRINT / DEVICE_PRINT line; printed to stderr with core and role.
void print_line(const char* text, size_t length);
// Appends DPRINT / DEVICE_PRINT text to this instance's pending line; each
// completed line ('\n') goes to print_line. Lines may span several statements.
void print_text(const char* text, size_t length);
// Ends the run with the kernel's message (krt::fail).
[[noreturn]] void abort_run(const char* message);
// A device-profiler marker (tools/profiler/kernel_profiler.hpp; trace/profile_marks.cpp).
void profile_mark(krt::ProfileMark kind, const char* site, uint64_t data);
// WAYPOINT: the calling instance's last waypoint (KernelInstance::waypoint).
void waypoint(uint32_t code);

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
// into slot `out_index` when out_of_order. A slot past the reservation is a
// finding when its page is free, else it fails the run.
void pack_tile(uint32_t dst, uint32_t cb, uint32_t out_index, bool out_of_order, const char* file, uint32_t line);
void pack_rows_configure(uint32_t num_rows);
void pack_rows(uint32_t dst, uint32_t cb, uint32_t out_index);

// ---- math ----------------------------------------------------------------------------
// p0/p1 are the op's 32-bit parameters (fp32 bit patterns or integers).
void sfpu_unary(SfpuUnaryOp op, uint32_t dst, uint32_t p0, uint32_t p1);
// flags: kSfpuRoundNearestEven (compute_ops.h) for 16-bit DST narrowing.
void sfpu_binary(SfpuBinaryOp op, uint32_t dst_a, uint32_t dst_b, uint32_t dst_out, uint32_t flags = 0);
// DST[dst_out] = op(DST[dst_a], DST[dst_b], DST[dst_c]); 16-bit DST rounds to
// nearest even (the ops' own float32_to_bf16_rne), where copies words.
// Custom SFPI code (kernel-api/sfpi.h) reads and writes DST in place: open
// hands over the tiles in force (math phase required; pending clears done),
// close narrows them to 16 bits when DST is 16-bit, as SFPSTORE would.
void sfpu_dst_open(krt::SfpuDstView* view);
void sfpu_dst_close();
// The core's SFPU local registers (krt_types.h), zeroed when a program starts.
uint32_t* sfpu_lregs();
void sfpu_ternary(SfpuTernaryOp op, uint32_t dst_a, uint32_t dst_b, uint32_t dst_c, uint32_t dst_out, uint32_t p0,
                  uint32_t p1);
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
// The block width of reduce_block_max_row_init_runtime, for the runtime calls after it.
void reduce_block_configure(uint32_t ct_dim);
uint32_t reduce_block_ct_dim();
// transpose_wh_dest: DST[dst][r][c] = DST[dst][c][r], in place.
void dst_transpose(uint32_t dst);
// sfpu_{add,sub,mul}_bcast_{col,row}: DST[data] = DST[data] op (column 0 (kCol)
// or row 0 (kRow) of DST[vec], spread over the tile), rounded as sfpu_binary.
void sfpu_binary_bcast(SfpuBinaryOp op, Bcast bcast, uint32_t dst_data, uint32_t dst_vec);
// mul_reduce_scalar_tile: DST[i] = A[i] * B[i] (FPU) for i < num_tiles, then
// DST[0] = 0 except [0][0] = the sum over i of reduce_tile<SUM, REDUCE_SCALAR>
// of DST[i] with every scaler element = scaler_bits (fp32).
void mul_reduce_scalar(uint32_t cb0, uint32_t cb1, uint32_t num_tiles, uint32_t scaler_bits);
// LLK level: llk_unpack_AB_matmul loads the operands of a matmul block into
// SrcA/SrcB; llk_math_matmul multiplies them into DST[dst...] (the block's
// dims must match the unpack's) at the call's math fidelity (its template
// argument, not the kernel's). Math without a loaded unpack fails the run.
void llk_unpack_ab_matmul(uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t ct_dim,
                          uint32_t rt_dim, uint32_t kt_dim);
void llk_math_matmul(uint32_t dst, uint32_t ct_dim, uint32_t rt_dim, uint32_t math_fidelity);
// Packer ReLU applied to every value pack writes: mode 0 none, 1 max(x, 0),
// 2 x below the threshold -> 0, 3 negatives -> 0 and x above the threshold ->
// threshold; the threshold is a bf16 bit pattern (16 bits).
void pack_relu(uint32_t mode, uint32_t threshold);

}  // namespace zyxtt::emu::krt_impl
