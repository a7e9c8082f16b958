// Metal 2.0's Semaphore (tt-metal's api/dataflow/noc_semaphore.h): a counter
// in this core's L1 that local and remote kernels raise, lower, set and wait
// on; each method is the classic noc_semaphore_* call on its address.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"

template <ProgrammableCoreType core_type = ProgrammableCoreType::TENSIX>
class Semaphore {
  template <ProgrammableCoreType>
  friend class Semaphore;

 public:
  explicit Semaphore(uint32_t semaphore_id) : addr_(get_semaphore<core_type>(semaphore_id)) {}

  // Local increment / blocking decrement.
  void up(uint32_t value) { *word() += value; }
  void down(uint32_t value) {
    noc_semaphore_wait_min(word(), value);
    *word() -= value;
  }
  // Atomic increment of the same semaphore on core (noc_x, noc_y).
  void up(const Noc& noc, uint32_t noc_x, uint32_t noc_y, uint32_t value, uint8_t vc = NOC_UNICAST_WRITE_VC) {
    noc_semaphore_inc(::get_noc_addr(noc_x, noc_y, addr_, noc.get_noc_id()), value, noc.get_noc_id(), vc);
  }
  void wait(uint32_t value) { noc_semaphore_wait(word(), value); }
  void wait_min(uint32_t value) { noc_semaphore_wait_min(word(), value); }
  void set(uint32_t value) { noc_semaphore_set(word(), value); }

  // Copies this semaphore's value into `dst_sem` on core (noc_x, noc_y).
  template <ProgrammableCoreType dst_core_type = core_type>
  void relay_unicast(const Noc& noc, const Semaphore<dst_core_type>& dst_sem, uint32_t noc_x, uint32_t noc_y) {
    noc_semaphore_set_remote(addr_, ::get_noc_addr(noc_x, noc_y, dst_sem.addr_, noc.get_noc_id()),
                             noc.get_noc_id());
  }
  // Writes this semaphore's value to the same semaphore on every core of the rectangle.
  template <NocOptions opts = NocOptions::DEFAULT>
  void set_multicast(const Noc& noc, uint32_t noc_x_start, uint32_t noc_y_start, uint32_t noc_x_end,
                     uint32_t noc_y_end, uint32_t num_dests, bool linked = false) {
    relay_multicast<opts>(noc, *this, noc_x_start, noc_y_start, noc_x_end, noc_y_end, num_dests, linked);
  }
  template <NocOptions opts = NocOptions::DEFAULT, ProgrammableCoreType dst_core_type = core_type>
  void relay_multicast(const Noc& noc, const Semaphore<dst_core_type>& dst_sem, uint32_t noc_x_start,
                       uint32_t noc_y_start, uint32_t noc_x_end, uint32_t noc_y_end, uint32_t num_dests,
                       bool linked = false) {
    const uint64_t dst = ::get_noc_multicast_addr(noc_x_start, noc_y_start, noc_x_end, noc_y_end, dst_sem.addr_,
                                                  noc.get_noc_id());
    if constexpr (has_flag(opts, NocOptions::MCAST_INCL_SRC)) {
      noc_semaphore_set_multicast_loopback_src(addr_, dst, num_dests, linked, noc.get_noc_id());
    } else {
      noc_semaphore_set_multicast(addr_, dst, num_dests, linked, noc.get_noc_id());
    }
  }
  // Multicast atomic increment has no emulator entry yet: a kernel using it
  // fails to compile here rather than run with a different meaning.
  template <bool supported = false>
  void inc_multicast(const Noc&, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t) {
    static_assert(supported, "Semaphore::inc_multicast (a multicast atomic increment) is not emulated");
  }

 private:
  volatile uint32_t* word() const { return reinterpret_cast<volatile uint32_t*>(uintptr_t(addr_)); }
  uint32_t addr_;
};
