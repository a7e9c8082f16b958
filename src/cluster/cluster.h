// A cluster: chips, each an emulated Blackhole whose arch row has its
// harvesting applied, their ethernet channels and the links between them,
// which chips have PCIe, and where each chip sits in the system's mesh. Built
// from a UMD cluster descriptor (descriptor.h) or a named system (named.h);
// the one place that knows the topology: the mesh API, the fabric's routes and
// the runtime's --device-id all ask it.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "device/arch.h"
#include "device/fabric_routes.h"

namespace zyxtt::cluster {

// Blackhole's ethernet cores, one channel each (device/arch.h).
using zyxtt::kEthChannels;

// The boards we emulate, by tt-umd's names.
enum class Board { kP100, kP150, kP300, kGalaxy };
std::string_view board_name(Board board);  // "p100", "p150", "p300", "ubb_blackhole"

// tt-metal's name for a system of chips (its ClusterType): from the boards
// and how many chips there are.
enum class SystemKind { kP100, kP150, kP150x2, kP150x4, kP150x8, kP300, kP300x2, kGalaxy, kCustom };
std::string_view system_kind_name(SystemKind kind);

// Masks as a UMD descriptor gives them: a set bit is a harvested unit.
struct Harvesting {
  uint32_t tensix_columns = 0;  // bit i: the i-th Tensix column in NOC x order
  uint32_t dram_banks = 0;
  uint32_t eth_channels = 0;  // by physical position, not channel number
};

struct Chip {
  uint32_t id = 0;
  Board board = Board::kP100;
  uint64_t board_id = 0;  // chips of one board share it
  bool mmio = false;      // reached over PCIe rather than through another chip
  Harvesting harvesting;
  const Arch* arch = nullptr;  // the worker grid and DRAM banks left after harvesting
};

struct EthEnd {
  uint32_t chip = 0;
  uint32_t channel = 0;
  auto operator<=>(const EthEnd&) const = default;
};
struct EthLink {
  EthEnd a;
  EthEnd b;
};

struct MeshShape {
  uint32_t rows = 1;
  uint32_t cols = 1;
  uint32_t size() const { return rows * cols; }
  bool operator==(const MeshShape&) const = default;
};
struct MeshCoord {
  uint32_t row = 0;
  uint32_t col = 0;
  bool operator==(const MeshCoord&) const = default;
};

class Cluster {
 public:
  // Throws Error(INVALID_ARGUMENT) naming `source` when the chips are not
  // 0..n-1, a link names a chip or channel that does not exist, or a channel
  // is linked twice. (Harvesting masks count ethernet cores in physical
  // order, not by channel: tt-umd's descriptors link channels whose bit is set.) `mesh` is the shape the chips
  // form (default: the kind's); when their links do not form it the chips
  // are laid out in id order on a 1 x n line.
  Cluster(std::string source, std::vector<Chip> chips, std::vector<EthLink> links,
          std::optional<MeshShape> mesh = std::nullopt);

  // Where the cluster came from ("p300", or a descriptor's path).
  const std::string& source() const { return source_; }
  SystemKind kind() const { return kind_; }
  std::span<const Chip> chips() const { return chips_; }
  size_t size() const { return chips_.size(); }
  // Throws Error(INVALID_ARGUMENT) naming the chips there are.
  const Chip& chip(uint32_t id) const;
  std::span<const EthLink> links() const { return links_; }

  // The channel linked to `end`, if any.
  std::optional<EthEnd> peer(EthEnd end) const;
  // `chip`'s channels with a link, ascending.
  std::vector<uint32_t> active_channels(uint32_t chip) const;
  // Chips linked to `chip`, ascending, each once.
  std::vector<uint32_t> neighbours(uint32_t chip) const;
  // The chip with PCIe through which the host reaches `chip`: itself, else
  // the nearest over links (the lowest id among the nearest). Throws
  // Error(FAILED_PRECONDITION) when no chip with PCIe reaches it.
  uint32_t mmio_chip_for(uint32_t chip) const;

  MeshShape mesh_shape() const { return mesh_; }
  // Whether the links join every pair of mesh neighbours (else the mesh is a
  // 1 x n line in id order that the links need not follow).
  bool mesh_follows_links() const { return mesh_follows_links_; }
  uint32_t chip_at(MeshCoord coord) const;
  MeshCoord coord_of(uint32_t chip) const;
  // The chips on their mesh with their links, as the fabric routes over them.
  fabric::Routes routes() const;

 private:
  void check() const;
  void lay_out_mesh(std::optional<MeshShape> mesh);

  std::string source_;
  std::vector<Chip> chips_;
  std::vector<EthLink> links_;
  SystemKind kind_ = SystemKind::kCustom;
  MeshShape mesh_;
  bool mesh_follows_links_ = true;
  std::vector<uint32_t> chip_at_;  // row-major mesh position -> chip
};

// A chip's arch row from its harvesting masks (bits past the chip's 14
// columns, 8 banks or 14 channels are ignored, as silicon has no such unit).
const Arch& harvested_arch(const Harvesting& harvesting);

}  // namespace zyxtt::cluster
