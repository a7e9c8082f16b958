// A circular buffer's configuration (tt-metal's circular_buffer_config.hpp):
// a total size shared by one or more CB indices, each with a data format and
// a page size and optionally a tile shape; optionally placed at an L1 buffer's address.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <unordered_set>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/circular_buffer.hpp>
#include <tt-metalium/circular_buffer_constants.h>
#include <tt-metalium/tile.hpp>
#include <hostdevcommon/kernel_structs.h>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal {

class Buffer;
struct CBDescriptor;

class CircularBufferConfig {
 public:
  // As `descriptor` says; placed at its buffer's or tensor's address plus
  // address_offset if it names one (not both).
  CircularBufferConfig(const CBDescriptor& descriptor);
  CircularBufferConfig(uint32_t total_size, const std::map<uint8_t, tt::DataFormat>& data_format_spec);
  CircularBufferConfig(uint32_t total_size);
  // Placed at `buffer`'s address (a globally allocated CB).
  CircularBufferConfig(uint32_t total_size, const std::map<uint8_t, tt::DataFormat>& data_format_spec,
                       const Buffer& buffer);

  CircularBufferConfig& set_page_size(uint8_t buffer_index, uint32_t page_size);
  CircularBufferConfig& set_total_size(uint32_t total_size);
  // The tile shape compute kernels unpack and pack for this index (32x32 when unset).
  CircularBufferConfig& set_tile_dims(uint8_t buffer_index, const Tile& tile);
  CircularBufferConfig& set_globally_allocated_address(const Buffer& buffer);
  CircularBufferConfig& set_globally_allocated_address_and_total_size(const Buffer& buffer, uint32_t total_size);

  uint32_t total_size() const;
  std::optional<uint32_t> globally_allocated_address() const;
  const std::unordered_set<uint8_t>& buffer_indices() const;
  const std::unordered_set<uint8_t>& local_buffer_indices() const;
  const std::unordered_set<uint8_t>& remote_buffer_indices() const;
  const std::array<std::optional<tt::DataFormat>, NUM_CIRCULAR_BUFFERS>& data_formats() const;
  const std::array<std::optional<uint32_t>, NUM_CIRCULAR_BUFFERS>& page_sizes() const;
  const std::array<std::optional<Tile>, NUM_CIRCULAR_BUFFERS>& tiles() const;
  bool dynamic_cb() const;
  uint32_t max_size() const;
  uint32_t buffer_size() const;
  uint32_t address_offset() const;
  void set_address_offset(uint32_t offset);

  const Buffer* shadow_global_buffer{nullptr};

  // Configures one index: config.index(i).set_data_format(f).set_page_size(p).
  class Builder {
   public:
    static Builder LocalBuilder(CircularBufferConfig& parent, uint8_t buffer_index);
    const Builder& set_data_format(tt::DataFormat data_format) const;
    const Builder& set_total_size(uint32_t total_size) const;
    const Builder& set_page_size(uint32_t page_size) const;
    const Builder& set_tile_dims(const Tile& tile) const;

   private:
    Builder(CircularBufferConfig& parent, uint8_t buffer_index);
    CircularBufferConfig& parent_;
    uint8_t buffer_index_;
  };
  Builder index(uint8_t buffer_index);

  friend bool operator==(const CircularBufferConfig& lhs, const CircularBufferConfig& rhs);
  friend bool operator!=(const CircularBufferConfig& lhs, const CircularBufferConfig& rhs);

 private:
  void set_config(const std::map<uint8_t, tt::DataFormat>& data_format_spec);
  void check_index(uint8_t buffer_index) const;

  uint32_t total_size_ = 0;
  std::optional<uint32_t> globally_allocated_address_ = std::nullopt;
  std::array<std::optional<tt::DataFormat>, NUM_CIRCULAR_BUFFERS> data_formats_;
  std::array<std::optional<uint32_t>, NUM_CIRCULAR_BUFFERS> page_sizes_;
  std::array<std::optional<Tile>, NUM_CIRCULAR_BUFFERS> tiles_;
  std::unordered_set<uint8_t> buffer_indices_;
  std::unordered_set<uint8_t> local_buffer_indices_;
  std::unordered_set<uint8_t> remote_buffer_indices_;
  bool dynamic_cb_ = false;
  uint32_t max_size_ = 0;
  uint32_t buffer_size_ = 0;
  uint32_t address_offset_ = 0;
};

bool operator==(const CircularBufferConfig& lhs, const CircularBufferConfig& rhs);
bool operator!=(const CircularBufferConfig& lhs, const CircularBufferConfig& rhs);

}  // namespace tt::tt_metal
