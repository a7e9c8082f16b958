// The classic data-movement API (reader / writer kernels): arguments, circular
// buffers, NOC transfers, address generators, semaphores. Names and signatures
// follow tt-metal's dataflow_api.h; everything forwards to zyxtt::krt.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstddef>
#include <cstdint>
#include <sys/types.h>  // uint, as the RISC-V toolchain's libc gives kernels
#include <tuple>
#include <type_traits>
#include <utility>  // std::pair and friends, which tt-metal's dataflow_api.h makes visible

#include "zyxtt/kernel_base.h"
#include "zyxtt/noc_addr.h"
#include "zyxtt/cb_formats.h"
#include "zyxtt/format_facts.h"
#include "hostdevcommon/common_values.hpp"
#include "internal/circular_buffer_interface.h"
#include "internal/dataflow/dataflow_api_common.h"
#include "internal/dev_mem_map.h"
#include "internal/risc_attribs.h"
#include "tools/profiler/kernel_profiler.hpp"
#include "api/compile_time_args.h"
#include "api/debug/assert.h"
#include "api/debug/waypoint.h"

// ---- constants (Blackhole) -----------------------------------------------------
#ifndef NUM_NOCS
#define NUM_NOCS 2
#endif
#ifndef NOC_MAX_BURST_SIZE
#define NOC_MAX_BURST_SIZE 16384
#endif
#ifndef DRAM_ALIGNMENT
#define DRAM_ALIGNMENT 64
#endif
#ifndef L1_ALIGNMENT
#define L1_ALIGNMENT 16
#endif
#ifndef NOC_UNICAST_WRITE_VC
#define NOC_UNICAST_WRITE_VC 1
#endif
#ifndef NOC_MULTICAST_WRITE_VC
#define NOC_MULTICAST_WRITE_VC 4
#endif
#ifndef NOC_ADDR_LOCAL_BITS
#define NOC_ADDR_LOCAL_BITS 36
#endif
#ifndef NOC_ADDR_NODE_ID_BITS
#define NOC_ADDR_NODE_ID_BITS 6
#endif
#define DM_DEDICATED_NOC 0
#define DM_DYNAMIC_NOC 1
#ifndef NOC_MODE
#define NOC_MODE DM_DEDICATED_NOC
#endif
#define NOC_XY_ENCODING(x, y) ((((uint32_t)(y)) << NOC_ADDR_NODE_ID_BITS) | ((uint32_t)(x)))
#define NOC_XY_ADDR(x, y, addr) (::zyxtt::noc::unicast((x), (y), (addr)))
#define NOC_MULTICAST_ADDR(xs, ys, xe, ye, addr) (::zyxtt::noc::multicast((xs), (ys), (xe), (ye), (addr)))
#define NOC_UNICAST_ADDR_X(a) (::zyxtt::noc::x_of(a))
#define NOC_UNICAST_ADDR_Y(a) (::zyxtt::noc::y_of(a))

inline constexpr uint8_t noc_mode = NOC_MODE;

// ---- this kernel's NOC and coordinates -------------------------------------------
namespace zyxtt::kernel {
struct NocIndexValue {
  operator uint8_t() const { return krt::default_noc(); }
};
struct MyNocX {
  uint8_t operator[](uint32_t noc) const { return uint8_t(krt::my_noc_x(uint8_t(noc))); }
};
struct MyNocY {
  uint8_t operator[](uint32_t noc) const { return uint8_t(krt::my_noc_y(uint8_t(noc))); }
};
constexpr uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }
inline uint32_t num_banks(bool dram) { return dram ? krt::dram_banks() : krt::l1_banks(); }
FORCE_INLINE uint64_t bank_noc_addr(bool dram, uint32_t bank, uint32_t offset) {
  return dram ? noc::dram(bank, offset) : krt::l1_bank_noc_addr(bank, offset);
}
}  // namespace zyxtt::kernel

// The JIT compiles each kernel for one NOC (-DNOC_INDEX); without it ask the emulator.
#if defined(NOC_INDEX)
inline constexpr uint8_t noc_index = NOC_INDEX;
#else
inline constexpr zyxtt::kernel::NocIndexValue noc_index{};
#endif
inline constexpr zyxtt::kernel::MyNocX my_x{};
inline constexpr zyxtt::kernel::MyNocY my_y{};

