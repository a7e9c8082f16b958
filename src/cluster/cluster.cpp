#include "cluster/cluster.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <map>

#include "common/error.h"

namespace zyxtt::cluster {
namespace {

SystemKind kind_of(const std::vector<Chip>& chips) {
  const size_t n = chips.size();
  switch (chips.front().board) {
    case Board::kP100: return n == 1 ? SystemKind::kP100 : SystemKind::kCustom;
    case Board::kP150:
      return n == 1 ? SystemKind::kP150 : n == 2 ? SystemKind::kP150x2 : n == 4 ? SystemKind::kP150x4
             : n == 8 ? SystemKind::kP150x8 : SystemKind::kCustom;
    case Board::kP300: return n == 2 ? SystemKind::kP300 : n == 4 ? SystemKind::kP300x2 : SystemKind::kCustom;
    case Board::kGalaxy: return n == 32 ? SystemKind::kGalaxy : SystemKind::kCustom;
  }
  return SystemKind::kCustom;
}

// tt-metal's mesh graph descriptors for these systems.
MeshShape mesh_of(SystemKind kind, size_t chips) {
  switch (kind) {
    case SystemKind::kP100:
    case SystemKind::kP150: return {1, 1};
    case SystemKind::kP150x2:
    case SystemKind::kP300: return {1, 2};
    case SystemKind::kP150x4:
    case SystemKind::kP300x2: return {2, 2};
    case SystemKind::kP150x8: return {2, 4};
    case SystemKind::kGalaxy: return {8, 4};
    case SystemKind::kCustom: break;
  }
  return {1, static_cast<uint32_t>(chips)};
}

// Places chips on the mesh so that mesh neighbours are linked; the first
// placement in ascending chip order wins. Gives up after a bounded search, so
// that a hostile descriptor cannot keep it busy.
class MeshPlacer {
 public:
  MeshPlacer(MeshShape shape, size_t chips, const std::vector<std::vector<bool>>& linked)
      : shape_(shape), linked_(linked), place_(shape.size()), used_(chips, false) {}

  std::optional<std::vector<uint32_t>> run() {
    if (place(0)) return place_;
    return std::nullopt;
  }

 private:
  bool place(uint32_t p) {
    if (p == shape_.size()) return true;
    if (++steps_ > kMaxSteps) return false;
    const uint32_t row = p / shape_.cols;
    const uint32_t col = p % shape_.cols;
    for (uint32_t c = 0; c < used_.size(); ++c) {
      if (used_[c]) continue;
      if (col > 0 && !linked_[c][place_[p - 1]]) continue;
      if (row > 0 && !linked_[c][place_[p - shape_.cols]]) continue;
      used_[c] = true;
      place_[p] = c;
      if (place(p + 1)) return true;
      used_[c] = false;
      if (steps_ > kMaxSteps) return false;
    }
    return false;
  }

