// A 2-D multicast: the block goes out twice, along a spine south that
// branches east, and along a line east; each reached chip keeps it in its
// DRAM slot 0 and counts it on its flag.
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
  const auto south_hops = static_cast<uint8_t>(get_arg_val<uint32_t>(i++));
  const auto east_hops = static_cast<uint8_t>(get_arg_val<uint32_t>(i++));
  auto south = tt::tt_fabric::WorkerToFabricEdmSender::build_from_args<ProgrammableCoreType::TENSIX>(i);
  auto east = tt::tt_fabric::WorkerToFabricEdmSender::build_from_args<ProgrammableCoreType::TENSIX>(i);

  const auto in = TensorAccessor(in_args, a.in_addr, a.block);
  const auto out = TensorAccessor(out_args, a.out_addr, a.block);
  const uint32_t l1 = read_own_block(in);

  volatile PACKET_HEADER_TYPE* headers = PacketHeaderPool::allocate_header(2);
  const tt::tt_fabric::NocUnicastCommandHeader slot{out.get_noc_addr(0)};
  const tt::tt_fabric::NocUnicastAtomicIncCommandHeader arrived{get_noc_addr(my_x[0], my_y[0], a.flag), 1};
  south.open();
  east.open();
  const MeshMcastRange spine{east_hops, 0, 0, south_hops};
  fabric_multicast_noc_unicast_write(&south, &headers[0], 0, 0, spine, l1, a.block, slot);
  fabric_multicast_noc_unicast_atomic_inc(&south, &headers[0], 0, 0, spine, arrived);
  const MeshMcastRange line{east_hops, 0, 0, 0};
  fabric_multicast_noc_unicast_write(&east, &headers[1], 0, 0, line, l1, a.block, slot);
  fabric_multicast_noc_unicast_atomic_inc(&east, &headers[1], 0, 0, line, arrived);
  south.close();
  east.close();
}