inline uint8_t get_absolute_logical_x() { return uint8_t(zyxtt::krt::logical_x()); }
inline uint8_t get_absolute_logical_y() { return uint8_t(zyxtt::krt::logical_y()); }
inline uint8_t get_relative_logical_x() { return uint8_t(zyxtt::krt::logical_x()); }
inline uint8_t get_relative_logical_y() { return uint8_t(zyxtt::krt::logical_y()); }

// ---- runtime arguments -------------------------------------------------------------
template <typename T>
FORCE_INLINE T get_arg_val(int arg_idx) {
  return zyxtt::kernel::arg_from_word<T>(zyxtt::krt::runtime_arg(uint32_t(arg_idx)));
}
template <typename T>
FORCE_INLINE T get_common_arg_val(int arg_idx) {
  return zyxtt::kernel::arg_from_word<T>(zyxtt::krt::common_arg(uint32_t(arg_idx)));
}
FORCE_INLINE uintptr_t get_arg_addr(int arg_idx) {
  return reinterpret_cast<uintptr_t>(zyxtt::krt::runtime_args_base() + arg_idx);
}
FORCE_INLINE uintptr_t get_common_arg_addr(int arg_idx) {
  return reinterpret_cast<uintptr_t>(zyxtt::krt::common_args_base() + arg_idx);
}

// ---- circular buffers ---------------------------------------------------------------
FORCE_INLINE void cb_reserve_back(int32_t operand, int32_t num_pages, ZYXTT_SITE_PARAMS) {
  zyxtt::krt::cb_reserve_back(uint32_t(operand), uint32_t(num_pages), ZYXTT_SITE);
}
FORCE_INLINE void cb_push_back(int32_t operand, int32_t num_pages, ZYXTT_SITE_PARAMS) {
  zyxtt::krt::cb_push_back(uint32_t(operand), uint32_t(num_pages), ZYXTT_SITE);
}
FORCE_INLINE void cb_wait_front(int32_t operand, int32_t num_pages, ZYXTT_SITE_PARAMS) {
  zyxtt::krt::cb_wait_front(uint32_t(operand), uint32_t(num_pages), ZYXTT_SITE);
}
FORCE_INLINE void cb_pop_front(int32_t operand, int32_t num_pages, ZYXTT_SITE_PARAMS) {
  zyxtt::krt::cb_pop_front(uint32_t(operand), uint32_t(num_pages), ZYXTT_SITE);
}
FORCE_INLINE bool cb_pages_reservable_at_back(int32_t operand, int32_t num_pages) {
  return zyxtt::krt::cb_pages_reservable_at_back(uint32_t(operand), uint32_t(num_pages));
}
FORCE_INLINE bool cb_pages_available_at_front(int32_t operand, int32_t num_pages) {
  return zyxtt::krt::cb_pages_available_at_front(uint32_t(operand), uint32_t(num_pages));
}
FORCE_INLINE uint32_t get_write_ptr(uint32_t operand) { return zyxtt::krt::cb_write_ptr(operand); }
FORCE_INLINE uint32_t get_read_ptr(uint32_t operand) { return zyxtt::krt::cb_read_ptr(operand); }
// Constant expressions when the CB formats came with the compile (zyxtt/cb_formats.h).
constexpr int32_t get_tile_size(int32_t operand) {
  const zyxtt::TileGeometry tile = zyxtt::kernel::cb_tile(uint32_t(operand));
  if (std::is_constant_evaluated()) {
    return int32_t(zyxtt::tile_bytes_of(zyxtt::kernel::compile_time_cb_format(uint32_t(operand)), tile));
  }
  const uint32_t bytes = zyxtt::tile_bytes_of(zyxtt::krt::cb_data_format(uint32_t(operand)), tile);
  return int32_t(bytes != 0 ? bytes : zyxtt::krt::cb_page_bytes(uint32_t(operand)));
}
constexpr uint32_t get_tile_hw(int32_t operand) { return zyxtt::kernel::cb_tile(uint32_t(operand)).hw(); }
constexpr uint32_t get_tile_num_faces(int32_t operand) { return zyxtt::kernel::cb_tile(uint32_t(operand)).num_faces(); }
constexpr DataFormat get_dataformat(int32_t operand) {
  return static_cast<DataFormat>(zyxtt::kernel::cb_format(uint32_t(operand)));
}

