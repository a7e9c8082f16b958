// Where the fabric sends a packet: the chips of a cluster on their mesh, the
// ethernet links between them, and the mesh direction each link leads in.
// The one model of routes: TT-Metalium's host calls (which channel forwards
// towards a chip) and the device worker (which chips a packet reaches) both
// ask it. Directions are tt-metal's eth_chan_directions; north is row - 1.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "device/arch.h"

namespace zyxtt::fabric {

enum class Dir : uint8_t { kEast = 0, kWest = 1, kNorth = 2, kSouth = 3 };
inline constexpr uint32_t kDirs = 4;
const char* dir_name(Dir d);  // "east", ...

struct ChipPlace {
  uint32_t row = 0;
  uint32_t col = 0;
  // The far end of each ethernet channel: chip, or kUnlinked.
  static constexpr uint32_t kUnlinked = ~0u;
  std::array<uint32_t, kEthChannels> peer_chip;
  ChipPlace() { peer_chip.fill(kUnlinked); }
};

// A route that cannot be taken: where it stops and why, for the run's error.
struct NoRoute {
  std::string why;
};

class Routes {
 public:
  Routes() = default;
  // chips[i] is chip i; rows x cols is the mesh they sit on.
  Routes(uint32_t rows, uint32_t cols, std::vector<ChipPlace> chips);

  uint32_t rows() const { return rows_; }
  uint32_t cols() const { return cols_; }
  size_t size() const { return chips_.size(); }
  // tt-metal's fabric chip id: the chip's row-major place in the mesh.
  uint32_t fabric_id(uint32_t chip) const { return chips_.at(chip).row * cols_ + chips_.at(chip).col; }
  std::optional<uint32_t> chip_of_fabric_id(uint32_t fabric_id) const;

  // The direction channel `channel` of `chip` leads in: none when it has no
  // link or links to a chip that is not its mesh neighbour (wrap-around
  // links of a ring or torus count).
  std::optional<Dir> direction(uint32_t chip, uint32_t channel) const;
  // The chip linked to `chip` in direction d, if any.
  std::optional<uint32_t> neighbour(uint32_t chip, Dir d) const;
  // `chip`'s channels that lead in direction d, ascending.
  std::vector<uint32_t> channels_toward(uint32_t chip, Dir d) const;

  // A 1-D packet sent through `chip`'s channel `channel`: the chips at hops
  // first .. first + count - 1 along that channel's direction.
  std::vector<uint32_t> line(uint32_t chip, uint32_t channel, uint32_t first, uint32_t count, NoRoute* no_route) const;
  // A 2-D unicast from src to dst: north / south to dst's row, then east /
  // west (the chips passed, dst last); empty with no_route set when a hop
  // has no link. first_hop() is the direction it leaves src in.
  std::vector<uint32_t> mesh_path(uint32_t src, uint32_t dst, NoRoute* no_route) const;
  std::optional<Dir> first_hop(uint32_t src, uint32_t dst) const;
  // A 2-D multicast from src, as tt-metal's mesh routes spell it: a spine of
  // n hops north or s hops south whose every chip branches e hops east and w
  // west; without a spine, a line of e hops east or w hops west. The chips
  // reached (src not among them); `leaves` is the direction it leaves src in.
  std::vector<uint32_t> mesh_multicast(uint32_t src, uint32_t e, uint32_t w, uint32_t n, uint32_t s, Dir* leaves,
                                       NoRoute* no_route) const;

 private:
  uint32_t rows_ = 1;
  uint32_t cols_ = 1;
  std::vector<ChipPlace> chips_;
};

}  // namespace zyxtt::fabric
