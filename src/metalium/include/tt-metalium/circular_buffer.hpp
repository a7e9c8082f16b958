// A program's circular buffer as the program reports it
// (Program::circular_buffers); it lives as long as its program.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <unordered_set>

#include <tt-metalium/circular_buffer_constants.h>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal {

struct Tile;

using CBHandle = uintptr_t;

class CircularBufferImpl;

class CircularBuffer {
 public:
  explicit CircularBuffer(const CircularBufferImpl* impl);
  CBHandle id() const;  // what CreateCircularBuffer returned for it
  const CoreRangeSet& core_ranges() const;
  std::size_t size() const;  // total bytes
  bool globally_allocated() const;
  const std::unordered_set<uint8_t>& buffer_indices() const;

  // Of one of its indices; throw for an index it does not use.
  uint32_t page_size(uint32_t buffer_index) const;
  uint32_t num_pages(uint32_t buffer_index) const;
  DataFormat data_format(uint32_t buffer_index) const;

 private:
  const CircularBufferImpl* impl_;
};

}  // namespace tt::tt_metal