// ---- NOC addresses --------------------------------------------------------------------
FORCE_INLINE uint64_t get_noc_addr_helper(uint32_t noc_xy, uint32_t addr) {
  return (uint64_t(noc_xy) << NOC_ADDR_LOCAL_BITS) | addr;
}
FORCE_INLINE uint64_t get_noc_addr(uint32_t noc_x, uint32_t noc_y, uint32_t addr, uint8_t noc = noc_index) {
  return zyxtt::noc::unicast(noc_x, noc_y, addr);
}
FORCE_INLINE uint64_t get_noc_addr(uint32_t addr, uint8_t noc = noc_index) {
  return zyxtt::noc::unicast(zyxtt::krt::my_noc_x(noc), zyxtt::krt::my_noc_y(noc), addr);
}
template <typename AddrGen>
  requires requires(const AddrGen& g) { g.get_noc_addr(0u, 0u, uint8_t{0}); }
FORCE_INLINE uint64_t get_noc_addr(uint32_t id, const AddrGen& g, uint32_t offset = 0, uint8_t noc = noc_index) {
  return g.get_noc_addr(id, offset, noc);
}
template <bool DRAM>
FORCE_INLINE uint64_t get_noc_addr_from_bank_id(uint32_t bank_id, uint32_t bank_address_offset,
                                                 uint8_t noc = noc_index) {
  return zyxtt::kernel::bank_noc_addr(DRAM, bank_id, bank_address_offset);
}
inline uint64_t get_dram_noc_addr(uint32_t id, uint32_t page_size, uint32_t bank_base_address, uint32_t offset = 0,
                                  uint8_t noc = noc_index) {
  const uint32_t n = zyxtt::krt::dram_banks();
  return zyxtt::noc::dram(id % n, bank_base_address + (id / n) * zyxtt::kernel::align_up(page_size, DRAM_ALIGNMENT) +
                                      offset);
}
inline uint64_t get_l1_noc_addr(uint32_t id, uint32_t page_size, uint32_t bank_base_address, uint32_t offset = 0,
                                uint8_t noc = noc_index) {
  const uint32_t n = zyxtt::krt::l1_banks();
  return zyxtt::krt::l1_bank_noc_addr(
      id % n, bank_base_address + (id / n) * zyxtt::kernel::align_up(page_size, L1_ALIGNMENT) + offset);
}
FORCE_INLINE uint64_t get_noc_multicast_addr(uint32_t x_start, uint32_t y_start, uint32_t x_end, uint32_t y_end,
                                             uint32_t addr, uint8_t noc = noc_index) {
  return zyxtt::noc::multicast(x_start, y_start, x_end, y_end, addr);
}

// ---- NOC transfers ----------------------------------------------------------------------
template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true>
FORCE_INLINE void noc_async_read(uint64_t src_noc_addr, uint32_t dst_local_l1_addr, uint32_t size,
                                 uint8_t noc = noc_index, uint32_t read_req_vc = NOC_UNICAST_WRITE_VC) {
  zyxtt::krt::noc_read(src_noc_addr, dst_local_l1_addr, size, noc);
}
template <bool enable_noc_tracing = true>
FORCE_INLINE void noc_async_read_one_packet(uint64_t src_noc_addr, uint32_t dst_local_l1_addr, uint32_t size,
                                            uint8_t noc = noc_index, uint32_t read_req_vc = NOC_UNICAST_WRITE_VC) {
  zyxtt::krt::noc_read(src_noc_addr, dst_local_l1_addr, size, noc);
}
template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true, bool posted = false>
FORCE_INLINE void noc_async_write(uint32_t src_local_l1_addr, uint64_t dst_noc_addr, uint32_t size,
                                  uint8_t noc = noc_index, uint32_t vc = NOC_UNICAST_WRITE_VC) {
  zyxtt::krt::noc_write(src_local_l1_addr, dst_noc_addr, size, noc, posted);
}
template <bool enable_noc_tracing = true, bool posted = false>
FORCE_INLINE void noc_async_write_one_packet(uint32_t src_local_l1_addr, uint64_t dst_noc_addr, uint32_t size,
                                             uint8_t noc = noc_index, uint32_t vc = NOC_UNICAST_WRITE_VC) {
  zyxtt::krt::noc_write(src_local_l1_addr, dst_noc_addr, size, noc, posted);
}
template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1>
FORCE_INLINE void noc_async_write_multicast(uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast,
                                            uint32_t size, uint32_t num_dests, bool linked = false,
                                            uint8_t noc = noc_index, uint32_t vc = NOC_MULTICAST_WRITE_VC) {
  zyxtt::krt::noc_write_multicast(src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, false, noc);
}
FORCE_INLINE void noc_async_write_multicast_one_packet(uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast,
                                                       uint32_t size, uint32_t num_dests, bool linked = false,
                                                       uint8_t noc = noc_index) {
  zyxtt::krt::noc_write_multicast(src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, false, noc);
}
FORCE_INLINE void noc_async_write_multicast_loopback_src(uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast,
                                                         uint32_t size, uint32_t num_dests, bool linked = false,
                                                         uint8_t noc = noc_index) {
  zyxtt::krt::noc_write_multicast(src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, true, noc);
}

