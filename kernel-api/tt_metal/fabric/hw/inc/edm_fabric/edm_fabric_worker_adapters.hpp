// A worker's connection to a fabric router (tt-metal's WorkerToFabricEdmSender):
// built from the runtime arguments append_fabric_connection_rt_args gave,
// opened, then fed packets: payload into the slot after the header's place,
// then the header, whose send commits the packet. The router never runs out
// of slots here (delivery is at once), so the waits for a free slot return.
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstddef>
#include <cstdint>

#include "api/dataflow/dataflow_api.h"
#include "tt_metal/fabric/fabric_edm_packet_header.hpp"

namespace tt::tt_fabric {

enum class EDM_IO_BLOCKING_MODE { FLUSH_BLOCKING, BLOCKING, NON_BLOCKING };

template <bool I_USE_STREAM_REG_FOR_CREDIT_RECEIVE, uint8_t EDM_NUM_BUFFER_SLOTS = 0, uint8_t VC_ID = 0>
struct WorkerToFabricEdmSenderBase {
  WorkerToFabricEdmSenderBase() = default;

  template <ProgrammableCoreType my_core_type = ProgrammableCoreType::TENSIX>
  static WorkerToFabricEdmSenderBase build_from_args(std::size_t& arg_idx) {
    WorkerToFabricEdmSenderBase sender;
    sender.link_ = get_arg_val<uint32_t>(arg_idx++);
    return sender;
  }

  void open_start() { open_ = true; }
  void open_finish() {}
  template <bool posted = false>
  void open() { open_ = true; }
  void close_start() { open_ = false; }
  void close_finish() {}
  void close() { open_ = false; }
  bool is_open() const { return open_; }

  uint32_t get_num_free_write_slots() const { return 1; }
  template <uint8_t num_slots = 1>
  bool edm_has_space_for_packet() const { return true; }
  void wait_for_empty_write_slot() const {}

  void send_payload_without_header_non_blocking_from_address(uint32_t source_address, size_t size_bytes) {
    send(source_address, size_bytes, false);
  }
  void send_payload_flush_blocking_from_address(uint32_t source_address, size_t size_bytes) {
    send(source_address, size_bytes, true);
  }
  void send_payload_flush_non_blocking_from_address(uint32_t source_address, size_t size_bytes) {
    send(source_address, size_bytes, true);
  }
  void send_payload_blocking_from_address(uint32_t source_address, size_t size_bytes) {
    send(source_address, size_bytes, true);
  }
  void send_payload_non_blocking_from_address(uint32_t source_address, size_t size_bytes) {
    send(source_address, size_bytes, true);
  }
  // Pages of a CB that start with the packet's header.
  void send_payload_blocking(uint32_t cb_id, uint32_t num_pages, uint32_t page_size) {
    send(get_read_ptr(cb_id), num_pages * page_size, true);
  }
  void send_current_slot_non_blocking(uint32_t payload_l1_addr, size_t payload_size_bytes, uint32_t header_l1_addr) {
    send(payload_l1_addr, payload_size_bytes, false);
    send(header_l1_addr, sizeof(PacketHeader), true);
  }

 private:
  void send(uint32_t source_address, size_t size_bytes, bool commit) {
    if (!open_) ::zyxtt::krt::fail("fabric connection: a packet was sent before open() (or after close())");
    ::zyxtt::krt::fabric_send(link_, source_address, static_cast<uint32_t>(size_bytes), commit);
  }

  uint32_t link_ = 0;
  bool open_ = false;
};

template <bool I_USE_STREAM_REG_FOR_CREDIT_RECEIVE, uint8_t EDM_NUM_BUFFER_SLOTS = 0>
using WorkerToFabricEdmSenderImpl = WorkerToFabricEdmSenderBase<I_USE_STREAM_REG_FOR_CREDIT_RECEIVE, EDM_NUM_BUFFER_SLOTS, 0>;
using WorkerToFabricEdmSender = WorkerToFabricEdmSenderImpl<false, 0>;

}  // namespace tt::tt_fabric
