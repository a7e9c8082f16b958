// G3 object API: class Noc. Endpoint types plug in through noc_traits_t
// (api/tensor/noc_traits.h, api/dataflow/circular_buffer.h).
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "api/dataflow/dataflow_api.h"

template <typename T>
struct noc_traits_t {
  static_assert(sizeof(T) == 0, "NoC transactions are not supported for this type");
};

enum class NocOptions : uint32_t {
  DEFAULT = 0,
  TXN_ID = 1u << 0,
  POSTED = 1u << 1,
  CUSTOM_VC = 1u << 2,
  MCAST_INCL_SRC = 1u << 3,
  INLINE_L1 = 1u << 4,
  INLINE_REG = 1u << 5,
};
constexpr NocOptions operator|(NocOptions a, NocOptions b) {
  return static_cast<NocOptions>(static_cast<uint32_t>(a) | static_cast<uint32_t>(b));
}
constexpr bool has_flag(NocOptions opts, NocOptions flag) {
  return (static_cast<uint32_t>(opts) & static_cast<uint32_t>(flag)) != 0;
}

struct NocOptVals {
  uint32_t vc = NOC_UNICAST_WRITE_VC;
  uint32_t trid = 0;
};

class Noc {
 public:
  enum class AddressType { NOC, LOCAL_L1 };
  static constexpr uint32_t INVALID_TXN_ID = 0xFFFFFFFF;

  // Non-deduced on purpose: call sites pass brace lists with designated initializers.
  template <typename T>
  using src_args_t = typename noc_traits_t<T>::src_args_type;
  template <typename T>
  using dst_args_t = typename noc_traits_t<T>::dst_args_type;
  template <typename T>
  using dst_args_mcast_t = typename noc_traits_t<T>::dst_args_mcast_type;

  Noc() : noc_id_(noc_index) {}
  explicit Noc(uint8_t noc_id) : noc_id_(noc_id) {}

  uint8_t get_noc_id() const { return noc_id_; }
  bool is_local_bank(uint32_t virtual_x, uint32_t virtual_y) const {
    return virtual_x == my_x[noc_id_] && virtual_y == my_y[noc_id_];
  }
  bool is_local_addr(uint64_t noc_addr) const {
    return is_local_bank(zyxtt::noc::x_of(noc_addr), zyxtt::noc::y_of(noc_addr));
  }

  template <NocOptions opts = NocOptions::DEFAULT, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1,
            bool enable_noc_tracing = true, typename Src, typename Dst>
  FORCE_INLINE void async_read(const Src& src, const Dst& dst, uint32_t size_bytes, const src_args_t<Src>& src_args,
                               const dst_args_t<Dst>& dst_args, const NocOptVals& noc_opts = {}) const {
    zyxtt::krt::noc_read(noc_traits_t<Src>::template src_addr<AddressType::NOC>(src, *this, src_args),
                         uint32_t(noc_traits_t<Dst>::template dst_addr<AddressType::LOCAL_L1>(dst, *this, dst_args)),
                         size_bytes, noc_id_);
  }

  template <NocOptions opts = NocOptions::DEFAULT, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1,
            bool enable_noc_tracing = true, typename Src, typename Dst>
  FORCE_INLINE void async_write(const Src& src, const Dst& dst, uint32_t size_bytes, const src_args_t<Src>& src_args,
                                const dst_args_t<Dst>& dst_args, const NocOptVals& noc_opts = {}) const {
    zyxtt::krt::noc_write(uint32_t(noc_traits_t<Src>::template src_addr<AddressType::LOCAL_L1>(src, *this, src_args)),
                          noc_traits_t<Dst>::template dst_addr<AddressType::NOC>(dst, *this, dst_args), size_bytes,
                          noc_id_, has_flag(opts, NocOptions::POSTED));
  }

  template <NocOptions opts = NocOptions::DEFAULT, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1,
            bool enable_noc_tracing = true, typename Src, typename Dst>
  void async_write_multicast(const Src& src, const Dst& dst, uint32_t size_bytes, uint32_t num_dsts,
                             const src_args_t<Src>& src_args, const dst_args_mcast_t<Dst>& dst_args,
                             bool linked = false) const {
    static_assert(!has_flag(opts, NocOptions::TXN_ID) && !has_flag(opts, NocOptions::POSTED),
                  "async_write_multicast: TXN_ID and POSTED are not allowed");
    zyxtt::krt::noc_write_multicast(
        uint32_t(noc_traits_t<Src>::template src_addr<AddressType::LOCAL_L1>(src, *this, src_args)),
        noc_traits_t<Dst>::template dst_addr_mcast<AddressType::NOC>(dst, *this, dst_args), size_bytes, num_dsts,
        has_flag(opts, NocOptions::MCAST_INCL_SRC), noc_id_);
  }

