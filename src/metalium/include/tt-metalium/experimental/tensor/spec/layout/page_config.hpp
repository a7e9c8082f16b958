// What one page of a tensor holds: a row (RowMajorPageConfig) or a tile
// (TilePageConfig), as tt-metal's page_config.hpp.
#pragma once

#include <optional>
#include <tuple>
#include <variant>

#include <tt-metalium/experimental/tensor/spec/layout/alignment.hpp>
#include <tt-metalium/experimental/tensor/spec/layout/layout.hpp>
#include <tt-metalium/experimental/tensor/spec/memory_config/memory_config.hpp>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>
#include <tt-metalium/shape2d.hpp>
#include <tt-metalium/tile.hpp>

namespace tt::tt_metal {

// The members both page kinds share (each defines them its own way).
#define ZYXTT_PAGE_CONFIG_MEMBERS(Name)                                                                       \
  Alignment create_default_alignment(DataType dtype, const MemoryConfig& memory_config) const;               \
  void validate_alignment(const Alignment& alignment, DataType dtype, const MemoryConfig& memory_config) const; \
  Shape2D get_page_shape(const Shape2D& physical_size, DataType dtype, const MemoryConfig& memory_config,     \
                         const std::optional<Shape2D>& physical_shard_size) const;                           \
  size_t get_page_size_bytes(const Shape2D& page_shape, DataType dtype) const;                               \
  Alignment get_required_shard_shape_alignment() const;                                                      \
  Alignment get_recommended_shard_shape_alignment(DataType dtype) const;                                     \
  bool operator==(const Name&) const = default;                                                             \
  bool operator!=(const Name&) const = default;                                                             \
  static constexpr auto attribute_names = std::forward_as_tuple("tile");                                     \
  auto attribute_values() const { return std::forward_as_tuple(tile_); }

class RowMajorPageConfig {
 public:
  RowMajorPageConfig(const Tile& tile = Tile());
  const Tile& get_tile() const;
  ZYXTT_PAGE_CONFIG_MEMBERS(RowMajorPageConfig)

 private:
  Tile tile_;
};

class TilePageConfig {
 public:
  TilePageConfig(const Tile& tile = Tile());
  const Tile& get_tile() const;
  ZYXTT_PAGE_CONFIG_MEMBERS(TilePageConfig)

 private:
  Tile tile_;
};

#undef ZYXTT_PAGE_CONFIG_MEMBERS

class PageConfig {
 public:
  using Config = std::variant<RowMajorPageConfig, TilePageConfig>;

  PageConfig(const Config& config);
  PageConfig(Layout layout);
  PageConfig(Layout layout, const std::optional<Tile>& tile);

  Alignment create_default_alignment(DataType dtype, const MemoryConfig& memory_config) const;
  void validate_alignment(const Alignment& alignment, DataType dtype, const MemoryConfig& memory_config) const;
  Shape2D get_page_shape(const Shape2D& physical_size, DataType dtype, const MemoryConfig& memory_config,
                         const std::optional<Shape2D>& physical_shard_size) const;
  size_t get_page_size_bytes(const Shape2D& page_shape, DataType dtype) const;
  Tile get_tile() const;
  Layout get_layout() const;
  Alignment get_required_shard_shape_alignment() const;
  Alignment get_recommended_shard_shape_alignment(DataType dtype) const;

  bool operator==(const PageConfig&) const = default;
  bool operator!=(const PageConfig&) const = default;
  static constexpr auto attribute_names = std::forward_as_tuple("config");
  auto attribute_values() const { return std::forward_as_tuple(config_); }

 private:
  Config config_;
};

}  // namespace tt::tt_metal