  static constexpr uint64_t kMaxSteps = 1'000'000;
  MeshShape shape_;
  const std::vector<std::vector<bool>>& linked_;
  std::vector<uint32_t> place_;
  std::vector<bool> used_;
  uint64_t steps_ = 0;
};

}  // namespace

std::string_view board_name(Board board) {
  switch (board) {
    case Board::kP100: return "p100";
    case Board::kP150: return "p150";
    case Board::kP300: return "p300";
    case Board::kGalaxy: return "ubb_blackhole";
  }
  return "unknown";
}

std::string_view system_kind_name(SystemKind kind) {
  switch (kind) {
    case SystemKind::kP100: return "P100";
    case SystemKind::kP150: return "P150";
    case SystemKind::kP150x2: return "P150_X2";
    case SystemKind::kP150x4: return "P150_X4";
    case SystemKind::kP150x8: return "P150_X8";
    case SystemKind::kP300: return "P300";
    case SystemKind::kP300x2: return "P300_X2";
    case SystemKind::kGalaxy: return "BLACKHOLE_GALAXY";
    case SystemKind::kCustom: return "CUSTOM";
  }
  return "CUSTOM";
}

const Arch& harvested_arch(const Harvesting& h) {
  const int columns = std::popcount(h.tensix_columns & ((1u << kBlackholeTensixColumns) - 1));
  const int banks = std::popcount(h.dram_banks & ((1u << kBlackholeDramBanks) - 1));
  return blackhole_arch(kBlackholeTensixColumns - columns, kBlackholeDramBanks - banks);
}

Cluster::Cluster(std::string source, std::vector<Chip> chips, std::vector<EthLink> links, std::optional<MeshShape> mesh)
    : source_(std::move(source)), chips_(std::move(chips)), links_(std::move(links)) {
  check();
  kind_ = kind_of(chips_);
  lay_out_mesh(mesh);
}

void Cluster::check() const {
  auto refuse = [&](const std::string& why) {
    throw Error(Code::kInvalidArgument, fmt::format("cluster {}: {}", source_, why));
  };
  if (chips_.empty()) refuse("it has no chips");
  for (size_t i = 0; i < chips_.size(); ++i) {
    if (chips_[i].id != i) refuse(fmt::format("chip ids must be 0 to {} in order; found {} at position {}",
                                              chips_.size() - 1, chips_[i].id, i));
    if (chips_[i].arch == nullptr) refuse(fmt::format("chip {} has no arch", i));
  }
  std::map<EthEnd, size_t> seen;
  for (size_t i = 0; i < links_.size(); ++i) {
    for (const EthEnd& end : {links_[i].a, links_[i].b}) {
      if (end.chip >= chips_.size())
        refuse(fmt::format("ethernet link {} names chip {}, which does not exist", i, end.chip));
      if (end.channel >= kEthChannels)
        refuse(fmt::format("ethernet link {} names channel {} of chip {}; a Blackhole has channels 0-{}", i,
                           end.channel, end.chip, kEthChannels - 1));
      if (auto [it, fresh] = seen.emplace(end, i); !fresh)
        refuse(fmt::format("channel {} of chip {} is in ethernet links {} and {}", end.channel, end.chip, it->second,
                           i));
    }
    if (links_[i].a.chip == links_[i].b.chip)
      refuse(fmt::format("ethernet link {} joins chip {} to itself", i, links_[i].a.chip));
  }
}

void Cluster::lay_out_mesh(std::optional<MeshShape> mesh) {
  mesh_ = mesh.value_or(mesh_of(kind_, chips_.size()));
  if (mesh_.size() != chips_.size())
    throw Error(Code::kInvalidArgument, fmt::format("cluster {}: a {} x {} mesh needs {} chips; it has {}", source_,
                                                    mesh_.rows, mesh_.cols, mesh_.size(), chips_.size()));
  std::vector<std::vector<bool>> linked(chips_.size(), std::vector<bool>(chips_.size(), false));
  for (const EthLink& l : links_) linked[l.a.chip][l.b.chip] = linked[l.b.chip][l.a.chip] = true;
  if (auto placed = MeshPlacer(mesh_, chips_.size(), linked).run()) {
    chip_at_ = std::move(*placed);
    return;
  }
  mesh_follows_links_ = false;
  mesh_ = {1, static_cast<uint32_t>(chips_.size())};
  chip_at_.resize(chips_.size());
  for (uint32_t i = 0; i < chips_.size(); ++i) chip_at_[i] = i;
}

const Chip& Cluster::chip(uint32_t id) const {
  if (id >= chips_.size())
    throw Error(Code::kInvalidArgument,
                fmt::format("chip {} does not exist: cluster {} has chips 0 to {}", id, source_, chips_.size() - 1));
  return chips_[id];
}

std::optional<EthEnd> Cluster::peer(EthEnd end) const {
  for (const EthLink& l : links_) {
    if (l.a == end) return l.b;
    if (l.b == end) return l.a;
  }
  return std::nullopt;
}

std::vector<uint32_t> Cluster::active_channels(uint32_t chip) const {
  std::vector<uint32_t> out;
  for (const EthLink& l : links_)
    for (const EthEnd& end : {l.a, l.b})
      if (end.chip == chip) out.push_back(end.channel);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<uint32_t> Cluster::neighbours(uint32_t chip) const {
  std::vector<uint32_t> out;
  for (const EthLink& l : links_) {
    if (l.a.chip == chip) out.push_back(l.b.chip);
    if (l.b.chip == chip) out.push_back(l.a.chip);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

uint32_t Cluster::mmio_chip_for(uint32_t chip) const {
  this->chip(chip);
  // Breadth first from `chip`; each ring of neighbours in ascending order.
  std::vector<bool> seen(chips_.size(), false);
  std::vector<uint32_t> ring{chip};
  seen[chip] = true;
  while (!ring.empty()) {
    std::sort(ring.begin(), ring.end());
    for (uint32_t c : ring)
      if (chips_[c].mmio) return c;
    std::vector<uint32_t> next;
    for (uint32_t c : ring)
      for (uint32_t n : neighbours(c))
        if (!seen[n]) {
          seen[n] = true;
          next.push_back(n);
        }
    ring = std::move(next);
  }
  throw Error(Code::kFailedPrecondition,
              fmt::format("cluster {}: no chip with PCIe reaches chip {} over ethernet", source_, chip));
}

uint32_t Cluster::chip_at(MeshCoord c) const {
  if (c.row >= mesh_.rows || c.col >= mesh_.cols)
    throw Error(Code::kInvalidArgument, fmt::format("mesh coordinate ({}, {}) is outside cluster {}'s {} x {} mesh",
                                                    c.row, c.col, source_, mesh_.rows, mesh_.cols));
  return chip_at_[c.row * mesh_.cols + c.col];
}

MeshCoord Cluster::coord_of(uint32_t chip) const {
  this->chip(chip);
  const auto it = std::find(chip_at_.begin(), chip_at_.end(), chip);
  const auto p = static_cast<uint32_t>(it - chip_at_.begin());
  return {p / mesh_.cols, p % mesh_.cols};
}

fabric::Routes Cluster::routes() const {
  std::vector<fabric::ChipPlace> places(chips_.size());
  for (const Chip& chip : chips_) {
    const MeshCoord at = coord_of(chip.id);
    places[chip.id].row = at.row;
    places[chip.id].col = at.col;
    for (uint32_t channel = 0; channel < kEthChannels; ++channel)
      if (const auto peer = this->peer({chip.id, channel})) places[chip.id].peer_chip[channel] = peer->chip;
  }
  return fabric::Routes(mesh_.rows, mesh_.cols, std::move(places));
}

}  // namespace zyxtt::cluster
