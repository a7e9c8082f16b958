// Sends num_pages pages of an interleaved DRAM buffer through a socket, one
// page at a time, each staged in the CB's page: by NOC writes into the
// receiver's FIFO on this chip, or by fabric writes to another chip.
// Compile-time args: socket config address, page size, pages, over the
// fabric (0 / 1), then the input's TensorAccessorArgs. Runtime args: the
// input's address, then (over the fabric) the connection's.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "api/socket_api.h"
#include "tt_metal/fabric/hw/inc/packet_header_pool.h"

namespace {

constexpr uint32_t kConfig = get_compile_time_arg_val(0);
constexpr uint32_t kPage = get_compile_time_arg_val(1);
constexpr uint32_t kPages = get_compile_time_arg_val(2);
constexpr bool kOverFabric = get_compile_time_arg_val(3) != 0;

struct Fabric {
  tt::tt_fabric::WorkerToFabricEdmSender connection;
  volatile PACKET_HEADER_TYPE* data_header = nullptr;
  volatile PACKET_HEADER_TYPE* socket_header = nullptr;
};

void write_page(SocketSenderInterface& socket, uint32_t src, Fabric& fabric) {
  for (uint32_t d = 0; d < socket.num_downstreams; ++d) {
    sender_downstream_encoding enc = get_downstream_encoding(socket, d);
    const uint64_t dst = get_noc_addr(enc.d2d.downstream_noc_x, enc.d2d.downstream_noc_y,
                                      socket.downstream_fifo_addr + socket.write_ptr);
    if constexpr (kOverFabric) {
      fabric_set_unicast_route(fabric.data_header, enc);
      fabric.data_header->to_noc_unicast_write(tt::tt_fabric::NocUnicastCommandHeader{dst}, kPage);
      fabric.connection.wait_for_empty_write_slot();
      fabric.connection.send_payload_without_header_non_blocking_from_address(src, kPage);
      fabric.connection.send_payload_flush_blocking_from_address(
          static_cast<uint32_t>(reinterpret_cast<uintptr_t>(fabric.data_header)), sizeof(PACKET_HEADER_TYPE));
    } else {
      noc_async_write(src, dst, kPage);
    }
  }
  noc_async_write_barrier();
}

}  // namespace

void kernel_main() {
  constexpr auto in_args = TensorAccessorArgs<4>();
  size_t arg = 0;
  const auto in = TensorAccessor(in_args, get_arg_val<uint32_t>(arg++), kPage);
  Fabric fabric;
  if constexpr (kOverFabric) {
    fabric.connection = tt::tt_fabric::WorkerToFabricEdmSender::build_from_args<ProgrammableCoreType::TENSIX>(arg);
    fabric.data_header = PacketHeaderPool::allocate_header();
    fabric.socket_header = PacketHeaderPool::allocate_header();
    fabric.connection.open();
  }
  SocketSenderInterface socket = create_sender_socket_interface(kConfig);
  set_sender_socket_page_size(socket, kPage);
  const uint32_t staging = get_write_ptr(tt::CBIndex::c_0);  // the CB is only L1 to stage pages in
  for (uint32_t i = 0; i < kPages; ++i) {
    noc_async_read_page(i, in, staging);
    noc_async_read_barrier();
    socket_reserve_pages(socket, 1);
    write_page(socket, staging, fabric);
    socket_push_pages(socket, 1);
    if constexpr (kOverFabric) {
      fabric_socket_notify_receiver(socket, fabric.connection, fabric.socket_header);
    } else {
      socket_notify_receiver(socket);
    }
  }
  socket_barrier(socket);
  update_socket_config(socket);
  noc_async_write_barrier();  // the last notification's write
  if constexpr (kOverFabric) fabric.connection.close();
}