FORCE_INLINE void noc_async_read_barrier(uint8_t noc = noc_index) { zyxtt::krt::noc_read_barrier(noc); }
FORCE_INLINE void noc_async_write_barrier(uint8_t noc = noc_index) { zyxtt::krt::noc_write_barrier(noc); }
FORCE_INLINE void noc_async_writes_flushed(uint8_t noc = noc_index) { zyxtt::krt::noc_writes_flushed(noc); }
FORCE_INLINE void noc_async_posted_writes_flushed(uint8_t noc = noc_index) { zyxtt::krt::noc_writes_flushed(noc); }
FORCE_INLINE void noc_async_atomic_barrier(uint8_t noc = noc_index) { zyxtt::krt::noc_atomic_barrier(noc); }
FORCE_INLINE void noc_async_full_barrier(uint8_t noc = noc_index) {
  zyxtt::krt::noc_read_barrier(noc);
  zyxtt::krt::noc_write_barrier(noc);
  zyxtt::krt::noc_writes_flushed(noc);
  zyxtt::krt::noc_atomic_barrier(noc);
}
// Transaction ids only narrow what a barrier waits for; copies are done at issue.
FORCE_INLINE void noc_async_read_set_trid(uint32_t trid = 0, uint8_t noc = noc_index) {}
FORCE_INLINE void noc_async_write_set_trid(uint32_t trid = 0, uint8_t noc = noc_index) {}
FORCE_INLINE void noc_async_read_barrier_with_trid(uint32_t trid, uint8_t noc = noc_index) {
  zyxtt::krt::noc_read_barrier(noc);
}
FORCE_INLINE void noc_async_write_barrier_with_trid(uint32_t trid, uint8_t noc = noc_index) {
  zyxtt::krt::noc_write_barrier(noc);
}

template <InlineWriteDst dst_type = InlineWriteDst::DEFAULT, bool posted = false, bool flush = true>
FORCE_INLINE void noc_inline_dw_write(uint64_t addr, uint32_t val, uint8_t be = 0xF, uint8_t noc = noc_index,
                                      uint8_t vc = NOC_UNICAST_WRITE_VC, uint32_t customized_src_addr = 0) {
  zyxtt::krt::noc_inline_write(addr, val, be, noc);
}

// ---- interleaved address generators ---------------------------------------------------------
// Page id lives in bank id % N at base + (id / N) * stride. The trailing
// zyxtt_* members are ours (defaulted, so designated initializers still work).
template <bool DRAM>
struct InterleavedAddrGen {
  uint32_t bank_base_address;
  const uint32_t page_size;
  const uint32_t aligned_page_size = zyxtt::kernel::align_up(page_size, DRAM ? DRAM_ALIGNMENT : L1_ALIGNMENT);
  uint32_t zyxtt_banks = zyxtt::kernel::num_banks(DRAM);

  FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0, uint8_t noc = noc_index) const {
    return zyxtt::kernel::bank_noc_addr(DRAM, id % zyxtt_banks,
                                        bank_base_address + (id / zyxtt_banks) * aligned_page_size + offset);
  }
};

template <bool DRAM>
struct InterleavedPow2AddrGen {
  const uint32_t bank_base_address;
  const uint32_t log_base_2_of_page_size;
  const uint32_t aligned_log_base_2_of_page_size =
      log_base_2_of_page_size > (DRAM ? 6u : 4u) ? log_base_2_of_page_size : (DRAM ? 6u : 4u);
  uint32_t zyxtt_banks = zyxtt::kernel::num_banks(DRAM);

  FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0, uint8_t noc = noc_index) const {
    return zyxtt::kernel::bank_noc_addr(
        DRAM, id % zyxtt_banks, bank_base_address + ((id / zyxtt_banks) << aligned_log_base_2_of_page_size) + offset);
  }
};

