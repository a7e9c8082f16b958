// tt-umd's names for chips and boards, as tt-metal's fixtures use them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tt {

using ChipId = int;
using EthernetChannel = int;

// tt-umd's numbering (its static_asserts pin N150 = 3 ... UNKNOWN = 12).
enum BoardType : uint32_t {
  N150 = 3,
  N300,
  P100,
  P150,
  P300,
  GALAXY,
  UBB,
  UBB_WORMHOLE = UBB,
  UBB_BLACKHOLE,
  QUASAR_BOARD,
  UNKNOWN,
};

// A chip's place in a Wormhole ethernet mesh.
struct EthCoord {
  int cluster_id;
  int x;
  int y;
  int rack;
  int shelf;
  constexpr bool operator==(const EthCoord&) const = default;
};

// "n150" ... "quasar", and the P150/P300 variants ("p150a", "p300c"); UNKNOWN otherwise.
BoardType board_type_from_string(std::string_view name);
// The canonical lower-case name; throws for a value outside the enum.
std::string board_type_to_string(BoardType board_type);

}  // namespace tt
