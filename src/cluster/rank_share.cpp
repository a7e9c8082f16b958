#include "cluster/rank_share.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "common/error.h"

namespace zyxtt::cluster {

namespace {

[[noreturn]] void refuse(const Cluster& cluster, const std::string& why) {
  throw Error(Code::kInvalidArgument, fmt::format("cluster {} over MPI ranks: {}", cluster.source(), why));
}

// The smallest block of the mesh holding `chips`, which must fill it.
void place_block(const Cluster& cluster, const std::vector<uint32_t>& chips, uint32_t rank, RankShare& share) {
  if (chips.empty()) return;
  uint32_t top = ~0u, left = ~0u, bottom = 0, right = 0;
  for (uint32_t chip : chips) {
    const MeshCoord at = cluster.coord_of(chip);
    top = std::min(top, at.row), bottom = std::max(bottom, at.row);
    left = std::min(left, at.col), right = std::max(right, at.col);
  }
  const MeshShape block{bottom - top + 1, right - left + 1};
  if (block.size() != chips.size())
    refuse(cluster, fmt::format("rank {}'s {} chips are not one rectangle of the {} x {} mesh (they span rows {}-{}, "
                                "columns {}-{})",
                                rank, chips.size(), cluster.mesh_shape().rows, cluster.mesh_shape().cols, top, bottom,
                                left, right));
  if (rank == share.rank) {
    share.local_origin = {top, left};
    share.local_shape = block;
  }
}

}  // namespace

std::vector<uint32_t> RankShare::chips_of(uint32_t of_rank) const {
  std::vector<uint32_t> out;
  for (uint32_t chip = 0; chip < owner.size(); ++chip)
    if (owner[chip] == of_rank) out.push_back(chip);
  return out;
}

RankShare whole_cluster(const Cluster& cluster) {
  RankShare share;
  share.owner.assign(cluster.size(), 0);
  share.local_shape = cluster.mesh_shape();
  return share;
}

RankShare split_evenly(const Cluster& cluster, uint32_t rank, uint32_t ranks) {
  if (ranks <= 1) return whole_cluster(cluster);
  const MeshShape mesh = cluster.mesh_shape();
  const bool rows_first = mesh.rows >= mesh.cols;
  const bool by_rows = rows_first ? mesh.rows % ranks == 0 : mesh.cols % ranks != 0 && mesh.rows % ranks == 0;
  if (!by_rows && mesh.cols % ranks != 0)
    refuse(cluster, fmt::format("its {} x {} mesh does not split evenly over {} ranks; give each rank its chips "
                                "with TT_VISIBLE_DEVICES (per rank) or a rank binding file (ZYX_TT_RANK_BINDING)",
                                mesh.rows, mesh.cols, ranks));
  std::vector<std::vector<uint32_t>> chips(ranks);
  for (uint32_t row = 0; row < mesh.rows; ++row)
    for (uint32_t col = 0; col < mesh.cols; ++col) {
      const uint32_t owner = by_rows ? row / (mesh.rows / ranks) : col / (mesh.cols / ranks);
      chips[owner].push_back(cluster.chip_at({row, col}));
    }
  return share_by_rank(cluster, rank, chips);
}

RankShare share_by_rank(const Cluster& cluster, uint32_t rank, const std::vector<std::vector<uint32_t>>& chips) {
  RankShare share;
  share.rank = rank;
  share.ranks = static_cast<uint32_t>(chips.size());
  share.owner.assign(cluster.size(), RankShare::kNoRank);
  share.local_shape = {0, 0};
  for (uint32_t r = 0; r < chips.size(); ++r) {
    for (uint32_t chip : chips[r]) {
      if (chip >= cluster.size())
        refuse(cluster, fmt::format("rank {} is given chip {}; the cluster has chips 0 to {}", r, chip,
                                    cluster.size() - 1));
      if (share.owner[chip] != RankShare::kNoRank)
        refuse(cluster, fmt::format("chip {} is given to ranks {} and {}", chip, share.owner[chip], r));
      share.owner[chip] = r;
    }
    place_block(cluster, chips[r], r, share);
  }
  return share;
}

std::vector<uint32_t> parse_chip_list(std::string_view text) {
  std::vector<uint32_t> out;
  size_t at = 0;
  while (at <= text.size()) {
    const size_t end = std::min(text.find(',', at), text.size());
    std::string_view item = text.substr(at, end - at);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    uint32_t id = 0;
    const auto [next, ec] = std::from_chars(item.data(), item.data() + item.size(), id);
    if (item.empty() || ec != std::errc() || next != item.data() + item.size())
      throw Error(Code::kInvalidArgument,
                  fmt::format("TT_VISIBLE_DEVICES '{}' is not a list of chip ids such as \"0,1\"", text));
    out.push_back(id);
    at = end + 1;
  }
  return out;
}

}  // namespace zyxtt::cluster