  // Stateful transfers: the set_*_state call fixes the far endpoint and, in
  // one-packet mode (max_page_size <= NOC_MAX_BURST_SIZE), the size; each
  // *_with_state call then moves one transfer. Endpoints are recomputed from
  // the arguments, which tt-metal requires to name the same NoC location.
  template <NocOptions opts = NocOptions::DEFAULT, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src>
  void set_async_read_state(const Src& src, uint32_t size_bytes, const src_args_t<Src>& src_args,
                            const NocOptVals& noc_opts = {}) const {
    (void)noc_traits_t<Src>::template src_addr<AddressType::NOC>(src, *this, src_args);
    state_read_bytes_ = size_bytes;
  }
  template <NocOptions opts = NocOptions::DEFAULT, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src,
            typename Dst>
  void async_read_with_state(const Src& src, const Dst& dst, uint32_t size_bytes, const src_args_t<Src>& src_args,
                             const dst_args_t<Dst>& dst_args, const NocOptVals& noc_opts = {}) const {
    const uint32_t bytes = max_page_size <= NOC_MAX_BURST_SIZE ? state_read_bytes_ : size_bytes;
    zyxtt::krt::noc_read(noc_traits_t<Src>::template src_addr<AddressType::NOC>(src, *this, src_args),
                         uint32_t(noc_traits_t<Dst>::template dst_addr<AddressType::LOCAL_L1>(dst, *this, dst_args)),
                         bytes, noc_id_);
  }
  template <NocOptions opts = NocOptions::DEFAULT, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Dst>
  void set_async_write_state(const Dst& dst, uint32_t size_bytes, const dst_args_t<Dst>& dst_args,
                             const NocOptVals& noc_opts = {}) const {
    (void)noc_traits_t<Dst>::template dst_addr<AddressType::NOC>(dst, *this, dst_args);
    state_write_bytes_ = size_bytes;
  }
  template <NocOptions opts = NocOptions::DEFAULT, uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, typename Src,
            typename Dst>
  void async_write_with_state(const Src& src, const Dst& dst, uint32_t size_bytes, const src_args_t<Src>& src_args,
                              const dst_args_t<Dst>& dst_args, const NocOptVals& noc_opts = {}) const {
    const uint32_t bytes = max_page_size <= NOC_MAX_BURST_SIZE ? state_write_bytes_ : size_bytes;
    zyxtt::krt::noc_write(uint32_t(noc_traits_t<Src>::template src_addr<AddressType::LOCAL_L1>(src, *this, src_args)),
                          noc_traits_t<Dst>::template dst_addr<AddressType::NOC>(dst, *this, dst_args), bytes, noc_id_,
                          has_flag(opts, NocOptions::POSTED));
  }

  template <NocOptions opts = NocOptions::DEFAULT, typename Dst>
  void inline_dw_write(const Dst& dst, uint32_t val, const dst_args_t<Dst>& dst_args, uint8_t be = 0xF,
                       const NocOptVals& noc_opts = {}) const {
    zyxtt::krt::noc_inline_write(noc_traits_t<Dst>::template dst_addr<AddressType::NOC>(dst, *this, dst_args), val,
                                 be, noc_id_);
  }

  template <NocOptions opts = NocOptions::DEFAULT>
  void async_read_barrier(const NocOptVals& noc_opts = {}) const {
    zyxtt::krt::noc_read_barrier(noc_id_);
  }
  template <NocOptions opts = NocOptions::DEFAULT>
  void async_write_barrier(const NocOptVals& noc_opts = {}) const {
    zyxtt::krt::noc_write_barrier(noc_id_);
  }
  template <NocOptions opts = NocOptions::DEFAULT>
  void async_writes_flushed(const NocOptVals& noc_opts = {}) const {
    zyxtt::krt::noc_writes_flushed(noc_id_);
  }
  void async_atomic_barrier() const { zyxtt::krt::noc_atomic_barrier(noc_id_); }
  void async_full_barrier() const { noc_async_full_barrier(noc_id_); }
  bool is_read_trid_flushed(uint32_t trid) const { return true; }  // reads complete at issue

 private:
  uint8_t noc_id_;
  // The command buffers' programmed sizes (one-packet mode).
  mutable uint32_t state_read_bytes_ = 0;
  mutable uint32_t state_write_bytes_ = 0;
};
