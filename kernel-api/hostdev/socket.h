// The socket records host and kernels share (tt-metal's hostdev/socket.h):
// the config block the host writes into each socket core's L1, and the
// interfaces a kernel keeps while it uses a socket. Field names and order are
// tt-metal's, as the host's writes and kernels' reads must agree on them.
#pragma once

#include <cstdint>

// A sender's downstream when it is the host (device-to-host sockets).
struct d2h_sender_socket_md {
  uint32_t bytes_sent_addr_hi;
  uint32_t data_addr_hi;
  uint32_t pcie_xy_enc;
};

// A sender's downstream on a chip: where the receiver core is.
struct d2d_sender_socket_md {
  uint32_t downstream_mesh_id;
  uint32_t downstream_chip_id;  // on a 1-D fabric: hops to the receiver's chip
  uint32_t downstream_noc_y;
  uint32_t downstream_noc_x;
};

union sender_downstream_encoding {
  d2h_sender_socket_md d2h;
  d2d_sender_socket_md d2d;
} __attribute__((packed));

// A sender core's config block. It is followed by num_downstreams
// bytes_acked words, then num_downstreams encodings, each L1-aligned.
struct sender_socket_md {
  uint32_t bytes_sent = 0;
  uint32_t num_downstreams = 0;
  uint32_t write_ptr = 0;  // offset in the receiver's FIFO
  uint32_t downstream_bytes_sent_addr = 0;
  uint32_t downstream_fifo_addr = 0;
  uint32_t downstream_fifo_total_size = 0;
  uint32_t is_d2h = 0;
};

// An upstream that is the host (host-to-device sockets).
struct h2d_socket_md {
  uint32_t bytes_acked_addr_lo;
  uint32_t bytes_acked_addr_hi;
  uint32_t data_addr_lo;
  uint32_t data_addr_hi;
  uint32_t pcie_xy_enc;
};

// An upstream sender core on a chip, and where its bytes_acked word is.
struct d2d_recv_socket_md {
  uint32_t upstream_mesh_id;
  uint32_t upstream_chip_id;
  uint32_t upstream_noc_y;
  uint32_t upstream_noc_x;
  uint32_t upstream_bytes_acked_addr;
};

// A receiver core's config block.
struct receiver_socket_md {
  uint32_t bytes_sent;  // the sender writes it
  uint32_t read_ptr;    // an L1 (or DRAM) address inside the FIFO
  uint32_t fifo_addr;
  uint32_t fifo_total_size;
  uint32_t bytes_acked;
  uint32_t is_h2d;
  union {
    h2d_socket_md h2d;
    d2d_recv_socket_md d2d;
  } __attribute__((packed));
};

struct H2DSocketInterface {
  uint32_t bytes_acked_addr_lo;
  uint32_t bytes_acked_addr_hi;
  uint32_t data_addr_lo;
  uint32_t data_addr_hi;
  uint32_t pcie_xy_enc;
};

struct D2DSocketRecvInterface {
  uint32_t upstream_mesh_id;
  uint32_t upstream_chip_id;
  uint32_t upstream_noc_y;
  uint32_t upstream_noc_x;
  uint32_t upstream_bytes_acked_addr;
};

struct D2HSocketInterface {
  uint32_t bytes_sent_addr_hi;
  uint32_t data_addr_hi;
  uint32_t pcie_xy_enc;
};

struct D2DSocketSendInterface {
  uint32_t downstream_enc_base_addr;
};

struct SocketSenderInterface {
  uint32_t config_addr;
  uint32_t write_ptr;
  uint32_t bytes_sent;
  uint32_t bytes_acked_base_addr;
  uint32_t page_size;
  uint32_t num_downstreams;
  uint32_t downstream_fifo_total_size;
  uint32_t downstream_fifo_curr_size;
  uint32_t downstream_fifo_addr;
  uint32_t downstream_bytes_sent_addr;
  uint32_t is_d2h;
  union {
    D2HSocketInterface d2h;
    D2DSocketSendInterface d2d;
  } __attribute__((packed));
};

struct SocketReceiverInterface {
  uint32_t config_addr;
  uint32_t read_ptr;
  uint32_t bytes_acked;
  uint32_t bytes_sent_addr;
  uint32_t page_size;
  uint32_t fifo_addr;
  uint32_t fifo_total_size;
  uint32_t fifo_curr_size;
  uint32_t is_h2d;
  union {
    H2DSocketInterface h2d;
    D2DSocketRecvInterface d2d;
  } __attribute__((packed));
};
