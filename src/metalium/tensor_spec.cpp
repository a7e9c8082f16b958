// tt-metal's tensor library, its plain parts: element types, MemoryConfig,
// Alignment and TensorSpec (pages and padding are in tensor_layout.cpp).
#include <tt-metalium/experimental/tensor/spec/tensor_spec.hpp>

#include <fmt/format.h>

#include <tt-metalium/math.hpp>
#include <tt_stl/assert.hpp>

#include <tt-metalium/experimental/tensor/spec/memory_config/memory_config.hpp>

#include "metalium/dims_text.h"
#include "metalium/tensor_element_size.h"

namespace tt::tt_metal {
namespace {

using tt::div_up;

const char* name_of(DataType dtype) {
  switch (dtype) {
    case DataType::BFLOAT16: return "DataType::BFLOAT16";
    case DataType::FLOAT32: return "DataType::FLOAT32";
    case DataType::UINT32: return "DataType::UINT32";
    case DataType::BFLOAT8_B: return "DataType::BFLOAT8_B";
    case DataType::BFLOAT4_B: return "DataType::BFLOAT4_B";
    case DataType::UINT8: return "DataType::UINT8";
    case DataType::UINT16: return "DataType::UINT16";
    case DataType::INT32: return "DataType::INT32";
    case DataType::FP8_E4M3: return "DataType::FP8_E4M3";
    default: return "Invalid";
  }
}

// Why a legacy-sharded layout's shards cannot hold `logical_shape`, if they cannot.
std::optional<std::string> shard_grid_error(const TensorLayout& layout, const Shape& logical_shape) {
  const MemoryConfig& config = layout.get_memory_config();
  if (!config.is_sharded() || !config.shard_spec().has_value()) return std::nullopt;
  const Shape2D physical = layout.compute_physical_shape(logical_shape);
  const Shape2D shard = layout.get_physical_shard_shape();
  const ShardSpec& spec = *config.shard_spec();
  const size_t cores = spec.num_cores();
  switch (config.memory_layout()) {
    case TensorMemoryLayout::HEIGHT_SHARDED:
      if (physical.width() != shard.width())
        return fmt::format("Shard width {} must match physical width {} for height sharded", shard.width(),
                           physical.width());
      if (div_up(physical.height(), shard.height()) > cores)
        return fmt::format("Number of shards along height {} must not exceed number of cores {}",
                           div_up(physical.height(), shard.height()), cores);
      break;
    case TensorMemoryLayout::WIDTH_SHARDED:
      if (physical.height() != shard.height())
        return fmt::format("Shard height {} must match physical height {} for width sharded", shard.height(),
                           physical.height());
      if (div_up(physical.width(), shard.width()) > cores)
        return fmt::format("Number of shards along width {} must not exceed number of cores {}",
                           div_up(physical.width(), shard.width()), cores);
      break;
    case TensorMemoryLayout::BLOCK_SHARDED: {
      if (spec.grid.ranges().size() != 1) return std::string("Shard grid must be one full rectangular grid for block sharded!");
      const size_t along_h = div_up(physical.height(), shard.height());
      const size_t along_w = div_up(physical.width(), shard.width());
      const CoreCoord grid = spec.grid.bounding_box().grid_size();
      const bool rows = spec.orientation == ShardOrientation::ROW_MAJOR;
      const size_t h_limit = rows ? grid.y : grid.x, w_limit = rows ? grid.x : grid.y;
      const char* order = rows ? "row major" : "column major";
      if (along_h > h_limit)
        return fmt::format("Number of shards along height {} must not exceed number of {} {} for {} orientation!",
                           along_h, rows ? "rows" : "columns", h_limit, order);
      if (along_w > w_limit)
        return fmt::format("Number of shards along width {} must not exceed number of {} {} for {} orientation!",
                           along_w, rows ? "columns" : "rows", w_limit, order);
      break;
    }
    default: break;
  }
  return std::nullopt;
}

void validate_dtype_and_layout(DataType dtype, Layout layout) {
  TT_FATAL(dtype != DataType::INVALID,
           "Only UINT32, INT32, FLOAT32, UINT16, UINT8, BFLOAT16, BFLOAT8_B, BFLOAT4_B, or FP8_E4M3 dtypes are "
           "supported on device!");
  if (dtype == DataType::BFLOAT8_B || dtype == DataType::BFLOAT4_B)
    TT_FATAL(layout == Layout::TILE, "Only TILE layout is supported for BFLOAT8_B dtype!");
}

}  // namespace

// ---- element types ----

std::ostream& operator<<(std::ostream& os, const DataType& data_type) { return os << name_of(data_type); }

std::ostream& operator<<(std::ostream& os, const NdShardSpec& spec) {
  os << "{\"shard_shape\":[";
  for (size_t i = 0; i < spec.shard_shape.rank(); ++i) os << (i ? ", " : "") << spec.shard_shape[static_cast<int>(i)];
  os << "],\"grid\":[";
  const auto& ranges = spec.grid.ranges();
  for (size_t i = 0; i < ranges.size(); ++i) {
    os << (i ? ", " : "") << "{\"start\":{\"x\":" << ranges[i].start_coord.x << ",\"y\":" << ranges[i].start_coord.y
       << "},\"end\":{\"x\":" << ranges[i].end_coord.x << ",\"y\":" << ranges[i].end_coord.y << "}}";
  }
  os << "],\"orientation\":\""
     << (spec.orientation == ShardOrientation::ROW_MAJOR ? "ShardOrientation::ROW_MAJOR" : "ShardOrientation::COL_MAJOR")
     << "\",\"shard_distribution_strategy\":\""
     << (spec.shard_distribution_strategy == ShardDistributionStrategy::ROUND_ROBIN_1D
             ? "ShardDistributionStrategy::ROUND_ROBIN_1D"
             : "ShardDistributionStrategy::GRID_2D")
     << "\"}";
  return os;
}

bool is_floating_point(DataType dtype) {
  switch (dtype) {
    case DataType::BFLOAT16:
    case DataType::FLOAT32:
    case DataType::BFLOAT8_B:
    case DataType::BFLOAT4_B:
    case DataType::FP8_E4M3: return true;
    default: return false;
  }
}

bool is_block_float(DataType dtype) { return dtype == DataType::BFLOAT8_B || dtype == DataType::BFLOAT4_B; }

tt::DataFormat datatype_to_dataformat_converter(DataType datatype) {
  switch (datatype) {
    case DataType::BFLOAT16: return tt::DataFormat::Float16_b;
    case DataType::BFLOAT8_B: return tt::DataFormat::Bfp8_b;
    case DataType::BFLOAT4_B: return tt::DataFormat::Bfp4_b;
    case DataType::FLOAT32: return tt::DataFormat::Float32;
    case DataType::INT32: return tt::DataFormat::Int32;
    case DataType::UINT32: return tt::DataFormat::UInt32;
    case DataType::UINT16: return tt::DataFormat::UInt16;
    case DataType::UINT8: return tt::DataFormat::UInt8;
    case DataType::FP8_E4M3: return tt::DataFormat::Fp8_e4m3;
    default: TT_THROW("Unsupported DataType");
  }
}

DataType dataformat_to_datatype_converter(tt::DataFormat dataformat) {
  switch (dataformat) {
    case tt::DataFormat::Float16_b: return DataType::BFLOAT16;
    case tt::DataFormat::Bfp8_b: return DataType::BFLOAT8_B;
    case tt::DataFormat::Bfp4_b: return DataType::BFLOAT4_B;
    case tt::DataFormat::Float32: return DataType::FLOAT32;
    case tt::DataFormat::Int32: return DataType::INT32;
    case tt::DataFormat::UInt32: return DataType::UINT32;
    case tt::DataFormat::UInt16: return DataType::UINT16;
    case tt::DataFormat::UInt8: return DataType::UINT8;
    case tt::DataFormat::Fp8_e4m3: return DataType::FP8_E4M3;
    default: TT_THROW("Unsupported DataFormat");
  }
}

std::size_t detail::host_element_size(DataType dtype) {
  switch (dtype) {
    case DataType::BFLOAT16:
    case DataType::UINT16: return 2;
    case DataType::FLOAT32:
    case DataType::INT32:
    case DataType::UINT32: return 4;
    case DataType::FP8_E4M3:
    case DataType::UINT8:
    case DataType::BFLOAT8_B:
    case DataType::BFLOAT4_B: return 1;
    default: TT_THROW("Unsupported data type");
  }
}

uint32_t tile_size(DataType dtype) { return tt::tile_size(datatype_to_dataformat_converter(dtype)); }

// ---- layout and alignment names ----

std::ostream& operator<<(std::ostream& os, const Layout& layout) {
  switch (layout) {
    case Layout::ROW_MAJOR: return os << "Layout::ROW_MAJOR";
    case Layout::TILE: return os << "Layout::TILE";
    default: return os << "Layout::INVALID";
  }
}

bool Alignment::operator==(const Alignment& other) const { return ShapeBase::operator==(other); }
bool Alignment::operator==(const ttsl::SmallVector<uint32_t>& other) const { return ShapeBase::operator==(other); }
std::ostream& operator<<(std::ostream& os, const Alignment& alignment) {
  return os << ttsl::fmt_detail::to_string(alignment);
}

// ---- MemoryConfig ----

MemoryConfig::MemoryConfig(TensorMemoryLayout memory_layout, BufferType buffer_type, std::optional<ShardSpec> shard_spec)
    : memory_layout_(memory_layout), buffer_type_(buffer_type), shard_spec_(std::move(shard_spec)) {}

MemoryConfig::MemoryConfig(BufferType buffer_type, std::optional<NdShardSpec> nd_shard_spec)
    : memory_layout_(nd_shard_spec ? TensorMemoryLayout::ND_SHARDED : TensorMemoryLayout::INTERLEAVED),
      buffer_type_(buffer_type),
      nd_shard_spec_(std::move(nd_shard_spec)),
      created_with_nd_shard_spec_(nd_shard_spec_.has_value()) {}

MemoryConfig::MemoryConfig(TensorMemoryLayout memory_layout, BufferType buffer_type, std::optional<ShardSpec> shard_spec,
                           std::optional<NdShardSpec> nd_shard_spec, bool created_with_nd_shard_spec)
    : memory_layout_(memory_layout),
      buffer_type_(buffer_type),
      shard_spec_(std::move(shard_spec)),
      nd_shard_spec_(std::move(nd_shard_spec)),
      created_with_nd_shard_spec_(created_with_nd_shard_spec) {}

MemoryConfig MemoryConfig::create_with_prepopulated_shard_specs(TensorMemoryLayout memory_layout,
                                                                BufferType buffer_type,
                                                                std::optional<ShardSpec> shard_spec,
                                                                std::optional<NdShardSpec> nd_shard_spec,
                                                                bool created_with_nd_shard_spec) {
  return MemoryConfig(memory_layout, buffer_type, std::move(shard_spec), std::move(nd_shard_spec),
                      created_with_nd_shard_spec);
}

bool MemoryConfig::is_sharded() const { return memory_layout_ != TensorMemoryLayout::INTERLEAVED; }
bool MemoryConfig::is_l1() const { return buffer_type_ == BufferType::L1 || buffer_type_ == BufferType::L1_SMALL; }
bool MemoryConfig::is_dram() const { return buffer_type_ == BufferType::DRAM; }

// Configs compare by the shard spec they were made with (the other is derived).
bool operator==(const MemoryConfig& a, const MemoryConfig& b) {
  if (a.buffer_type() != b.buffer_type() || a.memory_layout() != b.memory_layout()) return false;
  if (a.created_with_nd_shard_spec() && b.created_with_nd_shard_spec()) return a.nd_shard_spec() == b.nd_shard_spec();
  if (!a.created_with_nd_shard_spec() && !b.created_with_nd_shard_spec()) return a.shard_spec() == b.shard_spec();
  return a.shard_spec() == b.shard_spec() && a.nd_shard_spec() == b.nd_shard_spec();
}
bool operator!=(const MemoryConfig& a, const MemoryConfig& b) { return !(a == b); }

std::ostream& operator<<(std::ostream& os, const MemoryConfig& config) {
  static constexpr const char* kLayouts[] = {"INTERLEAVED", "?", "HEIGHT_SHARDED", "WIDTH_SHARDED", "BLOCK_SHARDED",
                                             "ND_SHARDED"};
  static constexpr const char* kTypes[] = {"DRAM", "L1", "SYSTEM_MEMORY", "L1_SMALL", "TRACE"};
  os << "MemoryConfig(memory_layout=TensorMemoryLayout::" << kLayouts[static_cast<int>(config.memory_layout())]
     << ",buffer_type=BufferType::" << kTypes[static_cast<int>(config.buffer_type())] << ",shard_spec=";
  if (config.shard_spec()) {
    os << *config.shard_spec();
  } else {
    os << "std::nullopt";
  }
  os << ",nd_shard_spec=";
  if (config.nd_shard_spec()) {
    os << *config.nd_shard_spec();
  } else {
    os << "std::nullopt";
  }
  return os << ",created_with_nd_shard_spec=" << (config.created_with_nd_shard_spec() ? "true" : "false") << ")";
}

// ---- TensorSpec ----

bool can_shape_fits_shard_grid(const TensorLayout& tensor_layout, const Shape& logical_shape) {
  return !shard_grid_error(tensor_layout, logical_shape).has_value();
}

TensorSpec::TensorSpec(Shape logical_shape, TensorLayout tensor_layout)
    : logical_shape_(std::move(logical_shape)),
      tensor_layout_(std::move(tensor_layout)),
      cached_padded_shape_(tensor_layout_.compute_padded_shape(logical_shape_)),
      cached_logical_2d_shape_(tensor_layout_.compute_logical_2d_shape(logical_shape_)),
      cached_physical_shape_(tensor_layout_.compute_physical_shape(logical_shape_)) {
  const auto error = shard_grid_error(tensor_layout_, logical_shape_);
  TT_FATAL(!error.has_value(), "{}", error.value_or(""));
  validate_dtype_and_layout(data_type(), layout());
  // A legacy shard spec also gets its N-dimensional twin, as tt-metal does.
  const MemoryConfig& config = memory_config();
  if (!config.created_with_nd_shard_spec() && config.shard_spec().has_value()) {
    const ShardSpec& legacy = *config.shard_spec();
    NdShardSpec nd{Shape({legacy.shape[0], legacy.shape[1]}), legacy.grid, legacy.orientation};
    if (cached_padded_shape_.rank() == 1) {
      TT_FATAL(legacy.shape[0] == 1, "Shard shape must be 1D for 1D tensor!");
      nd.shard_shape = Shape({legacy.shape[1]});
    }
    if (config.memory_layout() == TensorMemoryLayout::BLOCK_SHARDED)
      nd.shard_distribution_strategy = ShardDistributionStrategy::GRID_2D;
    tensor_layout_ = tensor_layout_.with_memory_config(MemoryConfig::create_with_prepopulated_shard_specs(
        config.memory_layout(), config.buffer_type(), config.shard_spec(), std::move(nd), false));
  }
}

TensorSpec TensorSpec::with_memory_config(MemoryConfig memory_config) const {
  return TensorSpec(logical_shape_, tensor_layout_.with_memory_config(std::move(memory_config)));
}

}  // namespace tt::tt_metal

std::string ttsl::fmt_detail::to_string(const tt::tt_metal::Alignment& alignment) {
  return tt::tt_metal::detail::dims_text("Alignment", alignment.view());
}

auto fmt::formatter<tt::tt_metal::DataType>::format(tt::tt_metal::DataType dt, format_context& ctx) const
    -> format_context::iterator {
  return fmt::formatter<fmt::string_view>::format(tt::tt_metal::name_of(dt), ctx);
}
