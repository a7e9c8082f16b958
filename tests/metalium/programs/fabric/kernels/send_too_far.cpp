// A 1-D unicast `hops` chips along the forward connection's direction.
#include <cstdint>

#include "tt_metal/fabric/hw/inc/edm_fabric/fabric_connection_manager.hpp"
#include "tt_metal/fabric/hw/inc/linear/api.h"
#include "tt_metal/fabric/hw/inc/packet_header_pool.h"

using namespace tt::tt_fabric::linear::experimental;

void kernel_main() {
  size_t i = 0;
  const auto hops = static_cast<uint8_t>(get_arg_val<uint32_t>(i++));
  const uint32_t l1 = get_write_ptr(tt::CBIndex::c_0);
  auto fabric = tt::tt_fabric::FabricConnectionManager::build_from_args<
      tt::tt_fabric::FabricConnectionManager::BUILD_AND_OPEN_CONNECTION>(i);
  volatile PACKET_HEADER_TYPE* header = PacketHeaderPool::allocate_header();
  fabric_unicast_noc_unicast_write(&fabric.get_forward_connection(), header, l1, 64,
                                   tt::tt_fabric::NocUnicastCommandHeader{get_noc_addr(my_x[0], my_y[0], l1)}, hops);
  fabric.close();
}
