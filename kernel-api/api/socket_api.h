// tt-metal's socket calls for data-movement kernels (api/socket_api.h): a
// sender pushes pages into a FIFO in the receiver core's L1 and tells the
// receiver how many bytes it has sent; the receiver pops pages and tells
// the sender how many it has acknowledged. The counters only grow; the FIFO
// wraps. Names, signatures and the config records (hostdev/socket.h) are
// tt-metal's; a wait blocks the kernel's fiber on the counter's L1 word
// instead of spinning on it.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "api/alignment.h"
#include "api/debug/assert.h"
#include "hostdev/socket.h"
#include "zyxtt/local_l1.h"
// Compute kernels may wait for and pop pages; notifying a peer takes a NOC.
#ifndef COMPILE_FOR_TRISC
#include "api/dataflow/dataflow_api.h"
#include "fabric/fabric_edm_packet_header.hpp"
#include "tt_metal/fabric/hw/inc/edm_fabric/fabric_connection_manager.hpp"
#include "tt_metal/fabric/hw/inc/fabric_routing_mode.h"
#include "tt_metal/fabric/hw/inc/tt_fabric_api.h"
#endif
#ifndef L1_ALIGNMENT
#define L1_ALIGNMENT 16
#endif

static_assert(offsetof(receiver_socket_md, bytes_sent) % L1_ALIGNMENT == 0);

constexpr uint32_t sender_socket_md_size_bytes = align(sizeof(sender_socket_md), L1_ALIGNMENT);
constexpr uint32_t bytes_acked_size_bytes = align(sizeof(uint32_t), L1_ALIGNMENT);
constexpr uint32_t downstream_encoding_size_bytes = align(sizeof(sender_downstream_encoding), L1_ALIGNMENT);

namespace zyxtt::socket {

// Blocks until `word` has moved at least `distance` bytes past `from`;
// the word never moves more than `reach` past `from` (a FIFO's size).
// Counters wrap at 2^32, as silicon's do: the fiber sleeps until the word
// is at least the target only while no value the word may take lies past
// the wrap (a later write may jump over the target); near the wrap (a
// FIFO's worth every 4 GiB) it polls, giving other kernels turns.
inline void wait_for_count(volatile uint32_t* word, uint32_t from, uint32_t distance, uint32_t reach,
                           const char* call, const char* file, uint32_t line) {
  const uint32_t target = from + distance;
  for (uint32_t now = *word; now - from < distance; now = *word) {
    if (now <= from + reach) {
      krt::wait_l1_word(word, target, true, call, file, line);
    } else {
      krt::yield_turns(1);
    }
  }
}

// Host sockets (PCIe) are not emulated: a config the host marked so stops the run.
inline void require_device_peer(uint32_t is_host, const char* call) {
  if (is_host != 0) krt::fail(call);
}

}  // namespace zyxtt::socket

#ifndef COMPILE_FOR_TRISC
// The route to a socket's peer chip, as the host wrote the peer for the
// fabric's routing mode (ROUTING_MODE, which the build defines while the
// fabric is up): a 2-D fabric's mesh and chip ids, else hops along the
// connection's direction.
template <typename SocketT>
void fabric_set_unicast_route(volatile tt_l1_ptr PACKET_HEADER_TYPE* fabric_header_addr, const SocketT& socket) {
  static_assert(std::is_same_v<SocketT, sender_downstream_encoding> || std::is_same_v<SocketT, SocketReceiverInterface>,
                "fabric_set_unicast_route takes a sender_downstream_encoding or a SocketReceiverInterface");
  uint32_t mesh = 0, chip = 0;
  if constexpr (std::is_same_v<SocketT, sender_downstream_encoding>) {
    mesh = socket.d2d.downstream_mesh_id;
    chip = socket.d2d.downstream_chip_id;
  } else {
    mesh = socket.d2d.upstream_mesh_id;
    chip = socket.d2d.upstream_chip_id;
  }
#if defined(ROUTING_MODE) && (ROUTING_MODE & ROUTING_MODE_2D)
  tt::tt_fabric::fabric_set_unicast_route(fabric_header_addr, static_cast<uint16_t>(chip), static_cast<uint16_t>(mesh));
#else
  (void)mesh;
  fabric_header_addr->to_chip_unicast(static_cast<uint8_t>(chip));
#endif
}
#endif

// ---- sender ------------------------------------------------------------------------------------

