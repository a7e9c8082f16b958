#include "cluster/rank_descriptors.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <map>

#include "cluster/descriptor.h"
#include "common/error.h"

namespace zyxtt::cluster {

RankedCluster read_rank_descriptors(const std::filesystem::path& mapping, const std::filesystem::path& home,
                                    std::optional<MeshShape> mesh) {
  auto refuse = [&](const std::string& why) {
    return Error(Code::kInvalidArgument, fmt::format("mock cluster rank binding {}: {}", mapping.string(), why));
  };
  YAML::Node root;
  try {
    root = YAML::LoadFile(mapping.string());
  } catch (const YAML::Exception& e) {
    throw refuse(e.what());
  }
  const YAML::Node files = root["rank_to_cluster_mock_cluster_desc"];
  if (!files || !files.IsMap()) throw refuse("no rank_to_cluster_mock_cluster_desc map (rank: descriptor file)");
  std::map<uint32_t, std::filesystem::path> by_rank;
  for (const auto& entry : files) {
    std::filesystem::path file = entry.second.as<std::string>();
    if (file.is_relative()) {
      const std::filesystem::path from_home = home / file;
      file = !home.empty() && std::filesystem::exists(from_home) ? from_home : mapping.parent_path() / file;
    }
    by_rank[entry.first.as<uint32_t>()] = file;
  }
  std::vector<std::filesystem::path> files_by_rank;
  for (uint32_t rank = 0; rank < by_rank.size(); ++rank) {
    if (!by_rank.count(rank)) throw refuse(fmt::format("ranks must be 0 to {}; {} is missing", by_rank.size() - 1, rank));
    files_by_rank.push_back(by_rank.at(rank));
  }
  return join_rank_descriptors(files_by_rank, mapping.string(), mesh);
}

RankedCluster join_rank_descriptors(const std::vector<std::filesystem::path>& by_rank, const std::string& name,
                                    std::optional<MeshShape> mesh) {
  auto refuse = [&](const std::string& why) {
    return Error(Code::kInvalidArgument, fmt::format("ranks' cluster descriptors ({}): {}", name, why));
  };
  std::vector<Chip> chips;
  std::vector<EthLink> links;
  std::vector<std::vector<uint32_t>> chips_by_rank;
  std::map<uint64_t, uint32_t> by_unique_id;  // -> joined chip id
  std::vector<std::pair<EthEnd, RemoteLink>> remote;
  for (const std::filesystem::path& file : by_rank) {
    HostDescriptor host = read_host_descriptor(file);
    const auto first = static_cast<uint32_t>(chips.size());
    chips_by_rank.emplace_back();
    for (Chip chip : host.chips) {
      const uint32_t local = chip.id;
      chip.id += first;
      chips.push_back(chip);
      chips_by_rank.back().push_back(chip.id);
      if (auto id = host.unique_ids.find(local); id != host.unique_ids.end()) by_unique_id[id->second] = chip.id;
    }
    for (EthLink link : host.links) {
      link.a.chip += first;
      link.b.chip += first;
      links.push_back(link);
    }
    for (RemoteLink link : host.remote_links) remote.push_back({{link.local.chip + first, link.local.channel}, link});
  }
  // Each link between hosts appears in both hosts' descriptors: keep it once.
  for (const auto& [end, link] : remote) {
    const auto far = by_unique_id.find(link.remote_unique_id);
    if (far == by_unique_id.end())
      throw refuse(fmt::format("chip {} channel {} links to chip {:#x}, which no rank's descriptor has", end.chip,
                               end.channel, link.remote_unique_id));
    const EthEnd other{far->second, link.remote_channel};
    if (other < end) continue;
    links.push_back({end, other});
  }
  return {Cluster(name, std::move(chips), std::move(links), mesh), std::move(chips_by_rank)};
}

}  // namespace zyxtt::cluster
