// All-gather along a line of chips over the 1-D fabric: this chip's block
// goes into its own slot of the gathered buffer, then by multicast into the
// same slot on every chip east (forward connection) and west (backward), each
// followed by an atomic increment of those chips' flag; the kernel ends
// once every other chip's block has landed here.
#include <cstdint>

#include "fabric_block.hpp"

#include "tt_metal/fabric/hw/inc/edm_fabric/fabric_connection_manager.hpp"
#include "tt_metal/fabric/hw/inc/linear/api.h"
#include "tt_metal/fabric/hw/inc/packet_header_pool.h"

using namespace tt::tt_fabric::linear::experimental;

void kernel_main() {
  constexpr auto in_args = TensorAccessorArgs<0>();
  constexpr auto out_args = TensorAccessorArgs<in_args.next_compile_time_args_offset()>();
  size_t i = 0;
  const BlockArgs a = block_args(i);
  auto fabric = tt::tt_fabric::FabricConnectionManager::build_from_args(i);

  const auto in = TensorAccessor(in_args, a.in_addr, a.block);
  const auto out = TensorAccessor(out_args, a.out_addr, a.block);
  const uint32_t l1 = read_own_block(in);
  noc_async_write_page(a.me, out, l1);
  noc_async_write_barrier();

  fabric.open();
  volatile PACKET_HEADER_TYPE* header = PacketHeaderPool::allocate_header();
  const tt::tt_fabric::NocUnicastCommandHeader slot{out.get_noc_addr(a.me)};
  const tt::tt_fabric::NocUnicastAtomicIncCommandHeader arrived{get_noc_addr(my_x[0], my_y[0], a.flag), 1};
  if (fabric.has_forward_connection()) {
    auto& east = fabric.get_forward_connection();
    const auto range = static_cast<uint8_t>(a.chips - 1 - a.me);
    fabric_multicast_noc_unicast_write(&east, header, l1, a.block, slot, 1, range);
    fabric_multicast_noc_unicast_atomic_inc(&east, header, arrived, 1, range);
  }
  if (fabric.has_backward_connection()) {
    auto& west = fabric.get_backward_connection();
    const auto range = static_cast<uint8_t>(a.me);
    fabric_multicast_noc_unicast_write(&west, header, l1, a.block, slot, 1, range);
    fabric_multicast_noc_unicast_atomic_inc(&west, header, arrived, 1, range);
  }
  fabric.close();
  noc_semaphore_wait(reinterpret_cast<volatile uint32_t*>(a.flag), a.chips - 1);
}