inline SocketSenderInterface create_sender_socket_interface(uint32_t config_addr) {
  const volatile sender_socket_md* md = zyxtt::kernel::local_l1<sender_socket_md>(config_addr);
  SocketSenderInterface socket{};
  socket.config_addr = config_addr;
  socket.write_ptr = md->write_ptr;
  socket.bytes_sent = md->bytes_sent;
  socket.bytes_acked_base_addr = config_addr + sender_socket_md_size_bytes;
  socket.num_downstreams = md->num_downstreams;
  socket.downstream_fifo_total_size = md->downstream_fifo_total_size;
  socket.downstream_fifo_addr = md->downstream_fifo_addr;
  socket.downstream_bytes_sent_addr = md->downstream_bytes_sent_addr;
  socket.is_d2h = md->is_d2h;
  zyxtt::socket::require_device_peer(socket.is_d2h,
                                     "create_sender_socket_interface: device-to-host sockets are not emulated");
  socket.d2d.downstream_enc_base_addr = socket.bytes_acked_base_addr + socket.num_downstreams * bytes_acked_size_bytes;
  return socket;
}

inline sender_downstream_encoding get_downstream_encoding(const SocketSenderInterface& socket, uint32_t downstream_id) {
  const volatile d2d_sender_socket_md* enc = zyxtt::kernel::local_l1<d2d_sender_socket_md>(
      socket.d2d.downstream_enc_base_addr + downstream_id * downstream_encoding_size_bytes);
  sender_downstream_encoding out{};
  out.d2d.downstream_mesh_id = enc->downstream_mesh_id;
  out.d2d.downstream_chip_id = enc->downstream_chip_id;
  out.d2d.downstream_noc_y = enc->downstream_noc_y;
  out.d2d.downstream_noc_x = enc->downstream_noc_x;
  return out;
}

// Pages of page_size from here on. A FIFO that is not a whole number of
// pages leaves its tail unused: the write pointer skips it (counted as sent,
// so the receiver skips it too).
inline void set_sender_socket_page_size(SocketSenderInterface& socket, uint32_t page_size) {
  const uint32_t total = socket.downstream_fifo_total_size;
  if (page_size % L1_ALIGNMENT != 0 || page_size == 0 || page_size > total)
    zyxtt::krt::fail(
        "set_sender_socket_page_size: the page size must be a non-zero multiple of L1_ALIGNMENT (16) "
        "no larger than the socket's FIFO");
  const uint32_t usable = total - total % page_size;
  uint32_t next = align(socket.write_ptr, page_size);
  if (next >= usable) {
    socket.bytes_sent += total - next;
    next = 0;
  }
  socket.write_ptr = next;
  socket.page_size = page_size;
  socket.downstream_fifo_curr_size = usable;
}

// Blocks until every downstream FIFO has room for num_pages.
inline void socket_reserve_pages(const SocketSenderInterface& socket, uint32_t num_pages, ZYXTT_SITE_PARAMS) {
  const uint32_t bytes = num_pages * socket.page_size;
  for (uint32_t i = 0; i < socket.num_downstreams; ++i) {
    volatile uint32_t* acked = zyxtt::kernel::local_l1(socket.bytes_acked_base_addr + i * bytes_acked_size_bytes);
    // Room appears once bytes_acked reaches bytes_sent + bytes - fifo size.
    const uint32_t in_flight_limit = socket.downstream_fifo_total_size - bytes;
    const uint32_t from = socket.bytes_sent - socket.downstream_fifo_total_size;
    if (socket.bytes_sent - *acked > in_flight_limit)
      zyxtt::socket::wait_for_count(acked, from, bytes, socket.downstream_fifo_total_size, "socket_reserve_pages",
                                    ZYXTT_SITE);
  }
}

inline void socket_push_pages(SocketSenderInterface& socket, uint32_t num_pages) {
  const uint32_t bytes = num_pages * socket.page_size;
  ASSERT(bytes <= socket.downstream_fifo_curr_size);
  const uint32_t end = socket.write_ptr + bytes;
  if (end >= socket.downstream_fifo_curr_size) {
    // Wrapping also passes over the unused tail.
    socket.write_ptr = end - socket.downstream_fifo_curr_size;
    socket.bytes_sent += bytes + socket.downstream_fifo_total_size - socket.downstream_fifo_curr_size;
  } else {
    socket.write_ptr = end;
    socket.bytes_sent += bytes;
  }
}

#ifndef COMPILE_FOR_TRISC
inline void socket_notify_receiver(const SocketSenderInterface& socket) {
  for (uint32_t i = 0; i < socket.num_downstreams; ++i) {
    const sender_downstream_encoding enc = get_downstream_encoding(socket, i);
    noc_inline_dw_write(
        get_noc_addr(enc.d2d.downstream_noc_x, enc.d2d.downstream_noc_y, socket.downstream_bytes_sent_addr),
        socket.bytes_sent);
  }
}

