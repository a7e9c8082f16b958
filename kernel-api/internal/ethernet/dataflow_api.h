// The ethernet dataflow calls of tt-metal's active ethernet kernels: sends
// into the linked chip's core, and the handshakes over erisc_info's
// channels. Waits block the kernel (never spin), so a kernel waiting for
// another chip costs nothing and a handshake nobody answers is reported.
#pragma once

#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "internal/ethernet/tunneling.h"

namespace zyxtt::eth {

// The address of a word of this core's L1, as the sender's and the receiver's
// copies of it share it.
inline uint32_t word_addr(volatile const uint32_t* word) {
  return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(word));
}
// Sends this core's copy of `word` into the linked core's.
inline void send_word(volatile uint32_t* word) { ::zyxtt::krt::eth_send(word_addr(word), word_addr(word), 16); }
inline void wait_equal(volatile uint32_t* word, uint32_t value, const char* call) {
  if (*word != value) ::zyxtt::krt::wait_l1_word(word, value, false, call);
}

}  // namespace zyxtt::eth

FORCE_INLINE bool eth_txq_is_busy() { return internal_::eth_txq_is_busy(0); }
FORCE_INLINE void wait_for_eth_txq_cmd_space(uint32_t = 0) {}

FORCE_INLINE void eth_noc_semaphore_wait(volatile uint32_t* sem_addr, uint32_t val, uint32_t = 0) {
  noc_semaphore_wait(sem_addr, val);
}
FORCE_INLINE void eth_noc_semaphore_wait_min(volatile uint32_t* sem_addr, uint32_t val, uint32_t = 0) {
  noc_semaphore_wait_min(sem_addr, val);
}
FORCE_INLINE void eth_noc_async_read_barrier() { noc_async_read_barrier(); }
FORCE_INLINE void eth_noc_async_write_barrier() { noc_async_write_barrier(); }

// Payload only: the chunking arguments change nothing here (a send lands whole).
FORCE_INLINE void eth_send_bytes_over_channel_payload_only(uint32_t src_addr, uint32_t dst_addr, uint32_t num_bytes,
                                                           uint32_t = 16, uint32_t = 1) {
  ::zyxtt::krt::eth_send(src_addr, dst_addr, num_bytes);
}
FORCE_INLINE void eth_send_bytes_over_channel_payload_only_unsafe(uint32_t src_addr, uint32_t dst_addr,
                                                                  uint32_t num_bytes, uint32_t = 16, uint32_t = 1) {
  ::zyxtt::krt::eth_send(src_addr, dst_addr, num_bytes);
}
FORCE_INLINE void eth_send_bytes_over_channel_payload_only_unsafe_one_packet(uint32_t src_addr, uint32_t dst_addr,
                                                                             uint32_t num_bytes) {
  ::zyxtt::krt::eth_send(src_addr, dst_addr, num_bytes);
}

// Channel 0's payload, counted in its bytes_sent (sent on by eth_wait_for_receiver_done).
FORCE_INLINE void eth_send_bytes(uint32_t src_addr, uint32_t dst_addr, uint32_t num_bytes, uint32_t = 16,
                                 uint32_t = 1) {
  ::zyxtt::krt::eth_send(src_addr, dst_addr, num_bytes);
  erisc_info->channels[0].bytes_sent += num_bytes;
}

FORCE_INLINE void eth_send_payload_complete_signal_over_channel(uint32_t channel, uint32_t num_bytes) {
  erisc_info->channels[channel].bytes_sent = num_bytes;
  erisc_info->channels[channel].receiver_ack = 0;
  zyxtt::eth::send_word(&erisc_info->channels[channel].bytes_sent);
}

FORCE_INLINE void eth_send_bytes_over_channel(uint32_t src_addr, uint32_t dst_addr, uint32_t num_bytes,
                                              uint32_t channel, uint32_t = 16, uint32_t = 1) {
  ::zyxtt::krt::eth_send(src_addr, dst_addr, num_bytes);
  eth_send_payload_complete_signal_over_channel(channel, num_bytes);
}

// Tells the receiver how much channel 0 carried, then waits for it to clear the count.
FORCE_INLINE void eth_wait_for_receiver_done(uint32_t = 0) {
  zyxtt::eth::send_word(&erisc_info->channels[0].bytes_sent);
  zyxtt::eth::wait_equal(&erisc_info->channels[0].bytes_sent, 0, "eth_wait_for_receiver_done");
}
FORCE_INLINE void eth_wait_receiver_done(uint32_t = 0) {
  zyxtt::eth::wait_equal(&erisc_info->channels[0].bytes_sent, 0, "eth_wait_receiver_done");
}

FORCE_INLINE bool eth_is_receiver_channel_send_acked(uint32_t channel) {
  return erisc_info->channels[channel].receiver_ack != 0;
}
FORCE_INLINE bool eth_is_receiver_channel_send_done(uint32_t channel) {
  return erisc_info->channels[channel].bytes_sent == 0;
}
FORCE_INLINE void eth_wait_for_receiver_channel_done(uint32_t channel) {
  zyxtt::eth::wait_equal(&erisc_info->channels[channel].bytes_sent, 0, "eth_wait_for_receiver_channel_done");
}

FORCE_INLINE void eth_wait_for_bytes(uint32_t num_bytes, uint32_t = 0) {
  zyxtt::eth::wait_equal(&erisc_info->channels[0].bytes_sent, num_bytes, "eth_wait_for_bytes");
}
FORCE_INLINE bool eth_bytes_are_available_on_channel(uint8_t channel) {
  return erisc_info->channels[channel].bytes_sent != 0;
}
FORCE_INLINE void eth_wait_for_bytes_on_channel_sync_addr(uint32_t num_bytes, volatile eth_channel_sync_t* sync,
                                                          uint32_t = 0) {
  zyxtt::eth::wait_equal(&sync->bytes_sent, num_bytes, "eth_wait_for_bytes_on_channel");
}
FORCE_INLINE void eth_wait_for_bytes_on_channel(uint32_t num_bytes, uint8_t channel, uint32_t = 0) {
  eth_wait_for_bytes_on_channel_sync_addr(num_bytes, &erisc_info->channels[channel]);
}

// Clears channel 0's count here and there: the sender may send again.
FORCE_INLINE void eth_receiver_done() {
  erisc_info->channels[0].bytes_sent = 0;
  zyxtt::eth::send_word(&erisc_info->channels[0].bytes_sent);
}
FORCE_INLINE void send_eth_receiver_channel_done(volatile eth_channel_sync_t* sync) {
  sync->bytes_sent = 0;
  sync->receiver_ack = 0;
  zyxtt::eth::send_word(&sync->bytes_sent);
}
FORCE_INLINE void eth_receiver_channel_done(uint32_t channel) {
  send_eth_receiver_channel_done(&erisc_info->channels[channel]);
}
FORCE_INLINE void eth_clear_sender_channel_ack(uint32_t channel) { erisc_info->channels[channel].receiver_ack = 0; }

// The first acknowledgement: `ack_word_addr` holds {1, 1, ...} ready to send
// into the sender's receiver_ack.
FORCE_INLINE void eth_receiver_channel_ack(uint32_t channel, uint32_t ack_word_addr) {
  erisc_info->channels[channel].receiver_ack = 1;
  reinterpret_cast<volatile uint32_t*>(static_cast<uintptr_t>(ack_word_addr))[1] = 1;
  ::zyxtt::krt::eth_send(ack_word_addr,
                         zyxtt::eth::word_addr(&erisc_info->channels[channel].receiver_ack) & ~15u, 16);
}