namespace zyxtt::kernel {
// InterleavedAddrGenFast strides by the format's tile size, not by page_size.
// The formats tt-metal's generator knows; any other strides as Bfp8 (a quirk kept).
constexpr bool fast_generator_knows(DataFormat f) {
  switch (f) {
    case DataFormat::Float32: case DataFormat::Int32: case DataFormat::UInt32:
    case DataFormat::Float16: case DataFormat::Float16_b: case DataFormat::UInt16: case DataFormat::UInt8:
    case DataFormat::Bfp8: case DataFormat::Bfp8_b: case DataFormat::Bfp4: case DataFormat::Bfp4_b:
    case DataFormat::Bfp2: case DataFormat::Bfp2_b: return true;
    default: return false;
  }
}
constexpr uint32_t fast_tile_stride(DataFormat f, uint32_t tile_hw) {
  if (!fast_generator_knows(f)) return format_facts(static_cast<uint32_t>(DataFormat::Bfp8))->tile_bytes;
  const FormatFacts* x = format_facts(static_cast<uint32_t>(f));
  return x->element_bytes != 0 ? x->element_bytes * tile_hw : x->tile_bytes;
}
}  // namespace zyxtt::kernel

template <bool DRAM, uint32_t tile_hw = 1024>
struct InterleavedAddrGenFast {
  uint32_t bank_base_address;
  uint32_t page_size;
  DataFormat data_format;
  uint32_t zyxtt_banks = zyxtt::kernel::num_banks(DRAM);

  FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0, uint8_t noc = noc_index) const {
    return zyxtt::kernel::bank_noc_addr(
        DRAM, id % zyxtt_banks,
        bank_base_address + (id / zyxtt_banks) * zyxtt::kernel::fast_tile_stride(data_format, tile_hw) + offset);
  }
  FORCE_INLINE void noc_async_read_tile(uint32_t id, uint32_t dst_addr, uint32_t offset = 0,
                                        uint8_t noc = noc_index) const {
    zyxtt::krt::noc_read(get_noc_addr(id, offset, noc), dst_addr, page_size, noc);
  }
  FORCE_INLINE void noc_async_write_tile(uint32_t id, uint32_t src_addr, uint8_t noc = noc_index) const {
    zyxtt::krt::noc_write(src_addr, get_noc_addr(id, 0, noc), page_size, noc, false);
  }
};

template <bool DRAM>
struct InterleavedPow2AddrGenFast {
  uint32_t bank_base_address;
  const uint32_t log_base_2_of_page_size;
  uint32_t zyxtt_banks = zyxtt::kernel::num_banks(DRAM);

  FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0, uint8_t noc = noc_index) const {
    const uint32_t lg = log_base_2_of_page_size > (DRAM ? 6u : 4u) ? log_base_2_of_page_size : (DRAM ? 6u : 4u);
    return zyxtt::kernel::bank_noc_addr(DRAM, id % zyxtt_banks,
                                        bank_base_address + ((id / zyxtt_banks) << lg) + offset);
  }
  FORCE_INLINE void noc_async_read_page(uint32_t id, uint32_t dst_addr, uint32_t offset = 0,
                                        uint8_t noc = noc_index) const {
    zyxtt::krt::noc_read(get_noc_addr(id, offset, noc), dst_addr, 1u << log_base_2_of_page_size, noc);
  }
};

template <bool DRAM, bool is_size_pow2>
FORCE_INLINE auto get_interleaved_addr_gen(uint32_t base_addr, uint32_t size, uint32_t log2_size) {
  if constexpr (is_size_pow2) {
    return InterleavedPow2AddrGen<DRAM>{.bank_base_address = base_addr, .log_base_2_of_page_size = log2_size};
  } else {
    return InterleavedAddrGen<DRAM>{.bank_base_address = base_addr, .page_size = size};
  }
}
template <bool DRAM, uint32_t page_size>
FORCE_INLINE auto get_interleaved_addr_gen(uint32_t base_addr) {
  return InterleavedAddrGen<DRAM>{.bank_base_address = base_addr, .page_size = page_size};
}

// ---- page / tile transfers through an address generator -----------------------------------
namespace zyxtt::kernel {
template <typename G>
FORCE_INLINE uint32_t page_bytes(const G& g) {
  if constexpr (requires { g.get_aligned_page_size(); }) {
    return g.get_aligned_page_size();
  } else if constexpr (requires { g.page_size; }) {
    return g.page_size;
  } else {
    return 1u << g.log_base_2_of_page_size;
  }
}
}  // namespace zyxtt::kernel

