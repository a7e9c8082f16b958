// The kernel ABI: the one table of calls a kernel object makes into the
// emulator, and the record a kernel object gives about itself. The emulator
// hands the table to the object once after loading it (zyxtt_kernel_bind);
// the kernel-API headers call through it (krt.h, krt_compute.h). Nothing else
// links a kernel to the emulator: the worker exports no symbols for kernels.
//
// The version is derived from the contract's content: a hash of this header
// and the others the contract spans (krt_types.h, compute_ops.h,
// data_format.h; src/device/emu/jit/krt_contract.h lists them), so changing a
// call, a signature, a struct, an op's number or a layout is a new version
// with no manual bump. The object's record (below) carries it in a section of
// its own, which the runtime reads from the file before anything of the
// object runs: an object of another version is never loaded. The version is
// part of the kernel cache key too, so such objects are rebuilt, not reused.
#pragma once

#include <cstddef>
#include <cstdint>

#include "zyxtt/compute_ops.h"
#include "zyxtt/krt_types.h"

namespace zyxtt::krt {

// The emulator's build generates the version (krt_abi_version.h); the kernel
// compiler defines it for every kernel it builds.
#ifndef ZYXTT_KRT_ABI_VERSION
#include "zyxtt/krt_abi_version.h"
#endif
inline constexpr uint32_t kKrtAbiVersion = ZYXTT_KRT_ABI_VERSION;

// X(return type, name, (parameters), (arguments)). Every call acts on the
// calling kernel instance (core x role), which the emulator tracks; blocking
// calls yield the instance's fiber. Enums are fixed-width (krt_types.h,
// compute_ops.h), so the table is plain data both sides agree on bit for bit.
#define ZYXTT_KRT_CALLS(X)                                                                                  \
  /* identity and arguments; args live in this core's L1 (the pointer's low 32 bits are the address) */    \
  X(Role, role, (), ())                                                                                     \
  X(uint32_t, logical_x, (), ())                                                                            \
  X(uint32_t, logical_y, (), ())                                                                            \
  X(uint32_t, my_noc_x, (uint8_t noc), (noc))                                                               \
  X(uint32_t, my_noc_y, (uint8_t noc), (noc))                                                               \
  X(uint8_t, default_noc, (), ())                                                                           \
  X(uint32_t, runtime_arg, (uint32_t index), (index))                                                       \
  X(uint32_t*, runtime_args_base, (), ())                                                                   \
  X(uint32_t, runtime_arg_count, (), ())                                                                    \
  X(uint32_t, common_arg, (uint32_t index), (index))                                                        \
  X(uint32_t, l1_zeros_addr, (), ())                                                                        \
  X(uint32_t*, common_args_base, (), ())                                                                    \
  /* circular buffers */                                                                                    \
  /* file / line: the kernel's call site, named by the sanitizer's warnings and, for calls that block, */ \
  /* by deadlock reports and traces (nullptr / 0: unknown) */                                                \
  X(void, cb_reserve_back, (uint32_t cb, uint32_t pages, const char* file, uint32_t line), (cb, pages, file, line)) \
  X(void, cb_push_back, (uint32_t cb, uint32_t pages, const char* file, uint32_t line), (cb, pages, file, line)) \
  X(void, cb_wait_front, (uint32_t cb, uint32_t pages, const char* file, uint32_t line), (cb, pages, file, line)) \
  X(void, cb_pop_front, (uint32_t cb, uint32_t pages, const char* file, uint32_t line), (cb, pages, file, line)) \
  X(bool, cb_pages_reservable_at_back, (uint32_t cb, uint32_t pages), (cb, pages))                          \
  X(bool, cb_pages_available_at_front, (uint32_t cb, uint32_t pages), (cb, pages))                          \
  X(uint32_t, cb_write_ptr, (uint32_t cb), (cb))                                                            \
  X(uint32_t, cb_read_ptr, (uint32_t cb), (cb))                                                             \
  X(uint32_t, cb_window_addr, (uint32_t cb, bool read_side, uint32_t offset), (cb, read_side, offset))      \
  X(uint32_t, cb_page_bytes, (uint32_t cb), (cb))                                                           \
  X(uint32_t, cb_num_pages, (uint32_t cb), (cb))                                                            \
  X(uint32_t, cb_data_format, (uint32_t cb), (cb))                                                          \
  /* the CB's pages-received (false) or pages-acked (true) count as silicon's 16-bit register holds it, read */ \
  /* after the core's other kernels had a turn (a spin on it sees them move); the word stays until the next */ \
  X(volatile uint32_t*, cb_tiles_counter, (uint32_t cb, bool acked), (cb, acked))                           \
  /* NOC: copies happen at issue time; every range is checked */                                            \
  X(uint32_t, dram_banks, (), ())                                                                           \
  X(uint32_t, l1_banks, (), ())                                                                             \
  X(uint64_t, l1_bank_noc_addr, (uint32_t bank, uint32_t l1_addr), (bank, l1_addr))                         \
  X(void, noc_read, (uint64_t src, uint32_t dst_l1, uint32_t bytes, uint8_t noc), (src, dst_l1, bytes, noc)) \
  X(void, noc_write, (uint32_t src_l1, uint64_t dst, uint32_t bytes, uint8_t noc, bool posted),             \
    (src_l1, dst, bytes, noc, posted))                                                                      \
  X(void, noc_write_multicast,                                                                              \
    (uint32_t src_l1, uint64_t dst_mcast, uint32_t bytes, uint32_t num_dests, bool include_self, uint8_t noc), \
    (src_l1, dst_mcast, bytes, num_dests, include_self, noc))                                               \
  X(void, noc_inline_write, (uint64_t dst, uint32_t value, uint8_t byte_enable, uint8_t noc),               \
    (dst, value, byte_enable, noc))                                                                         \
  X(void, noc_atomic_inc, (uint64_t dst, uint32_t increment, uint8_t noc), (dst, increment, noc))          \
  X(void, noc_read_barrier, (uint8_t noc), (noc))                                                           \
  X(void, noc_write_barrier, (uint8_t noc), (noc))                                                          \
  X(void, noc_writes_flushed, (uint8_t noc), (noc))                                                         \
  X(void, noc_atomic_barrier, (uint8_t noc), (noc))                                                         \
  /* this core's stream registers (zyxtt/noc_regs.h says which have side effects); a read lets the */     \
  /* core's other kernels and the other cores run first, so a spin on one sees them write it */             \
  X(uint32_t, stream_reg_read, (uint32_t stream, uint32_t reg), (stream, reg))                              \
  X(void, stream_reg_write, (uint32_t stream, uint32_t reg, uint32_t value), (stream, reg, value))          \
  /* riscv_wait: the core's other kernels get `turns` turns (one ends at their next block or poll) */      \
  X(void, yield_turns, (uint32_t turns), (turns))                                                           \
  /* semaphores and L1 polling: blocks until *addr == value (at_least: >=); `call` names the API */        \
  X(uint32_t, semaphore_addr, (uint32_t id), (id))                                                          \
  X(void, wait_l1_word,                                                                                     \
    (volatile uint32_t * addr, uint32_t value, bool at_least, const char* call, const char* file, uint32_t line), \
    (addr, value, at_least, call, file, line))                                                              \
  /* ethernet cores: `bytes` of this core's L1 at src_l1 into the linked chip's core over this core's     \
     channel, at the same L1 address there; the L1 address of this core's sync block (erisc_info) */       \
  X(void, eth_send, (uint32_t src_l1, uint32_t dst_l1, uint32_t bytes), (src_l1, dst_l1, bytes))          \
  X(uint32_t, eth_sync_addr, (), ())                                                                        \
  /* the fabric (worker cores): `link` is a connection's word from its runtime args (fabric_link_word);     \
     bytes of this core's L1 go into the connection's packet slot (after the header's place, or from its   \
     start when `commit`, which then delivers the packet as its header says); the L1 address of `count`   \
     zeroed packet headers of the calling processor's pool */                                                             \
  X(void, fabric_send, (uint32_t link, uint32_t src_l1, uint32_t bytes, bool commit), (link, src_l1, bytes, commit)) \
  X(uint32_t, fabric_header_alloc, (uint32_t count), (count))                                             \
  /* mailboxes between a core's processors (ckernel.h): write queues a word for `thread`; read takes  \
     the oldest word `thread` sent, blocking until there is one */                                          \
  X(void, mailbox_write, (uint32_t thread, uint32_t value), (thread, value))                                \
  X(uint32_t, mailbox_read, (uint32_t thread), (thread))                                                    \
  /* debug: DPRINT text (lines may span statements), and ending the run with a message */                   \
  X(void, print_text, (const char* text, size_t length), (text, length))                                    \
  X(void, abort_run, (const char* message), (message))                                                           \
  /* device profiler: a marker of `kind` at the kernel's site ("name,file,line,KERNEL_PROFILER"; nullptr   \
     for events), with its data (ProfileMark) */                                                            \
  X(void, profile_mark, (ProfileMark kind, const char* site, uint64_t data), (kind, site, data))             \
  /* WAYPOINT("ABCD"): the calling processor's last waypoint, up to four characters packed low byte first */ \
  X(void, waypoint, (uint32_t code), (code))                                                                \
  /* compute: DST handshake */                                                                              \
  X(void, dst_acquire, (), ())                                                                              \
  X(void, dst_commit, (), ())                                                                               \
  X(void, dst_wait, (), ())                                                                                 \
  X(void, dst_release, (), ())                                                                              \
  X(void, dst_acquire_legacy, (), ())                                                                       \
  X(void, dst_release_legacy, (), ())                                                                       \
  /* compute: configuration */                                                                              \
  X(void, compute_configure, (uint32_t srca_cb, uint32_t srcb_cb, uint32_t pack_cb), (srca_cb, srcb_cb, pack_cb)) \
  X(void, unpack_reconfig, (uint32_t srca_cb, uint32_t srcb_cb), (srca_cb, srcb_cb))                        \
  X(void, pack_reconfig, (uint32_t pack_cb), (pack_cb))                                                     \
  X(void, pack_l1_accumulate, (bool enable), (enable))                                                      \
  /* compute: moving tiles and math (krt_compute.h says what each does) */                                  \
  X(void, copy_tile, (uint32_t cb, uint32_t tile, uint32_t dst), (cb, tile, dst))                           \
  X(void, pack_tile,                                                                                        \
    (uint32_t dst, uint32_t cb, uint32_t out_index, bool out_of_order, const char* file, uint32_t line),      \
    (dst, cb, out_index, out_of_order, file, line))                                                         \
  X(void, pack_rows_configure, (uint32_t num_rows), (num_rows))                                             \
  X(void, pack_rows, (uint32_t dst, uint32_t cb, uint32_t out_index), (dst, cb, out_index))                 \
  X(void, sfpu_unary, (SfpuUnaryOp op, uint32_t dst, uint32_t p0, uint32_t p1), (op, dst, p0, p1))          \
  X(void, sfpu_binary, (SfpuBinaryOp op, uint32_t dst_a, uint32_t dst_b, uint32_t dst_out, uint32_t flags), \
    (op, dst_a, dst_b, dst_out, flags))                                                                     \
  X(void, sfpu_ternary,                                                                                     \
    (SfpuTernaryOp op, uint32_t dst_a, uint32_t dst_b, uint32_t dst_c, uint32_t dst_out, uint32_t p0,       \
     uint32_t p1),                                                                                          \
    (op, dst_a, dst_b, dst_c, dst_out, p0, p1))                                                             \
  /* custom SFPI code: the DST tiles in force, pending clears done; close narrows a 16-bit DST */           \
  X(void, sfpu_dst_open, (SfpuDstView * view), (view))                                                      \
  X(void, sfpu_dst_close, (), ())                                                                           \
  /* the core's SFPU local registers (krt_types.h): state that outlives a call, as LREGs do */              \
  X(uint32_t*, sfpu_lregs, (), ())                                                                          \
  X(void, sfpu_typecast,                                                                                    \
    (uint32_t dst, uint32_t in_format, uint32_t out_format, const char* file, uint32_t line),               \
    (dst, in_format, out_format, file, line))                                                               \
  X(void, fpu_binary,                                                                                       \
    (FpuBinaryOp op, uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t dst, Bcast bcast,  \
     uint32_t bcast_row),                                                                                   \
    (op, cb0, cb1, tile0, tile1, dst, bcast, bcast_row))                                                    \
  X(void, fpu_accumulate, (bool enable), (enable))                                                          \
  X(void, fpu_dest_reuse, (FpuBinaryOp op, uint32_t cb, uint32_t tile, uint32_t dst, uint32_t reuse),       \
    (op, cb, tile, dst, reuse))                                                                             \
  X(void, unary_bcast, (Bcast bcast, uint32_t cb, uint32_t tile, uint32_t dst), (bcast, cb, tile, dst))     \
  X(void, matmul,                                                                                           \
    (uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t dst, uint32_t transpose,           \
     uint32_t ct_dim, uint32_t rt_dim, uint32_t kt_dim),                                                    \
    (cb0, cb1, tile0, tile1, dst, transpose, ct_dim, rt_dim, kt_dim))                                       \
  X(void, reduce,                                                                                           \
    (ReducePool pool, ReduceDim dim, uint32_t cb, uint32_t cb_scaler, uint32_t tile, uint32_t tile_scaler,   \
     uint32_t dst),                                                                                         \
    (pool, dim, cb, cb_scaler, tile, tile_scaler, dst))                                                     \
  X(void, transpose_wh, (uint32_t cb, uint32_t tile, uint32_t dst), (cb, tile, dst))                        \
  X(void, tilize_block, (uint32_t icb, uint32_t block, uint32_t ocb, uint32_t in_index, uint32_t out_index), \
    (icb, block, ocb, in_index, out_index))                                                                 \
  X(void, untilize_block, (uint32_t icb, uint32_t full_ct_dim, uint32_t ocb), (icb, full_ct_dim, ocb))      \
  X(void, pack_untilize_dest,                                                                               \
    (uint32_t ocb, uint32_t block_ct_dim, uint32_t full_ct_dim, uint32_t block_rt_dim, uint32_t block_c_index, \
     uint32_t dst_offset, uint32_t out_row),                                                                \
    (ocb, block_ct_dim, full_ct_dim, block_rt_dim, block_c_index, dst_offset, out_row))                     \
  X(void, matmul_configure, (uint32_t transpose), (transpose))                                              \
  X(uint32_t, matmul_transpose, (), ())                                                                     \
  /* compute: reduce_custom.h's runtime block width, DST-to-DST ops (transpose_wh_dest.h, */              \
  /* sfpu_binary_bcast.h), the fused multiply + scalar reduce (experimental/mul_reduce_scalar.h) */       \
  X(void, reduce_block_configure, (uint32_t ct_dim), (ct_dim))                                             \
  X(uint32_t, reduce_block_ct_dim, (), ())                                                                  \
  X(void, dst_transpose, (uint32_t dst), (dst))                                                             \
  X(void, sfpu_binary_bcast, (SfpuBinaryOp op, Bcast bcast, uint32_t dst_data, uint32_t dst_vec),           \
    (op, bcast, dst_data, dst_vec))                                                                         \
  X(void, mul_reduce_scalar, (uint32_t cb0, uint32_t cb1, uint32_t num_tiles, uint32_t scaler_bits),        \
    (cb0, cb1, num_tiles, scaler_bits))                                                                     \
  /* compute, LLK level (llk_api/): the unpacker loads SrcA/SrcB, math consumes them; pack ReLU */         \
  X(void, llk_unpack_ab_matmul,                                                                             \
    (uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1, uint32_t ct_dim, uint32_t rt_dim,           \
     uint32_t kt_dim),                                                                                      \
    (cb0, cb1, tile0, tile1, ct_dim, rt_dim, kt_dim))                                                       \
  X(void, llk_math_matmul, (uint32_t dst, uint32_t ct_dim, uint32_t rt_dim, uint32_t math_fidelity),        \
    (dst, ct_dim, rt_dim, math_fidelity))                                                                   \
  X(void, pack_relu, (uint32_t mode, uint32_t threshold), (mode, threshold))

// Handed to the kernel object once, before any instance runs.
struct KrtTable {
  uint32_t size;     // sizeof(KrtTable) of the emulator that built it
  uint32_t version;  // kKrtAbiVersion of the emulator that built it
#define ZYXTT_KRT_FIELD(ret, name, params, args) ret(*name) params;
  ZYXTT_KRT_CALLS(ZYXTT_KRT_FIELD)
#undef ZYXTT_KRT_FIELD
};

}  // namespace zyxtt::krt

