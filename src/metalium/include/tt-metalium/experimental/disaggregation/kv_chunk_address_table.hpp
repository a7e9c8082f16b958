// tt-metal's KV cache chunk address table: where each (layer, token
// position, slot) chunk of a disaggregated KV cache lives, on which replica
// chips and at which DRAM address, for the layer that migrates chunks.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::experimental::disaggregation {

// Index of a DeviceGroup in a table's side table of groups.
using DeviceGroupIndex = tt::stl::StrongType<uint32_t, struct DeviceGroupIndexTag>;

// The chips holding replicas of a chunk, sorted, so equal sets compare equal.
struct DeviceGroup {
  std::vector<tt::tt_fabric::FabricNodeId> fabric_node_ids;

  bool operator==(const DeviceGroup& other) const { return fabric_node_ids == other.fabric_node_ids; }
};

// One chunk: noc_addr is (DRAM channel << 32) | address in the channel.
struct KvCacheLocation {
  uint64_t noc_addr = 0;
  uint32_t size_bytes = 0;
  DeviceGroupIndex device_group_index{0};
};
static_assert(sizeof(KvCacheLocation) == 16, "four locations to a 64-byte cache line, as in tt-metal");

struct KvChunkAddressTableConfig {
  uint32_t num_layers = 0;
  uint32_t max_sequence_length = 0;  // tokens
  uint32_t num_slots = 0;
  uint32_t chunk_n_tokens = 32;       // tokens per chunk
  uint32_t chunk_size_bytes = 19584;  // bytes per chunk (18 bfp8 tiles of 1088 bytes)
};

// (layer, position, slot) -> KvCacheLocation. Positions are in tokens and
// name the chunk position / chunk_n_tokens. Entries are stored slot-major,
// then layer, then chunk, so that a slot's positions of a layer are
// contiguous (lookup_range returns them as one span).
class KvChunkAddressTable {
 public:
  // Throws if chunk_n_tokens is 0.
  explicit KvChunkAddressTable(const KvChunkAddressTableConfig& config);

  // The group's index; an equal set (in any order) returns the index it had.
  DeviceGroupIndex add_device_group(std::vector<tt::tt_fabric::FabricNodeId> fabric_node_ids);
  // Throws for an index never returned.
  const DeviceGroup& get_device_group(DeviceGroupIndex index) const;
  size_t num_device_groups() const { return device_groups_.size(); }

  // Throws for a layer, position or slot out of range, or a position that is
  // not a multiple of chunk_n_tokens.
  void set(uint32_t layer, uint32_t position, uint32_t slot, KvCacheLocation location);
  void set_fabric_node_host(const tt::tt_fabric::FabricNodeId& node_id, const std::string& host_name);

  // Throws as set does.
  const KvCacheLocation& lookup(uint32_t layer, uint32_t position, uint32_t slot) const;
  // The chunks covering positions [start_pos, end_pos) of (layer, slot), a
  // view of the table: start_pos is chunk-aligned, end_pos rounds up to the
  // end of its chunk and may be max_sequence_length but not past it. Empty if
  // end_pos <= start_pos.
  std::span<const KvCacheLocation> lookup_range(uint32_t layer, uint32_t start_pos, uint32_t end_pos,
                                                uint32_t slot) const;

  // Throws for a node with no host set.
  const std::string& get_host(const tt::tt_fabric::FabricNodeId& node_id) const;
  bool has_host(const tt::tt_fabric::FabricNodeId& node_id) const;

  // The chunk's size_bytes read from the DRAM of its group's first chip,
  // which must be open.
  std::vector<uint8_t> read_device_chunk(uint32_t layer, uint32_t position, uint32_t slot) const;

  const KvChunkAddressTableConfig& config() const { return config_; }
  uint32_t num_position_chunks() const { return num_position_chunks_; }
  size_t total_entries() const { return entries_.size(); }

 private:
  size_t flat_index(uint32_t layer, uint32_t position_chunk, uint32_t slot) const;
  uint32_t to_chunk_index(uint32_t position) const;
  void validate_args(uint32_t layer, uint32_t position, uint32_t slot) const;

  KvChunkAddressTableConfig config_;
  uint32_t num_position_chunks_;
  uint32_t num_layers_x_chunks_;  // one slot's entries
  std::vector<KvCacheLocation> entries_;
  std::vector<DeviceGroup> device_groups_;
  std::unordered_map<tt::tt_fabric::FabricNodeId, std::string> fabric_node_to_host_;
};

}  // namespace tt::tt_metal::experimental::disaggregation
