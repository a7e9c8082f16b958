// Where a Buffer's pages go on the device, and the legacy page mapping.
#include "metalium/buffer_placement.h"

#include <algorithm>

#include <tt_stl/assert.hpp>

#include "metalium/program_impl.h"

namespace tt::tt_metal::detail {

namespace model = zyxtt::program;

namespace {

uint64_t div_up(uint64_t a, uint64_t b) { return b == 0 ? 0 : (a + b - 1) / b; }

std::vector<CoreCoord> grid_cores(const ShardSpecBuffer& s) {
  return corerange_to_cores(s.grid(), std::nullopt, s.orientation() == ShardOrientation::ROW_MAJOR);
}

// Whether the device's own layout of a ShardSpec (page_map.h) holds exactly
// tt-metal's pages: the buffer's pages are the tensor's, and its shards fit the grid.
bool device_layout_fits(uint64_t pages, const ShardSpecBuffer& s, TensorMemoryLayout layout) {
  const auto [sh, sw] = s.shape_in_pages();
  const uint64_t th = s.tensor2d_shape_in_pages[0], tw = s.tensor2d_shape_in_pages[1];
  if (sh == 0 || sw == 0 || pages != th * tw) return false;
  const uint64_t shards =
      layout == TensorMemoryLayout::HEIGHT_SHARDED ? div_up(th * tw, uint64_t{sh} * sw) : div_up(th, sh) * div_up(tw, sw);
  return shards <= s.grid().num_cores();
}

}  // namespace

model::BufferSpec flat_spec(model::BufferSpec base, const std::vector<CoreCoord>& cores, uint32_t per_core) {
  TT_FATAL(per_core > 0 && !cores.empty(), "A sharded buffer needs pages on at least one core");
  base.size = uint64_t{per_core} * cores.size() * base.page_size;
  base.layout = model::BufferLayout::kHeightSharded;
  model::ShardSpec shard;
  for (const CoreCoord& c : cores) {
    const model::Core core{static_cast<uint32_t>(c.x), static_cast<uint32_t>(c.y)};
    shard.cores.ranges.push_back(model::CoreRange{core, core});
  }
  shard.shard_height = per_core;
  shard.shard_width = 1;
  shard.page_height = 1;
  shard.page_width = 1;
  shard.tensor_height_pages = per_core * static_cast<uint32_t>(cores.size());
  shard.tensor_width_pages = 1;
  base.shard = shard;
  return base;
}

Placement buffer_placement(DeviceAddr size, DeviceAddr page_size, BufferType type, const BufferShardingArgs& sharding) {
  Placement p;
  model::BufferSpec& spec = p.spec;
  spec.size = size;
  TT_FATAL(page_size > 0 && page_size <= 0xffffffffu, "Buffer page size must be between 1 and 2^32-1 bytes, got {}",
           page_size);
  TT_FATAL(size % page_size == 0, "Buffer size {} B must be a multiple of its page size {} B", size, page_size);
  spec.page_size = static_cast<uint32_t>(page_size);
  switch (type) {
    case BufferType::DRAM: spec.memory = model::MemoryKind::kDram; break;
    case BufferType::L1:
    case BufferType::L1_SMALL: spec.memory = model::MemoryKind::kL1; break;
    default: TT_THROW("Buffer type {} is not emulated (DRAM, L1 and L1_SMALL are)", static_cast<int>(type));
  }
  if (const auto& nd = sharding.buffer_distribution_spec()) {
    p.pages_per_core = nd->max_num_dev_pages_per_core();
    spec = flat_spec(spec, nd->cores(), static_cast<uint32_t>(p.pages_per_core));
    return p;
  }
  switch (sharding.buffer_layout()) {
    case TensorMemoryLayout::INTERLEAVED: spec.layout = model::BufferLayout::kInterleaved; return p;
    case TensorMemoryLayout::HEIGHT_SHARDED: spec.layout = model::BufferLayout::kHeightSharded; break;
    case TensorMemoryLayout::WIDTH_SHARDED: spec.layout = model::BufferLayout::kWidthSharded; break;
    case TensorMemoryLayout::BLOCK_SHARDED: spec.layout = model::BufferLayout::kBlockSharded; break;
    default: TT_THROW("Buffer layout ND_SHARDED needs a BufferDistributionSpec");
  }
  TT_FATAL(sharding.shard_spec().has_value(), "A sharded buffer needs a shard spec (ShardSpecBuffer)");
  const ShardSpecBuffer& s = *sharding.shard_spec();
  if (!device_layout_fits(size / page_size, s, sharding.buffer_layout())) {
    p.pages_per_core = s.num_pages();
    spec = flat_spec(spec, grid_cores(s), static_cast<uint32_t>(p.pages_per_core));
    return p;
  }
  model::ShardSpec shard;
  shard.cores = to_model(s.grid());
  shard.shard_height = s.shape()[0];
  shard.shard_width = s.shape()[1];
  shard.row_major = s.orientation() == ShardOrientation::ROW_MAJOR;
  shard.page_height = s.page_shape[0];
  shard.page_width = s.page_shape[1];
  shard.tensor_height_pages = s.tensor2d_shape_in_pages[0];
  shard.tensor_width_pages = s.tensor2d_shape_in_pages[1];
  spec.shard = shard;
  return p;
}

UncompressedBufferPageMapping legacy_page_mapping(const ShardSpecBuffer& spec, TensorMemoryLayout layout) {
  UncompressedBufferPageMapping m;
  m.all_cores = grid_cores(spec);
  const auto [sh, sw] = spec.shape_in_pages();
  const uint32_t per_shard = sh * sw;
  const uint32_t th = spec.tensor2d_shape_in_pages[0], tw = spec.tensor2d_shape_in_pages[1];
  m.core_host_page_indices.assign(m.all_cores.size(), std::vector<uint32_t>(per_shard, UncompressedBufferPageMapping::PADDING));
  if (per_shard == 0) return m;
  if (layout == TensorMemoryLayout::HEIGHT_SHARDED) {
    const uint32_t pages = th * tw;
    for (uint32_t core = 0, page = 0; core < m.all_cores.size() && page < pages; ++core)
      for (uint32_t slot = 0; slot < per_shard && page < pages; ++slot) m.core_host_page_indices[core][slot] = page++;
    return m;
  }
  const uint32_t across = static_cast<uint32_t>(div_up(tw, sw));
  for (uint32_t core = 0; core < m.all_cores.size(); ++core) {
    const uint32_t r0 = core / across * sh, c0 = core % across * sw;
    if (r0 >= th) break;
    for (uint32_t r = r0; r < std::min(r0 + sh, th); ++r)
      for (uint32_t c = c0; c < std::min(c0 + sw, tw); ++c)
        m.core_host_page_indices[core][(r - r0) * sw + (c - c0)] = r * tw + c;
  }
  return m;
}

}  // namespace tt::tt_metal::detail
