// The KV chunk address table: a flat vector of locations, slot-major, and a
// small side table of replica groups searched linearly (a handful of groups).
#include <tt-metalium/experimental/disaggregation/kv_chunk_address_table.hpp>

#include <algorithm>
#include <utility>

#include <tt-metalium/experimental/fabric/control_plane.hpp>
#include <tt-metalium/tt_metal.hpp>
#include <tt_metal/impl/context/metal_context.hpp>
#include <tt_stl/assert.hpp>
#include <tt_stl/fmt.hpp>

namespace tt::tt_metal::experimental::disaggregation {

KvChunkAddressTable::KvChunkAddressTable(const KvChunkAddressTableConfig& config) : config_(config) {
  TT_FATAL(config.chunk_n_tokens > 0, "chunk_n_tokens must be > 0");
  num_position_chunks_ = (config.max_sequence_length + config.chunk_n_tokens - 1) / config.chunk_n_tokens;
  num_layers_x_chunks_ = config.num_layers * num_position_chunks_;
  entries_.resize(static_cast<size_t>(config.num_slots) * num_layers_x_chunks_);
}

size_t KvChunkAddressTable::flat_index(uint32_t layer, uint32_t position_chunk, uint32_t slot) const {
  return static_cast<size_t>(slot) * num_layers_x_chunks_ + static_cast<size_t>(layer) * num_position_chunks_ +
         position_chunk;
}

uint32_t KvChunkAddressTable::to_chunk_index(uint32_t position) const { return position / config_.chunk_n_tokens; }

void KvChunkAddressTable::validate_args(uint32_t layer, uint32_t position, uint32_t slot) const {
  TT_FATAL(layer < config_.num_layers, "layer {} >= num_layers {}", layer, config_.num_layers);
  TT_FATAL(position < config_.max_sequence_length, "position {} >= max_sequence_length {}", position,
           config_.max_sequence_length);
  TT_FATAL(slot < config_.num_slots, "slot {} >= num_slots {}", slot, config_.num_slots);
  TT_FATAL(position % config_.chunk_n_tokens == 0, "position {} is not a multiple of chunk_n_tokens {}", position,
           config_.chunk_n_tokens);
}

DeviceGroupIndex KvChunkAddressTable::add_device_group(std::vector<tt::tt_fabric::FabricNodeId> fabric_node_ids) {
  std::sort(fabric_node_ids.begin(), fabric_node_ids.end());
  const auto known = std::find_if(device_groups_.begin(), device_groups_.end(),
                                  [&](const DeviceGroup& g) { return g.fabric_node_ids == fabric_node_ids; });
  if (known != device_groups_.end()) return DeviceGroupIndex{static_cast<uint32_t>(known - device_groups_.begin())};
  device_groups_.push_back(DeviceGroup{std::move(fabric_node_ids)});
  return DeviceGroupIndex{static_cast<uint32_t>(device_groups_.size() - 1)};
}

const DeviceGroup& KvChunkAddressTable::get_device_group(DeviceGroupIndex index) const {
  TT_FATAL(*index < device_groups_.size(), "device_group_index {} >= num_device_groups {}", *index,
           device_groups_.size());
  return device_groups_[*index];
}

void KvChunkAddressTable::set(uint32_t layer, uint32_t position, uint32_t slot, KvCacheLocation location) {
  validate_args(layer, position, slot);
  entries_[flat_index(layer, to_chunk_index(position), slot)] = location;
}

void KvChunkAddressTable::set_fabric_node_host(const tt::tt_fabric::FabricNodeId& node_id,
                                               const std::string& host_name) {
  fabric_node_to_host_[node_id] = host_name;
}

const KvCacheLocation& KvChunkAddressTable::lookup(uint32_t layer, uint32_t position, uint32_t slot) const {
  validate_args(layer, position, slot);
  return entries_[flat_index(layer, to_chunk_index(position), slot)];
}

std::span<const KvCacheLocation> KvChunkAddressTable::lookup_range(uint32_t layer, uint32_t start_pos,
                                                                   uint32_t end_pos, uint32_t slot) const {
  validate_args(layer, start_pos, slot);
  TT_FATAL(end_pos <= config_.max_sequence_length, "end_pos {} > max_sequence_length {}", end_pos,
           config_.max_sequence_length);
  if (end_pos <= start_pos) return {};
  const uint32_t first = to_chunk_index(start_pos);
  const uint32_t past_last = to_chunk_index(end_pos + config_.chunk_n_tokens - 1);
  return {entries_.data() + flat_index(layer, first, slot), past_last - first};
}

const std::string& KvChunkAddressTable::get_host(const tt::tt_fabric::FabricNodeId& node_id) const {
  const auto it = fabric_node_to_host_.find(node_id);
  TT_FATAL(it != fabric_node_to_host_.end(), "FabricNodeId {} has no host", fmt::streamed(node_id));
  return it->second;
}

bool KvChunkAddressTable::has_host(const tt::tt_fabric::FabricNodeId& node_id) const {
  return fabric_node_to_host_.contains(node_id);
}

std::vector<uint8_t> KvChunkAddressTable::read_device_chunk(uint32_t layer, uint32_t position, uint32_t slot) const {
  const KvCacheLocation& loc = lookup(layer, position, slot);
  const DeviceGroup& group = get_device_group(loc.device_group_index);
  TT_FATAL(!group.fabric_node_ids.empty(), "DeviceGroup for (layer={}, pos={}, slot={}) is empty", layer, position,
           slot);
  const tt::tt_fabric::FabricNodeId& primary = group.fabric_node_ids.front();
  const ChipId chip = MetalContext::instance().get_control_plane().get_physical_chip_id_from_fabric_node_id(primary);
  IDevice* device = tt_metal::detail::GetActiveDevice(chip);
  TT_FATAL(device != nullptr, "Chip {} ({}) is not open", chip, fmt::streamed(primary));
  std::vector<uint8_t> bytes(loc.size_bytes);
  tt_metal::detail::ReadFromDeviceDRAMChannel(device, static_cast<int>(loc.noc_addr >> 32),
                                              static_cast<uint32_t>(loc.noc_addr & 0xFFFFFFFFu), bytes);
  return bytes;
}

}  // namespace tt::tt_metal::experimental::disaggregation
