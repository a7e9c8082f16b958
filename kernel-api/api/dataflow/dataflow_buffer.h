// Metal 2.0's DataflowBuffer (tt-metal's api/dataflow/dataflow_buffer.h): the
// successor of CircularBuffer, same FIFO of fixed-size entries between a
// producer and a consumer core-local kernel. On Wormhole/Blackhole tt-metal
// maps it onto the CB of the same id, and so does the emulator: every call is
// the CB call, checked the same way. Data-movement and compute kernels.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "api/dataflow/circular_buffer.h"
#include "zyxtt/kernel_base.h"

// The id a host hands a kernel for a DataflowBuffer.
struct DFBAccessor {
  explicit constexpr DFBAccessor(uint16_t id) noexcept : id_(id) {}
  constexpr operator uint32_t() const noexcept { return id_; }
  uint16_t resolve_id() const noexcept { return id_; }

 private:
  uint16_t id_;
};

class DataflowBuffer {
 public:
  DataflowBuffer(DFBAccessor accessor) : DataflowBuffer(accessor.resolve_id()) {}
  DataflowBuffer(uint16_t logical_dfb_id) : cb_(logical_dfb_id), id_(logical_dfb_id) {}

  uint16_t get_id() const { return id_; }
  uint32_t get_entry_size() const { return zyxtt::krt::cb_page_bytes(id_); }
  uint32_t get_stride_size() const { return zyxtt::krt::cb_page_bytes(id_); }

  void reserve_back(uint16_t num_entries, ZYXTT_SITE_PARAMS) { cb_.reserve_back(num_entries, ZYXTT_SITE); }
  void push_back(uint16_t num_entries, ZYXTT_SITE_PARAMS) { cb_.push_back(num_entries, ZYXTT_SITE); }
  void wait_front(uint16_t num_entries, ZYXTT_SITE_PARAMS) { cb_.wait_front(num_entries, ZYXTT_SITE); }
  void pop_front(uint16_t num_entries, ZYXTT_SITE_PARAMS) { cb_.pop_front(num_entries, ZYXTT_SITE); }
  // Producer / consumer end-of-use handshake: nothing is pending on a CB.
  void finish() {}

#if defined(COMPILE_FOR_TRISC)
  uint32_t get_tile_address(uint32_t tile_index) const { return cb_.get_tile_address(tile_index); }
  uint32_t read_tile_value(uint32_t tile_index, uint32_t element_offset) const {
    return cb_.read_tile_value(tile_index, element_offset);
  }
#else
  bool pages_reservable_at_back(int32_t num_pages) const { return cb_.pages_reservable_at_back(num_pages); }
  bool pages_available_at_front(int32_t num_pages) const { return cb_.pages_available_at_front(num_pages); }
  uint32_t get_tile_size() const { return uint32_t(::get_tile_size(id_)); }
  uint32_t get_tile_hw() const { return ::get_tile_hw(id_); }
  DataFormat get_dataformat() const { return ::get_dataformat(id_); }
  void write_barrier(const Noc& noc) const { noc.async_write_barrier(); }
#endif
  // Pointers as CircularBuffer gives them (16-byte units on a TRISC).
  uint32_t get_write_ptr() const { return cb_.get_write_ptr(); }
  uint32_t get_read_ptr() const { return cb_.get_read_ptr(); }

  struct Lock {};
  [[nodiscard]] Lock scoped_lock() const { return {}; }

 private:
  CircularBuffer cb_;
  uint16_t id_;
};

#if !defined(COMPILE_FOR_TRISC)
using DataflowBufferArgs = zyxtt::kernel::CbOffsetArgs;
// As a NOC endpoint: the read pointer as source, the write pointer as destination.
template <>
struct noc_traits_t<DataflowBuffer> : zyxtt::kernel::CbTraits<true, false> {};
#endif
