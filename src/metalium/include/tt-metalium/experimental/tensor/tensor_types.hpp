// Element types and the N-dimensional shard spec of tt-metal's tensor
// library (experimental/tensor/tensor_types.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <type_traits>
#include <variant>
#include <vector>

#include <fmt/format.h>  // the string_view formatter these formatters build on

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/shape.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>
#include <tt-metalium/float8.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

static constexpr std::uint8_t VERSION_ID = 5;

enum class DataType {
  BFLOAT16 = 0,
  FLOAT32 = 1,
  UINT32 = 2,
  BFLOAT8_B = 3,
  BFLOAT4_B = 4,
  UINT8 = 5,
  UINT16 = 6,
  INT32 = 7,
  FP8_E4M3 = 8,  // Blackhole only
  INVALID = 9,
};

std::ostream& operator<<(std::ostream& os, const DataType& data_type);

template <typename T>
consteval DataType convert_to_data_type() {
  if constexpr (std::is_same_v<T, uint8_t>) {
    return DataType::UINT8;
  } else if constexpr (std::is_same_v<T, uint16_t>) {
    return DataType::UINT16;
  } else if constexpr (std::is_same_v<T, int32_t>) {
    return DataType::INT32;
  } else if constexpr (std::is_same_v<T, uint32_t>) {
    return DataType::UINT32;
  } else if constexpr (std::is_same_v<T, float>) {
    return DataType::FLOAT32;
  } else if constexpr (std::is_same_v<T, ::bfloat16>) {
    return DataType::BFLOAT16;
  } else {
    static_assert(sizeof(T) == 0, "Unsupported DataType!");
  }
}

bool is_floating_point(DataType dtype);
bool is_block_float(DataType dtype);
tt::DataFormat datatype_to_dataformat_converter(DataType datatype);
DataType dataformat_to_datatype_converter(tt::DataFormat dataformat);
// Bytes of one 32 x 32 tile of `dtype`.
uint32_t tile_size(DataType dtype);

struct NdShardSpec {
  Shape shard_shape;
  CoreRangeSet grid;
  ShardOrientation orientation = ShardOrientation::ROW_MAJOR;
  ShardDistributionStrategy shard_distribution_strategy = ShardDistributionStrategy::ROUND_ROBIN_1D;

  NdShardSpec with_shard_shape(Shape new_shard_shape) const {
    return NdShardSpec{std::move(new_shard_shape), grid, orientation, shard_distribution_strategy};
  }
  bool operator==(const NdShardSpec& other) const = default;
  bool operator!=(const NdShardSpec& other) const = default;
};

using PadValue = std::variant<uint32_t, float>;

std::ostream& operator<<(std::ostream& os, const NdShardSpec& spec);

}  // namespace tt::tt_metal

template <>
struct fmt::formatter<tt::tt_metal::DataType> : fmt::formatter<fmt::string_view> {
  auto format(tt::tt_metal::DataType dt, format_context& ctx) const -> format_context::iterator;
};
