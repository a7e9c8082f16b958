// G3 object API: class CircularBuffer. The same header serves data-movement
// and compute (COMPILE_FOR_TRISC) kernels; both map onto krt::cb_*.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "zyxtt/cb_formats.h"
#include "zyxtt/kernel_base.h"

class CircularBuffer {
 public:
  enum class AddrSelector { WRITE_PTR, READ_PTR };

  explicit CircularBuffer(uint32_t cb_id) : cb_id_(cb_id) {}
  uint32_t get_cb_id() const { return cb_id_; }

  void reserve_back(int32_t num_pages, ZYXTT_SITE_PARAMS) { zyxtt::krt::cb_reserve_back(cb_id_, uint32_t(num_pages), ZYXTT_SITE); }
  void push_back(int32_t num_pages, ZYXTT_SITE_PARAMS) { zyxtt::krt::cb_push_back(cb_id_, uint32_t(num_pages), ZYXTT_SITE); }
  void wait_front(int32_t num_pages, ZYXTT_SITE_PARAMS) { zyxtt::krt::cb_wait_front(cb_id_, uint32_t(num_pages), ZYXTT_SITE); }
  void pop_front(int32_t num_pages, ZYXTT_SITE_PARAMS) { zyxtt::krt::cb_pop_front(cb_id_, uint32_t(num_pages), ZYXTT_SITE); }
  bool pages_reservable_at_back(int32_t num_pages) const {
    return zyxtt::krt::cb_pages_reservable_at_back(cb_id_, uint32_t(num_pages));
  }
  bool pages_available_at_front(int32_t num_pages) const {
    return zyxtt::krt::cb_pages_available_at_front(cb_id_, uint32_t(num_pages));
  }

#if defined(COMPILE_FOR_TRISC)
  // TRISCs keep CB addresses in 16-byte units, as on silicon.
  uint32_t get_write_ptr() const { return zyxtt::krt::cb_write_ptr(cb_id_) >> 4; }
  uint32_t get_read_ptr() const { return zyxtt::krt::cb_read_ptr(cb_id_) >> 4; }
  uint32_t get_tile_address(uint32_t tile_index) const {
    return zyxtt::krt::cb_read_ptr(cb_id_) + tile_index * zyxtt::krt::cb_page_bytes(cb_id_);
  }
  uint32_t read_tile_value(uint32_t tile_index, uint32_t element_offset) const {
    return reinterpret_cast<volatile uint32_t*>(uintptr_t(get_tile_address(tile_index)))[element_offset];
  }
#else
  uint32_t get_write_ptr() const { return zyxtt::krt::cb_write_ptr(cb_id_); }
  uint32_t get_read_ptr() const { return zyxtt::krt::cb_read_ptr(cb_id_); }
  uint32_t get_tile_size() const { return zyxtt::krt::cb_page_bytes(cb_id_); }
  uint32_t get_tile_hw() const { return zyxtt::kernel::cb_tile(cb_id_).hw(); }
  DataFormat get_dataformat() const { return static_cast<DataFormat>(zyxtt::krt::cb_data_format(cb_id_)); }
#endif

  struct Lock {};
  [[nodiscard]] Lock scoped_lock() const { return {}; }

 private:
  uint32_t cb_id_;
};

#if !defined(COMPILE_FOR_TRISC)
#include "api/dataflow/noc.h"

// A CB whose read or write pointer serves as endpoint whichever side it is on.
template <CircularBuffer::AddrSelector S>
struct CircularBufferView {
  uint32_t cb_id;
};

template <CircularBuffer::AddrSelector S>
constexpr CircularBufferView<S> use(const CircularBuffer& cb) {
  return CircularBufferView<S>{cb.get_cb_id()};
}

namespace zyxtt::kernel {
struct CbOffsetArgs {
  uint32_t offset_bytes{};
};
struct CbMcastArgs {
  uint32_t noc_x_start{};
  uint32_t noc_y_start{};
  uint32_t noc_x_end{};
  uint32_t noc_y_end{};
  uint32_t offset_bytes{};
};

// Resolves a CB pointer as local L1 or as this core's NOC address.
template <Noc::AddressType A>
FORCE_INLINE uint64_t cb_endpoint(uint32_t l1_addr, const Noc& noc) {
  if constexpr (A == Noc::AddressType::LOCAL_L1) {
    return l1_addr;
  } else {
    return noc::unicast(krt::my_noc_x(noc.get_noc_id()), krt::my_noc_y(noc.get_noc_id()), l1_addr);
  }
}

template <bool SrcReads, bool DstReads>
struct CbTraits {
  using src_args_type = CbOffsetArgs;
  using dst_args_type = CbOffsetArgs;
  using dst_args_mcast_type = CbMcastArgs;

  static FORCE_INLINE uint32_t ptr(uint32_t cb, bool reads) {
    return reads ? krt::cb_read_ptr(cb) : krt::cb_write_ptr(cb);
  }
  template <Noc::AddressType A, typename CB>
  static FORCE_INLINE uint64_t src_addr(const CB& cb, const Noc& noc, const src_args_type& a) {
    return cb_endpoint<A>(krt::cb_window_addr(id_of(cb), SrcReads, a.offset_bytes), noc);
  }
  template <Noc::AddressType A, typename CB>
  static FORCE_INLINE uint64_t dst_addr(const CB& cb, const Noc& noc, const dst_args_type& a) {
    return cb_endpoint<A>(krt::cb_window_addr(id_of(cb), DstReads, a.offset_bytes), noc);
  }
  template <Noc::AddressType A, typename CB>
  static FORCE_INLINE uint64_t dst_addr_mcast(const CB& cb, const Noc& noc, const dst_args_mcast_type& a) {
    static_assert(A == Noc::AddressType::NOC, "a multicast destination is a NOC address");
    return noc::multicast(a.noc_x_start, a.noc_y_start, a.noc_x_end, a.noc_y_end,
                          ptr(id_of(cb), DstReads) + a.offset_bytes);
  }
  static FORCE_INLINE uint32_t id_of(const CircularBuffer& cb) { return cb.get_cb_id(); }
  template <typename B>
    requires requires(const B& b) { b.get_id(); }
  static FORCE_INLINE uint32_t id_of(const B& b) {  // DataflowBuffer
    return b.get_id();
  }
  template <CircularBuffer::AddrSelector S>
  static FORCE_INLINE uint32_t id_of(const CircularBufferView<S>& v) {
    return v.cb_id;
  }
};
}  // namespace zyxtt::kernel

// Plain CB: read pointer as source, write pointer as destination.
template <>
struct noc_traits_t<CircularBuffer> : zyxtt::kernel::CbTraits<true, false> {};
template <CircularBuffer::AddrSelector S>
struct noc_traits_t<CircularBufferView<S>>
    : zyxtt::kernel::CbTraits<S == CircularBuffer::AddrSelector::READ_PTR,
                              S == CircularBuffer::AddrSelector::READ_PTR> {};
#endif
