// tt-metal's fabric_stream_regs.hpp: the stream registers the fabric keeps
// counters in. A stream's scratch register (its remote-source register,
// plain storage) and its free-words pair (the size and update registers,
// whose side effects zyxtt/noc_regs.h gives), by stream id as a template
// argument or a value. Updates of a linked chip's registers go over
// ethernet, which the emulator does not model (tunneling.h says so).
#pragma once
#pragma GCC system_header  // API header: no warnings about unused parameters in kernel builds

#include <cstdint>

#include "internal/ethernet/tunneling.h"
#include "internal/risc_attribs.h"
#include "noc_overlay_parameters.h"
#include "tt_metal/fabric/hw/inc/edm_fabric/named_types.hpp"

using StreamId = tt::tt_fabric::NamedType<uint32_t, struct StreamIdType>;

FORCE_INLINE uint32_t get_stream_scratch_register_address(uint8_t stream_id) {
  return STREAM_REG_ADDR(stream_id, STREAM_REMOTE_SRC_REG_INDEX);
}
template <uint32_t stream_id>
FORCE_INLINE uint32_t get_stream_scratch_register_address() {
  return get_stream_scratch_register_address(stream_id);
}

FORCE_INLINE uint32_t read_stream_scratch_register(uint8_t stream_id) {
  return NOC_STREAM_READ_REG(stream_id, STREAM_REMOTE_SRC_REG_INDEX);
}
template <uint32_t stream_id>
FORCE_INLINE uint32_t read_stream_scratch_register() {
  return read_stream_scratch_register(stream_id);
}

// Returns the value written, as tt-metal's register store expression does.
FORCE_INLINE uint32_t write_stream_scratch_register(uint8_t stream_id, uint32_t val) {
  NOC_STREAM_WRITE_REG(stream_id, STREAM_REMOTE_SRC_REG_INDEX, val);
  return val;
}
template <uint32_t stream_id>
FORCE_INLINE uint32_t write_stream_scratch_register(uint32_t val) {
  return write_stream_scratch_register(stream_id, val);
}

// The stream's free words.
FORCE_INLINE int32_t get_ptr_val(uint8_t stream_id) {
  return static_cast<int32_t>(NOC_STREAM_READ_REG(stream_id, STREAM_REMOTE_DEST_BUF_SPACE_AVAILABLE_REG_INDEX) &
                              ::zyxtt::noc_regs::kWordsFreeMask);
}
template <uint32_t stream_id>
FORCE_INLINE int32_t get_ptr_val() {
  return get_ptr_val(stream_id);
}

// Adds val (negative: takes away) to the stream's free words.
FORCE_INLINE int32_t pack_value_for_inc_on_write_stream_reg_write(int32_t val) {
  return static_cast<int32_t>(static_cast<uint32_t>(val) << REMOTE_DEST_BUF_WORDS_FREE_INC);
}
FORCE_INLINE void increment_local_update_ptr_val(uint8_t stream_id, int32_t val) {
  NOC_STREAM_WRITE_REG(stream_id, STREAM_REMOTE_DEST_BUF_SPACE_AVAILABLE_UPDATE_REG_INDEX,
                       pack_value_for_inc_on_write_stream_reg_write(val));
}
template <uint32_t stream_id>
FORCE_INLINE void increment_local_update_ptr_val(int32_t val) {
  increment_local_update_ptr_val(stream_id, val);
}

// Sets the stream's free words to val.
FORCE_INLINE void init_ptr_val(uint32_t stream_id, int32_t val) {
  NOC_STREAM_WRITE_REG(stream_id, STREAM_REMOTE_DEST_BUF_SIZE_REG_INDEX, val);
}
template <uint32_t stream_id>
FORCE_INLINE void init_ptr_val(int32_t val) {
  init_ptr_val(stream_id, val);
}

// The registers' addresses, for NOC writes from other cores.
FORCE_INLINE constexpr uint32_t get_stream_reg_read_addr(uint8_t stream_id) {
  return STREAM_REG_ADDR(stream_id, STREAM_REMOTE_DEST_BUF_SPACE_AVAILABLE_REG_INDEX);
}
template <uint32_t stream_id>
FORCE_INLINE constexpr uint32_t get_stream_reg_read_addr() {
  return get_stream_reg_read_addr(stream_id);
}
FORCE_INLINE constexpr uint32_t get_stream_reg_write_addr(uint8_t stream_id) {
  return STREAM_REG_ADDR(stream_id, STREAM_REMOTE_DEST_BUF_SPACE_AVAILABLE_UPDATE_REG_INDEX);
}
template <uint32_t stream_id>
FORCE_INLINE constexpr uint32_t get_stream_reg_write_addr() {
  return get_stream_reg_write_addr(stream_id);
}

// The linked ethernet core's stream: over ethernet, not modelled (the call stops the run).
template <uint32_t txq_id>
FORCE_INLINE void remote_update_ptr_val(uint32_t stream_id, int32_t val) {
  internal_::eth_write_remote_reg_no_txq_check(txq_id, get_stream_reg_write_addr(stream_id),
                                               pack_value_for_inc_on_write_stream_reg_write(val));
}
template <uint32_t stream_id, uint32_t txq_id>
FORCE_INLINE void remote_update_ptr_val(int32_t val) {
  remote_update_ptr_val<txq_id>(stream_id, val);
}