using zyxtt_krt_table = zyxtt::krt::KrtTable;

extern "C" {

// What a kernel object says about itself (exported data symbol
// `zyxtt_kernel_record`, alone in ELF section ZYXTT_KERNEL_RECORD_SECTION so
// that it can be read from the file without loading it): the ABI it was built
// for, its role and the compute configuration it was compiled with, which the
// emulator applies to the core. Plain constants: the file holds the bytes.
#define ZYXTT_KERNEL_RECORD_SECTION ".zyxtt_kernel_record"
struct zyxtt_kernel_info {
  uint32_t size;          // sizeof(zyxtt_kernel_info) when built
  uint32_t abi_version;   // kKrtAbiVersion when built
  uint32_t role;          // zyxtt::krt::Role
  uint32_t fp32_dest_acc; // compute: DST holds 32-bit values
  uint32_t dst_full_sync; // compute: DST is not split in halves
  uint32_t math_fidelity; // compute: 0 LoFi, 2 HiFi2, 3 HiFi3, 4 HiFi4
  uint32_t math_approx;   // compute: approximation mode
};

// Exported by every kernel object. Bind returns 0, or -1 when the table is
// older than the object needs (smaller, or another version).
typedef int (*zyxtt_kernel_bind_fn)(const zyxtt_krt_table* table);
typedef int (*zyxtt_kernel_entry_fn)();

}  // extern "C"