template <typename AddrGen, bool enable_noc_tracing = true>
FORCE_INLINE void noc_async_read_page(uint32_t id, const AddrGen& g, uint32_t dst_local_l1_addr, uint32_t offset = 0,
                                      uint8_t noc = noc_index) {
  zyxtt::krt::noc_read(g.get_noc_addr(id, offset, noc), dst_local_l1_addr, zyxtt::kernel::page_bytes(g), noc);
}
template <typename AddrGen, bool enable_noc_tracing = true, bool posted = false>
FORCE_INLINE void noc_async_write_page(uint32_t id, const AddrGen& g, uint32_t src_local_l1_addr, uint32_t size = 0,
                                       uint32_t offset = 0, uint8_t noc = noc_index) {
  zyxtt::krt::noc_write(src_local_l1_addr, g.get_noc_addr(id, offset, noc),
                        size ? size : zyxtt::kernel::page_bytes(g), noc, posted);
}
template <typename AddrGen>
FORCE_INLINE void noc_async_read_tile(uint32_t id, const AddrGen& g, uint32_t dst_local_l1_addr, uint32_t offset = 0,
                                      uint8_t noc = noc_index) {
  zyxtt::krt::noc_read(g.get_noc_addr(id, offset, noc), dst_local_l1_addr, zyxtt::kernel::page_bytes(g), noc);
}
template <typename AddrGen>
FORCE_INLINE void noc_async_write_tile(uint32_t id, const AddrGen& g, uint32_t src_local_l1_addr,
                                       uint8_t noc = noc_index) {
  zyxtt::krt::noc_write(src_local_l1_addr, g.get_noc_addr(id, 0, noc), zyxtt::kernel::page_bytes(g), noc, false);
}

// ---- semaphores -----------------------------------------------------------------------------
enum class ProgrammableCoreType : uint8_t { TENSIX = 0, ACTIVE_ETH = 1, IDLE_ETH = 2 };

template <ProgrammableCoreType type = ProgrammableCoreType::TENSIX>
FORCE_INLINE uint32_t get_semaphore(uint32_t semaphore_id) {
  return zyxtt::krt::semaphore_addr(semaphore_id);
}
FORCE_INLINE void noc_semaphore_set(volatile uint32_t* sem_addr, uint32_t val) { *sem_addr = val; }
FORCE_INLINE void noc_semaphore_wait(volatile uint32_t* sem_addr, uint32_t val, ZYXTT_SITE_PARAMS) {
  if (*sem_addr != val) zyxtt::krt::wait_l1_word(sem_addr, val, false, "noc_semaphore_wait", ZYXTT_SITE);
}
FORCE_INLINE void noc_semaphore_wait_min(volatile uint32_t* sem_addr, uint32_t val, ZYXTT_SITE_PARAMS) {
  if (*sem_addr < val) zyxtt::krt::wait_l1_word(sem_addr, val, true, "noc_semaphore_wait_min", ZYXTT_SITE);
}
FORCE_INLINE void noc_semaphore_set_remote(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                                           uint8_t noc = noc_index) {
  zyxtt::krt::noc_write(src_local_l1_addr, dst_noc_addr, 4, noc, false);
}
FORCE_INLINE void noc_semaphore_set_multicast(uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast,
                                              uint32_t num_dests, bool linked = false, uint8_t noc = noc_index) {
  zyxtt::krt::noc_write_multicast(src_local_l1_addr, dst_noc_addr_multicast, 4, num_dests, false, noc);
}
FORCE_INLINE void noc_semaphore_set_multicast_loopback_src(uint32_t src_local_l1_addr,
                                                           uint64_t dst_noc_addr_multicast, uint32_t num_dests,
                                                           bool linked = false, uint8_t noc = noc_index) {
  zyxtt::krt::noc_write_multicast(src_local_l1_addr, dst_noc_addr_multicast, 4, num_dests, true, noc);
}
template <bool posted = false>
FORCE_INLINE void noc_semaphore_inc(uint64_t addr, uint32_t incr, uint8_t noc_id = noc_index,
                                    uint8_t vc = NOC_UNICAST_WRITE_VC) {
  zyxtt::krt::noc_atomic_inc(addr, incr, noc_id);
}

#include "api/tensor/tensor_accessor.h"
#include "api/debug/dprint.h"  // DPRINT without an include, as tt-metal's sanitizer header brings it