inline void fabric_socket_notify_receiver(const SocketSenderInterface& socket,
                                          tt::tt_fabric::WorkerToFabricEdmSender& fabric_connection,
                                          volatile tt_l1_ptr PACKET_HEADER_TYPE* fabric_header_addr) {
  for (uint32_t i = 0; i < socket.num_downstreams; ++i) {
    const sender_downstream_encoding enc = get_downstream_encoding(socket, i);
    fabric_set_unicast_route(fabric_header_addr, enc);
    fabric_header_addr->to_noc_unicast_inline_write(tt::tt_fabric::NocUnicastInlineWriteCommandHeader{
        get_noc_addr(enc.d2d.downstream_noc_x, enc.d2d.downstream_noc_y, socket.downstream_bytes_sent_addr),
        socket.bytes_sent});
    fabric_connection.wait_for_empty_write_slot();
    fabric_connection.send_payload_flush_blocking_from_address(
        static_cast<uint32_t>(reinterpret_cast<uintptr_t>(fabric_header_addr)), sizeof(PACKET_HEADER_TYPE));
  }
}
#endif

// Blocks until every downstream has acknowledged everything sent.
inline void socket_barrier(const SocketSenderInterface& socket, ZYXTT_SITE_PARAMS) {
  for (uint32_t i = 0; i < socket.num_downstreams; ++i) {
    volatile uint32_t* acked = zyxtt::kernel::local_l1(socket.bytes_acked_base_addr + i * bytes_acked_size_bytes);
    if (*acked != socket.bytes_sent)
      zyxtt::krt::wait_l1_word(acked, socket.bytes_sent, false, "socket_barrier", ZYXTT_SITE);
  }
}

// Keeps the kernel's counters in the config block for the socket's next user.
inline void update_socket_config(const SocketSenderInterface& socket) {
  volatile sender_socket_md* md = zyxtt::kernel::local_l1<sender_socket_md>(socket.config_addr);
  md->bytes_sent = socket.bytes_sent;
  md->write_ptr = socket.write_ptr;
}

// ---- receiver ----------------------------------------------------------------------------------

inline SocketReceiverInterface create_receiver_socket_interface(uint32_t config_addr) {
  const volatile receiver_socket_md* md = zyxtt::kernel::local_l1<receiver_socket_md>(config_addr);
  SocketReceiverInterface socket{};
  socket.config_addr = config_addr;
  socket.read_ptr = md->read_ptr;
  socket.bytes_acked = md->bytes_acked;
  socket.bytes_sent_addr = config_addr + offsetof(receiver_socket_md, bytes_sent);
  socket.fifo_addr = md->fifo_addr;
  socket.fifo_total_size = md->fifo_total_size;
  socket.is_h2d = md->is_h2d;
  zyxtt::socket::require_device_peer(socket.is_h2d,
                                     "create_receiver_socket_interface: host-to-device sockets are not emulated");
  socket.d2d.upstream_mesh_id = md->d2d.upstream_mesh_id;
  socket.d2d.upstream_chip_id = md->d2d.upstream_chip_id;
  socket.d2d.upstream_noc_y = md->d2d.upstream_noc_y;
  socket.d2d.upstream_noc_x = md->d2d.upstream_noc_x;
  socket.d2d.upstream_bytes_acked_addr = md->d2d.upstream_bytes_acked_addr;
  return socket;
}

// Pages of page_size from here on; a read pointer in the FIFO's unused tail
// waits for the sender's skip over it, then wraps.
inline void set_receiver_socket_page_size(SocketReceiverInterface& socket, uint32_t page_size, ZYXTT_SITE_PARAMS) {
  const uint32_t start = socket.fifo_addr;
  const uint32_t total = socket.fifo_total_size;
  if (page_size == 0 || page_size > total)
    zyxtt::krt::fail(
        "set_receiver_socket_page_size: the page size must be non-zero and no larger than the socket's FIFO");
  const uint32_t usable = total - total % page_size;
  uint32_t next = start + align(socket.read_ptr - start, page_size);
  if (next >= start + usable) {
    const uint32_t skip = start + total - next;
    zyxtt::socket::wait_for_count(zyxtt::kernel::local_l1(socket.bytes_sent_addr), socket.bytes_acked, skip, total,
                                  "set_receiver_socket_page_size", ZYXTT_SITE);
    socket.bytes_acked += skip;
    next = start;
  }
  socket.read_ptr = next;
  socket.page_size = page_size;
  socket.fifo_curr_size = usable;
}

