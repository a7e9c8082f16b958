// All-gather over a 2-D mesh: this chip's block goes into its own slot of
// the gathered buffer, then to each other chip by a 2-D unicast that writes
// the slot and increments that chip's flag in one packet; each
// destination has its own connection (towards it) in the runtime args.
#include <cstdint>

#include "fabric_block.hpp"

#include "tt_metal/fabric/hw/inc/edm_fabric/edm_fabric_worker_adapters.hpp"
#include "tt_metal/fabric/hw/inc/mesh/api.h"
#include "tt_metal/fabric/hw/inc/packet_header_pool.h"

using namespace tt::tt_fabric::mesh::experimental;

void kernel_main() {
  constexpr auto in_args = TensorAccessorArgs<0>();
  constexpr auto out_args = TensorAccessorArgs<in_args.next_compile_time_args_offset()>();
  size_t i = 0;
  const BlockArgs a = block_args(i);

  const auto in = TensorAccessor(in_args, a.in_addr, a.block);
  const auto out = TensorAccessor(out_args, a.out_addr, a.block);
  const uint32_t l1 = read_own_block(in);
  noc_async_write_page(a.me, out, l1);
  noc_async_write_barrier();

  volatile PACKET_HEADER_TYPE* header = PacketHeaderPool::allocate_header();
  const tt::tt_fabric::NocUnicastAtomicIncFusedCommandHeader slot{out.get_noc_addr(a.me),
                                                                  get_noc_addr(my_x[0], my_y[0], a.flag), 1};
  for (uint32_t d = 0; d + 1 < a.chips; ++d) {
    const auto dst_chip = static_cast<uint8_t>(get_arg_val<uint32_t>(i++));
    auto connection = tt::tt_fabric::WorkerToFabricEdmSender::build_from_args<ProgrammableCoreType::TENSIX>(i);
    connection.open();
    fabric_unicast_noc_fused_unicast_with_atomic_inc(&connection, header, dst_chip, 0, l1, a.block, slot);
    connection.close();
  }
  noc_semaphore_wait(reinterpret_cast<volatile uint32_t*>(a.flag), a.chips - 1);
}
