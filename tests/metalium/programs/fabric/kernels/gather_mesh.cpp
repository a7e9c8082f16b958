// All-gather over a 2-D mesh: this chip's block goes into its own slot of
// the gathered buffer, then to each other chip by a 2-D unicast that writes
// the slot and increments that chip's flag in one packet; each
// destination has its own connection (towards it) in the runtime args.
#include <cstdint>

#include "tt_metal/fabric/hw/inc/edm_fabric/edm_fabric_worker_adapters.hpp"
#include "tt_metal/fabric/hw/inc/mesh/api.h"
#include "tt_metal/fabric/hw/inc/packet_header_pool.h"

using namespace tt::tt_fabric::mesh::experimental;

void kernel_main() {
  constexpr auto in_args = TensorAccessorArgs<0>();
  constexpr auto out_args = TensorAccessorArgs<in_args.next_compile_time_args_offset()>();
  size_t i = 0;
  const uint32_t in_addr = get_arg_val<uint32_t>(i++);
  const uint32_t out_addr = get_arg_val<uint32_t>(i++);
  const uint32_t me = get_arg_val<uint32_t>(i++);
  const uint32_t chips = get_arg_val<uint32_t>(i++);
  const uint32_t block = get_arg_val<uint32_t>(i++);
  const uint32_t flag = get_arg_val<uint32_t>(i++);  // an L1 buffer's word on this core

  const auto in = TensorAccessor(in_args, in_addr, block);
  const auto out = TensorAccessor(out_args, out_addr, block);
  const uint32_t l1 = get_write_ptr(tt::CBIndex::c_0);
  noc_async_read_page(0, in, l1);
  noc_async_read_barrier();
  noc_async_write_page(me, out, l1);
  noc_async_write_barrier();

  volatile PACKET_HEADER_TYPE* header = PacketHeaderPool::allocate_header();
  const tt::tt_fabric::NocUnicastAtomicIncFusedCommandHeader slot{out.get_noc_addr(me),
                                                                  get_noc_addr(my_x[0], my_y[0], flag), 1};
  for (uint32_t d = 0; d + 1 < chips; ++d) {
    const auto dst_chip = static_cast<uint8_t>(get_arg_val<uint32_t>(i++));
    auto connection = tt::tt_fabric::WorkerToFabricEdmSender::build_from_args<ProgrammableCoreType::TENSIX>(i);
    connection.open();
    fabric_unicast_noc_fused_unicast_with_atomic_inc(&connection, header, dst_chip, 0, l1, block, slot);
    connection.close();
  }
  noc_semaphore_wait(reinterpret_cast<volatile uint32_t*>(flag), chips - 1);
}
