// Which host page each device page of a sharded buffer holds (tt-metal's
// buffer_page_mapping.hpp): per core, its device pages in order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <unordered_map>
#include <vector>

#include <tt-metalium/core_coord.hpp>

namespace tt::tt_metal {

// One entry per device page of each core: the host page it holds, or PADDING.
struct UncompressedBufferPageMapping {
  static constexpr uint32_t PADDING = std::numeric_limits<uint32_t>::max();

  std::vector<CoreCoord> all_cores;
  std::vector<std::vector<uint32_t>> core_host_page_indices;
};

// A run of a core's device pages, with the runs of consecutive host pages in it.
struct BufferCorePageMapping {
  struct ContiguousHostPages {
    uint32_t device_page_offset = 0;  // from device_start_page
    uint32_t host_page_start = 0;
    uint32_t num_pages = 0;
  };

  uint32_t device_start_page = 0;
  uint32_t num_pages = 0;
  std::vector<ContiguousHostPages> host_ranges;

  // Walks the run's device pages: each yields its host page, or nullopt for padding.
  struct Iterator {
    using iterator_category = std::forward_iterator_tag;
    using difference_type = std::ptrdiff_t;
    using value_type = std::optional<uint32_t>;

    Iterator() = default;
    Iterator(const BufferCorePageMapping* mapping, uint32_t device_page_offset, uint32_t range_index)
        : mapping_(mapping), device_page_offset_(device_page_offset), range_index_(range_index) {}

    Iterator& operator++();
    Iterator operator++(int) {
      Iterator before = *this;
      ++*this;
      return before;
    }
    value_type operator*() const;
    uint32_t device_page_offset() const { return device_page_offset_; }

    bool operator==(const Iterator& other) const { return device_page_offset_ == other.device_page_offset_; }
    bool operator!=(const Iterator& other) const { return device_page_offset_ != other.device_page_offset_; }

    // The next stretch before `end_device_page_offset` that is either one host
    // run or padding (host_page_start PADDING); advances past it.
    struct Range {
      uint32_t device_page_offset = 0;
      uint32_t host_page_start = 0;
      uint32_t num_pages = 0;
    };
    Range next_range(uint32_t end_device_page_offset);

   private:
    const BufferCorePageMapping* mapping_ = nullptr;
    uint32_t device_page_offset_ = 0;
    uint32_t range_index_ = 0;
  };

  Iterator begin() const { return Iterator(this, 0, 0); }
  Iterator end() const { return Iterator(this, num_pages, static_cast<uint32_t>(host_ranges.size())); }
};

struct BufferPageMapping {
  BufferPageMapping() = default;
  BufferPageMapping(const UncompressedBufferPageMapping& page_mapping);

  // The same mapping of host pages [start_host_page, end_host_page) only,
  // renumbered from 0.
  BufferPageMapping filter_by_host_range(uint32_t start_host_page, uint32_t end_host_page) const;

  std::vector<CoreCoord> all_cores;
  std::unordered_map<CoreCoord, uint32_t> core_to_core_id;
  std::vector<std::vector<BufferCorePageMapping>> core_page_mappings;

  // Every (core, device page, host page) the mapping holds, core by core.
  struct Iterator {
    struct MappedPage {
      uint32_t core_id = 0;
      uint32_t device_page = 0;
      uint32_t host_page = 0;
    };

    using iterator_category = std::forward_iterator_tag;
    using difference_type = std::ptrdiff_t;
    using value_type = MappedPage;

    Iterator() = default;
    Iterator(const BufferPageMapping* page_mapping, uint32_t core_id, uint32_t page_mapping_index,
             uint32_t host_range_index, uint32_t host_page_index)
        : page_mapping_(page_mapping),
          core_id_(core_id),
          page_mapping_index_(page_mapping_index),
          host_range_index_(host_range_index),
          host_page_index_(host_page_index) {}

    Iterator& operator++();
    Iterator operator++(int) {
      Iterator before = *this;
      ++*this;
      return before;
    }
    value_type operator*() const;

    bool operator==(const Iterator& other) const = default;
    bool operator!=(const Iterator& other) const = default;

   private:
    friend struct BufferPageMapping;
    // Moves forward to a host page that exists (or to the end).
    void settle();

    const BufferPageMapping* page_mapping_ = nullptr;
    uint32_t core_id_ = 0;
    uint32_t page_mapping_index_ = 0;
    uint32_t host_range_index_ = 0;
    uint32_t host_page_index_ = 0;
  };

  Iterator begin() const;
  Iterator end() const;
};

}  // namespace tt::tt_metal
