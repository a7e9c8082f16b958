// tt-umd's coordinate pair: tt-metal's CoreCoord is tt_xy_pair.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace tt::umd {

struct xy_pair {
  constexpr xy_pair() : x{}, y{} {}
  constexpr xy_pair(std::size_t x, std::size_t y) : x(x), y(y) {}

  std::size_t x;
  std::size_t y;

  std::string str() const;
};

constexpr bool operator==(const xy_pair& a, const xy_pair& b) { return a.x == b.x && a.y == b.y; }
constexpr bool operator!=(const xy_pair& a, const xy_pair& b) { return !(a == b); }
// x first, then y (umd's order, which std::map<CoreCoord, ...> keys follow).
constexpr bool operator<(const xy_pair& a, const xy_pair& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

struct cxy_pair : public xy_pair {
  cxy_pair() : xy_pair{}, chip{} {}
  cxy_pair(std::size_t chip, xy_pair pair) : xy_pair(pair.x, pair.y), chip(chip) {}
  cxy_pair(std::size_t chip, std::size_t x, std::size_t y) : xy_pair(x, y), chip(chip) {}

  std::size_t chip;

  std::string str() const;
};

constexpr bool operator==(const cxy_pair& a, const cxy_pair& b) { return a.x == b.x && a.y == b.y && a.chip == b.chip; }
constexpr bool operator!=(const cxy_pair& a, const cxy_pair& b) { return !(a == b); }
constexpr bool operator<(const cxy_pair& a, const cxy_pair& b) {
  if (a.chip != b.chip) return a.chip < b.chip;
  return static_cast<const xy_pair&>(a) < static_cast<const xy_pair&>(b);
}

}  // namespace tt::umd

using tt_xy_pair = tt::umd::xy_pair;
using tt_cxy_pair = tt::umd::cxy_pair;

template <>
struct std::hash<tt::umd::xy_pair> {
  std::size_t operator()(const tt::umd::xy_pair& p) const noexcept {
    return std::hash<std::size_t>()(p.x) ^ (std::hash<std::size_t>()(p.y) << 1);
  }
};

template <>
struct std::hash<tt::umd::cxy_pair> {
  std::size_t operator()(const tt::umd::cxy_pair& p) const noexcept {
    return std::hash<std::size_t>()(p.chip) ^ (std::hash<std::size_t>()(p.x) << 1) ^ (std::hash<std::size_t>()(p.y) << 2);
  }
};
