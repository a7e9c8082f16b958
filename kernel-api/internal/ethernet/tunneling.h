// The sync block an ethernet core's dataflow calls keep in its L1, with
// tt-metal's member order (eth_channel_sync_t, erisc_info_t), and the
// packet send everything else is made of.
#pragma once

#include <cstdint>

#include "eth_l1_address_map.h"
#include "zyxtt/kernel_base.h"
#include "zyxtt/krt.h"

struct eth_channel_sync_t {
  // Bytes the sender says it sent; the receiver clears it and sends it back
  // to say its buffer is free again.
  volatile uint32_t bytes_sent;
  // The receiver's first acknowledgement: the sender may reuse its buffer.
  volatile uint32_t receiver_ack;
  volatile uint32_t src_id;
  uint32_t reserved_2;
};

struct erisc_info_t {
  volatile uint32_t launch_user_kernel;
  volatile uint32_t unused_arg0;
  volatile uint32_t unused_arg1;
  volatile uint32_t unused_arg2;
  volatile eth_channel_sync_t channels[eth_l1_mem::address_map::MAX_NUM_CONCURRENT_TRANSACTIONS];
};
static_assert(sizeof(erisc_info_t) == 16 + 16 * eth_l1_mem::address_map::MAX_NUM_CONCURRENT_TRANSACTIONS);

// Each core has its own block, so this is the calling core's, not a global.
#define erisc_info (reinterpret_cast<erisc_info_t*>(static_cast<uintptr_t>(::zyxtt::krt::eth_sync_addr())))

// Polling loops of ethernet kernels call this to let the core's firmware
// route; here the core's other kernels run meanwhile.
FORCE_INLINE void run_routing() { ::zyxtt::krt::yield_turns(1); }

namespace internal_ {

// Hands the ethernet core to its firmware for a while (tt-metal's erisc.h:
// Wormhole's cooperative ERISC, Blackhole's base firmware on ERISC0); polling
// loops call it. Here the core's other kernels run meanwhile, as in run_routing.
FORCE_INLINE void risc_context_switch(bool /*skip_sync*/ = false) { ::zyxtt::krt::yield_turns(1); }
FORCE_INLINE void risc_context_switch_without_noc_sync() { ::zyxtt::krt::yield_turns(1); }

// The send queues are never busy: a send lands at once.
FORCE_INLINE bool eth_txq_is_busy(uint32_t = 0) { return false; }

// num_words 16-byte words from this core's L1 (word address src_word) to the
// linked core's (dst_word).
FORCE_INLINE void eth_send_packet(uint32_t, uint32_t src_word, uint32_t dst_word, uint32_t num_words) {
  ::zyxtt::krt::eth_send(src_word << 4, dst_word << 4, num_words << 4);
}
FORCE_INLINE void eth_send_packet_unsafe(uint32_t q, uint32_t src_word, uint32_t dst_word, uint32_t num_words) {
  eth_send_packet(q, src_word, dst_word, num_words);
}
FORCE_INLINE void eth_send_packet_bytes_unsafe(uint32_t, uint32_t src_addr, uint32_t dst_addr, uint32_t num_bytes) {
  ::zyxtt::krt::eth_send(src_addr, dst_addr, num_bytes);
}
FORCE_INLINE void eth_write_remote_reg(uint32_t, uint32_t reg_addr, uint32_t) {
  (void)reg_addr;
  ::zyxtt::krt::abort_run("eth_write_remote_reg: the emulator has no ethernet registers");
}
FORCE_INLINE void eth_write_remote_reg_no_txq_check(uint32_t q, uint32_t reg_addr, uint32_t val) {
  eth_write_remote_reg(q, reg_addr, val);
}

}  // namespace internal_
