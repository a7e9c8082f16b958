#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace tt::tt_metal {

class Shape2D final {
 public:
  Shape2D(std::size_t height, std::size_t width) : height_(height), width_(width) {}
  Shape2D(const std::pair<std::size_t, std::size_t>& size) : Shape2D(size.first, size.second) {}
  Shape2D(const std::array<std::uint32_t, 2>& size) : Shape2D(size[0], size[1]) {}
  bool operator==(const Shape2D& rhs) const = default;
  [[nodiscard]] std::size_t height() const { return height_; }
  [[nodiscard]] std::size_t width() const { return width_; }

 private:
  std::size_t height_;
  std::size_t width_;
};

}  // namespace tt::tt_metal