// Blocks until num_pages have arrived; with early_exit_iter_count, looks
// that many times (other kernels get a turn in between) and returns false
// if they have not.
inline bool socket_wait_for_pages(const SocketReceiverInterface& socket, uint32_t num_pages,
                                  uint32_t early_exit_iter_count = 0, ZYXTT_SITE_PARAMS) {
  uint32_t bytes = num_pages * socket.page_size;
  ASSERT(bytes <= socket.fifo_curr_size);
  // Pages that reach the FIFO's end come with the sender's skip of its tail.
  if (socket.read_ptr + bytes >= socket.fifo_curr_size + socket.fifo_addr)
    bytes += socket.fifo_total_size - socket.fifo_curr_size;
  volatile uint32_t* sent = zyxtt::kernel::local_l1(socket.bytes_sent_addr);
  if (early_exit_iter_count != 0) {
    for (uint32_t i = 0; *sent - socket.bytes_acked < bytes; ++i) {
      if (i >= early_exit_iter_count) return false;
      zyxtt::krt::yield_turns(1);
    }
    return true;
  }
  zyxtt::socket::wait_for_count(sent, socket.bytes_acked, bytes, socket.fifo_total_size, "socket_wait_for_pages",
                                ZYXTT_SITE);
  return true;
}

inline void socket_pop_pages(SocketReceiverInterface& socket, uint32_t num_pages) {
  const uint32_t bytes = num_pages * socket.page_size;
  ASSERT(bytes <= socket.fifo_curr_size);
  if (socket.read_ptr + bytes >= socket.fifo_curr_size + socket.fifo_addr) {
    socket.read_ptr = socket.read_ptr + bytes - socket.fifo_curr_size;
    socket.bytes_acked += bytes + socket.fifo_total_size - socket.fifo_curr_size;
  } else {
    socket.read_ptr += bytes;
    socket.bytes_acked += bytes;
  }
}

// Pointing a CB at the socket's FIFO needs the CB's registers, which the
// emulator keeps to itself: such a kernel does not compile here.
template <bool emulated = false>
void assign_local_cb_to_socket(const SocketReceiverInterface&, uint32_t) {
  static_assert(emulated, "assign_local_cb_to_socket is not emulated");
}

#ifndef COMPILE_FOR_TRISC
inline void socket_notify_sender(const SocketReceiverInterface& socket, uint8_t noc = noc_index) {
  noc_inline_dw_write(
      get_noc_addr(socket.d2d.upstream_noc_x, socket.d2d.upstream_noc_y, socket.d2d.upstream_bytes_acked_addr, noc),
      socket.bytes_acked, 0xF, noc);
}

inline void fabric_socket_notify_sender_stateful(const SocketReceiverInterface& socket,
                                                 tt::tt_fabric::WorkerToFabricEdmSender& fabric_connection,
                                                 volatile tt_l1_ptr PACKET_HEADER_TYPE* fabric_header_addr,
                                                 uint64_t upstream_bytes_acked_noc_addr) {
  fabric_header_addr->to_noc_unicast_inline_write(
      tt::tt_fabric::NocUnicastInlineWriteCommandHeader{upstream_bytes_acked_noc_addr, socket.bytes_acked});
  fabric_connection.wait_for_empty_write_slot();
  fabric_connection.send_payload_flush_blocking_from_address(
      static_cast<uint32_t>(reinterpret_cast<uintptr_t>(fabric_header_addr)), sizeof(PACKET_HEADER_TYPE));
}

inline void fabric_socket_notify_sender(const SocketReceiverInterface& socket,
                                        tt::tt_fabric::WorkerToFabricEdmSender& fabric_connection,
                                        volatile tt_l1_ptr PACKET_HEADER_TYPE* fabric_header_addr) {
  fabric_set_unicast_route(fabric_header_addr, socket);
  fabric_socket_notify_sender_stateful(
      socket, fabric_connection, fabric_header_addr,
      get_noc_addr(socket.d2d.upstream_noc_x, socket.d2d.upstream_noc_y, socket.d2d.upstream_bytes_acked_addr));
}
#endif

inline void update_socket_config(const SocketReceiverInterface& socket) {
  volatile receiver_socket_md* md = zyxtt::kernel::local_l1<receiver_socket_md>(socket.config_addr);
  md->bytes_acked = socket.bytes_acked;
  md->read_ptr = socket.read_ptr;
}
