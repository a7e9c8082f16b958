// Sends a tile over this ethernet core's link: the first chip of the ring
// reads it from DRAM, the others wait until their receiving core handed it
// over (semaphore 0). It waits for the receiver's done by the call, or, off
// the first chip, by polling the sync block as tt-metal's kernels do.
#include <cstdint>

void kernel_main() {
  const uint32_t bytes = get_arg_val<uint32_t>(0);
  const uint32_t l1 = get_arg_val<uint32_t>(1);
  const uint32_t origin = get_arg_val<uint32_t>(2);
  const uint32_t src_addr = get_arg_val<uint32_t>(3);
  if (origin != 0) {
    constexpr auto src_args = TensorAccessorArgs<0>();
    const auto src = TensorAccessor(src_args, src_addr, bytes);
    noc_async_read(src.get_noc_addr(0), l1, bytes);
    noc_async_read_barrier();
  } else {
    noc_semaphore_wait(reinterpret_cast<volatile uint32_t*>(get_semaphore(0)), 1);
  }
  eth_send_bytes(l1, l1, bytes);
  if (origin != 0) {
    eth_wait_for_receiver_done();
  } else {
    // As tt-metal's ring-gather kernels wait: signal the payload, then poll
    // the sync block, handing the core to its firmware between reads.
    eth_send_payload_complete_signal_over_channel(0, bytes);
    while (erisc_info->channels[0].bytes_sent != 0) {
      invalidate_l1_cache();
      internal_::risc_context_switch();
    }
  }
}
