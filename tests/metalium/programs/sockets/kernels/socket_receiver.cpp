// Receives num_pages pages from a socket, one at a time, writing each from
// the FIFO into an interleaved DRAM buffer before acknowledging it: by a
// NOC write to the sender on this chip, or over the fabric.
// Compile-time args: socket config address, page size, pages, over the
// fabric (0 / 1), then the output's TensorAccessorArgs. Runtime args: the
// output's address, then (over the fabric) the connection's.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/socket_api.h"
#include "tt_metal/fabric/hw/inc/packet_header_pool.h"

void kernel_main() {
  constexpr uint32_t config = get_compile_time_arg_val(0);
  constexpr uint32_t page = get_compile_time_arg_val(1);
  constexpr uint32_t pages = get_compile_time_arg_val(2);
  constexpr bool over_fabric = get_compile_time_arg_val(3) != 0;
  constexpr auto out_args = TensorAccessorArgs<4>();
  size_t arg = 0;
  const auto out = TensorAccessor(out_args, get_arg_val<uint32_t>(arg++), page);
  tt::tt_fabric::WorkerToFabricEdmSender connection;
  volatile PACKET_HEADER_TYPE* header = nullptr;
  if constexpr (over_fabric) {
    connection = tt::tt_fabric::WorkerToFabricEdmSender::build_from_args<ProgrammableCoreType::TENSIX>(arg);
    connection.open();
    header = PacketHeaderPool::allocate_header();
  }
  SocketReceiverInterface socket = create_receiver_socket_interface(config);
  set_receiver_socket_page_size(socket, page);
  for (uint32_t i = 0; i < pages; ++i) {
    socket_wait_for_pages(socket, 1);
    noc_async_write(socket.read_ptr, out.get_noc_addr(i), page);
    noc_async_write_barrier();
    socket_pop_pages(socket, 1);
    if constexpr (over_fabric) {
      fabric_socket_notify_sender(socket, connection, header);
    } else {
      socket_notify_sender(socket);
    }
  }
  update_socket_config(socket);
  noc_async_write_barrier();  // the last acknowledgement's write
  if constexpr (over_fabric) connection.close();
}
