#include "device/fabric_routes.h"

#include <fmt/format.h>

#include "common/error.h"

namespace zyxtt::fabric {

const char* dir_name(Dir d) {
  switch (d) {
    case Dir::kEast: return "east";
    case Dir::kWest: return "west";
    case Dir::kNorth: return "north";
    case Dir::kSouth: return "south";
  }
  return "?";
}

Routes::Routes(uint32_t rows, uint32_t cols, std::vector<ChipPlace> chips)
    : rows_(rows), cols_(cols), chips_(std::move(chips)) {
  for (size_t i = 0; i < chips_.size(); ++i) {
    const ChipPlace& c = chips_[i];
    if (c.row >= rows_ || c.col >= cols_)
      throw Error(Code::kInternal, fmt::format("chip {} sits at ({}, {}), outside its {} x {} mesh", i, c.row, c.col,
                                               rows_, cols_));
    for (uint32_t peer : c.peer_chip)
      if (peer != ChipPlace::kUnlinked && peer >= chips_.size())
        throw Error(Code::kInternal, fmt::format("chip {} links to chip {}, which does not exist", i, peer));
  }
}

std::optional<uint32_t> Routes::chip_of_fabric_id(uint32_t fabric_id) const {
  for (uint32_t c = 0; c < chips_.size(); ++c)
    if (this->fabric_id(c) == fabric_id) return c;
  return std::nullopt;
}

namespace {

// Whether b is one step from a along an axis of n places, in the +1 (or -1)
// sense; the step wraps when the axis has more than two places.
bool one_step(uint32_t a, uint32_t b, uint32_t n, bool up) {
  if (up) return b == a + 1 || (n > 2 && a == n - 1 && b == 0);
  return b + 1 == a || (n > 2 && a == 0 && b == n - 1);
}

}  // namespace

std::optional<Dir> Routes::direction(uint32_t chip, uint32_t channel) const {
  const ChipPlace& a = chips_.at(chip);
  const uint32_t peer = channel < kEthChannels ? a.peer_chip[channel] : ChipPlace::kUnlinked;
  if (peer == ChipPlace::kUnlinked) return std::nullopt;
  const ChipPlace& b = chips_[peer];
  if (a.row == b.row && one_step(a.col, b.col, cols_, true)) return Dir::kEast;
  if (a.row == b.row && one_step(a.col, b.col, cols_, false)) return Dir::kWest;
  if (a.col == b.col && one_step(a.row, b.row, rows_, false)) return Dir::kNorth;
  if (a.col == b.col && one_step(a.row, b.row, rows_, true)) return Dir::kSouth;
  return std::nullopt;
}

std::vector<uint32_t> Routes::channels_toward(uint32_t chip, Dir d) const {
  std::vector<uint32_t> out;
  for (uint32_t ch = 0; ch < kEthChannels; ++ch)
    if (direction(chip, ch) == d) out.push_back(ch);
  return out;
}

std::optional<uint32_t> Routes::neighbour(uint32_t chip, Dir d) const {
  for (uint32_t ch = 0; ch < kEthChannels; ++ch)
    if (direction(chip, ch) == d) return chips_[chip].peer_chip[ch];
  return std::nullopt;
}

namespace {

// Walks `hops` steps in d from `from`, appending each chip reached.
bool walk(const Routes& r, uint32_t& at, Dir d, uint32_t hops, std::vector<uint32_t>& out, NoRoute* no_route) {
  for (uint32_t i = 0; i < hops; ++i) {
    const std::optional<uint32_t> next = r.neighbour(at, d);
    if (!next) {
      if (no_route != nullptr)
        no_route->why = fmt::format("chip {} has no link {} (the route needs {} more hop{} that way)", at, dir_name(d),
                                    hops - i, hops - i == 1 ? "" : "s");
      return false;
    }
    at = *next;
    out.push_back(at);
  }
  return true;
}

}  // namespace

std::vector<uint32_t> Routes::line(uint32_t chip, uint32_t channel, uint32_t first, uint32_t count,
                                   NoRoute* no_route) const {
  if (first == 0 || count == 0) {
    if (no_route != nullptr)
      no_route->why = first == 0 ? "a fabric packet travels at least one hop (distance 1 is the next chip)"
                                 : "a multicast of range 0 reaches no chip";
    return {};
  }
  const std::optional<Dir> d = direction(chip, channel);
  if (!d) {
    if (no_route != nullptr)
      no_route->why = fmt::format("ethernet channel {} of chip {} {}", channel, chip,
                                  chips_.at(chip).peer_chip.at(channel) == ChipPlace::kUnlinked
                                      ? "has no link"
                                      : "does not lead to a mesh neighbour");
    return {};
  }
  // The first hop leaves through the connection's own channel.
  uint32_t at = chips_[chip].peer_chip[channel];
  std::vector<uint32_t> passed{at};
  if (!walk(*this, at, *d, first + count - 2, passed, no_route)) return {};
  return {passed.begin() + (first - 1), passed.end()};
}

std::optional<Dir> Routes::first_hop(uint32_t src, uint32_t dst) const {
  const ChipPlace& a = chips_.at(src);
  const ChipPlace& b = chips_.at(dst);
  if (a.row != b.row) return b.row < a.row ? Dir::kNorth : Dir::kSouth;
  if (a.col != b.col) return b.col < a.col ? Dir::kWest : Dir::kEast;
  return std::nullopt;
}

std::vector<uint32_t> Routes::mesh_path(uint32_t src, uint32_t dst, NoRoute* no_route) const {
  const ChipPlace& a = chips_.at(src);
  const ChipPlace& b = chips_.at(dst);
  std::vector<uint32_t> passed;
  uint32_t at = src;
  const uint32_t ns = a.row > b.row ? a.row - b.row : b.row - a.row;
  const uint32_t ew = a.col > b.col ? a.col - b.col : b.col - a.col;
  if (!walk(*this, at, b.row < a.row ? Dir::kNorth : Dir::kSouth, ns, passed, no_route)) return {};
  if (!walk(*this, at, b.col < a.col ? Dir::kWest : Dir::kEast, ew, passed, no_route)) return {};
  if (at != dst) {
    if (no_route != nullptr)
      no_route->why = fmt::format("the links from chip {} towards chip {} end at chip {}", src, dst, at);
    return {};
  }
  return passed;
}

std::vector<uint32_t> Routes::mesh_multicast(uint32_t src, uint32_t e, uint32_t w, uint32_t n, uint32_t s, Dir* leaves,
                                             NoRoute* no_route) const {
  std::vector<uint32_t> reached;
  auto branches = [&](uint32_t from) {
    uint32_t at = from;
    if (!walk(*this, at, Dir::kEast, e, reached, no_route)) return false;
    at = from;
    return walk(*this, at, Dir::kWest, w, reached, no_route);
  };
  if (n != 0 && s != 0) {
    if (no_route != nullptr) no_route->why = "a 2-D multicast's spine goes north or south, not both";
    return {};
  }
  if (n != 0 || s != 0) {
    const Dir spine = n != 0 ? Dir::kNorth : Dir::kSouth;
    *leaves = spine;
    std::vector<uint32_t> trunk;
    uint32_t at = src;
    if (!walk(*this, at, spine, n + s, trunk, no_route)) return {};
    for (uint32_t chip : trunk) {
      reached.push_back(chip);
      if (!branches(chip)) return {};
    }
    return reached;
  }
  if (e != 0 && w != 0) {
    if (no_route != nullptr)
      no_route->why = "a 2-D multicast without a north / south spine goes one way, east or west: send one packet each way";
    return {};
  }
  if (e == 0 && w == 0) {
    if (no_route != nullptr) no_route->why = "a 2-D multicast of zero hops in every direction reaches no chip";
    return {};
  }
  *leaves = e != 0 ? Dir::kEast : Dir::kWest;
  if (!branches(src)) return {};
  return reached;
}

}  // namespace zyxtt::fabric
