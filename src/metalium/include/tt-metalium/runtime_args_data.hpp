// A view of one kernel's runtime args on one core (tt-metal's
// runtime_args_data.hpp): writable, so args can change between runs.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

struct RuntimeArgsData {
  std::uint32_t* rt_args_data;
  std::size_t rt_args_count;

  bool in_bounds(std::size_t index) const noexcept { return index < rt_args_count; }
  std::uint32_t& operator[](std::size_t index) noexcept {
    TT_ASSERT(in_bounds(index));
    return rt_args_data[index];
  }
  const std::uint32_t& operator[](std::size_t index) const noexcept {
    TT_ASSERT(in_bounds(index));
    return rt_args_data[index];
  }
  std::uint32_t& at(std::size_t index) {
    check(index);
    return rt_args_data[index];
  }
  const std::uint32_t& at(std::size_t index) const {
    check(index);
    return rt_args_data[index];
  }
  std::uint32_t* data() noexcept { return rt_args_data; }
  const std::uint32_t* data() const noexcept { return rt_args_data; }
  std::size_t size() const noexcept { return rt_args_count; }

 private:
  void check(std::size_t index) const {
    if (!in_bounds(index)) {
      throw std::out_of_range("Index " + std::to_string(index) + " is larger than runtime args size " +
                              std::to_string(rt_args_count));
    }
  }
};

}  // namespace tt::tt_metal
