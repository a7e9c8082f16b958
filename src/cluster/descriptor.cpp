#include "cluster/descriptor.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <sstream>

#include "common/error.h"

namespace zyxtt::cluster {
namespace {

// tt-umd's board names for what we emulate, aliases included.
constexpr std::pair<std::string_view, Board> kBoards[] = {
    {"p100", Board::kP100},  {"p100a", Board::kP100},          {"p150", Board::kP150},
    {"p150a", Board::kP150}, {"p150b", Board::kP150},          {"p150c", Board::kP150},
    {"p300", Board::kP300},  {"p300a", Board::kP300},          {"p300c", Board::kP300},
    {"ubb_blackhole", Board::kGalaxy},
};

class Reader {
 public:
  explicit Reader(const std::string& name) : name_(name) {}

  [[noreturn]] void refuse(const std::string& key, const std::string& why) const {
    throw Error(Code::kInvalidArgument, fmt::format("cluster descriptor {}: {}: {}", name_, key, why));
  }

  uint64_t integer(const YAML::Node& node, const std::string& key) const {
    if (!node.IsScalar()) refuse(key, "expected an integer");
    try {
      return node.as<uint64_t>();
    } catch (const YAML::Exception&) {
      refuse(key, fmt::format("expected an integer, found '{}'", node.Scalar()));
    }
  }

  uint32_t chip_id(const YAML::Node& node, const std::string& key) const {
    const uint64_t id = integer(node, key);
    if (id > std::numeric_limits<uint16_t>::max()) refuse(key, fmt::format("chip id {} is out of range", id));
    return static_cast<uint32_t>(id);
  }

  const YAML::Node require(const YAML::Node& root, const char* key, YAML::NodeType::value type) const {
    const YAML::Node node = root[key];
    if (!node) refuse(key, "missing; a cluster descriptor has arch, chips_with_mmio and, per chip, harvesting");
    if (node.Type() != type && !(node.IsNull() && type == YAML::NodeType::Sequence))
      refuse(key, type == YAML::NodeType::Map ? "expected a map from chip id" : "expected a list");
    return node;
  }

 private:
  const std::string& name_;
};

Board board_named(const Reader& r, const YAML::Node& node, const std::string& key) {
  if (!node.IsScalar()) r.refuse(key, "expected a board type");
  std::string name = node.Scalar();
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const auto& [known, board] : kBoards)
    if (known == name) return board;
  r.refuse(key, fmt::format("board type '{}' is not emulated; accepted: p100, p150, p300 (Blackhole boards) and "
                            "ubb_blackhole (a Blackhole Galaxy)",
                            node.Scalar()));
}

EthEnd eth_end(const Reader& r, const YAML::Node& node, const std::string& key) {
  if (!node.IsMap() || !node["chip"] || !node["chan"]) r.refuse(key, "expected {chip: <id>, chan: <channel>}");
  return {r.chip_id(node["chip"], key + ".chip"), static_cast<uint32_t>(r.integer(node["chan"], key + ".chan"))};
}

}  // namespace

HostDescriptor parse_host_descriptor(std::string_view yaml, const std::string& name) {
  Reader r(name);
  YAML::Node root;
  try {
    root = YAML::Load(std::string(yaml));
  } catch (const YAML::Exception& e) {
    throw Error(Code::kInvalidArgument,
                fmt::format("cluster descriptor {}: line {}: not YAML: {}", name, e.mark.line + 1, e.msg));
  }
  if (!root.IsMap()) r.refuse("(top level)", "expected a map of keys such as arch, chips_with_mmio, harvesting");

  // arch: every chip, each a Blackhole.
  std::map<uint32_t, Chip> chips;
  for (const auto& entry : r.require(root, "arch", YAML::NodeType::Map)) {
    const std::string key = "arch." + entry.first.Scalar();
    const uint32_t id = r.chip_id(entry.first, key);
    const std::string arch = entry.second.IsScalar() ? entry.second.Scalar() : "";
    if (arch != "blackhole" && arch != "Blackhole" && arch != "BLACKHOLE")
      r.refuse(key, fmt::format("arch '{}' is not emulated; accepted: blackhole", arch));
    chips[id].id = id;
  }
  if (chips.empty()) r.refuse("arch", "no chips");
  auto chip_of = [&](const YAML::Node& node, const std::string& key) -> Chip& {
    const uint32_t id = r.chip_id(node, key);
    auto it = chips.find(id);
    if (it == chips.end()) r.refuse(key, fmt::format("chip {} is not in arch", id));
    return it->second;
  };

  for (const auto& entry : r.require(root, "chips_with_mmio", YAML::NodeType::Sequence)) {
    if (!entry.IsMap() || entry.size() != 1) r.refuse("chips_with_mmio", "expected entries '- <chip>: <index>'");
    const auto pair = *entry.begin();
    chip_of(pair.first, "chips_with_mmio." + pair.first.Scalar()).mmio = true;
  }

  if (const YAML::Node harvesting = root["harvesting"]) {
    if (!harvesting.IsMap()) r.refuse("harvesting", "expected a map from chip id");
    for (const auto& entry : harvesting) {
      const std::string key = "harvesting." + entry.first.Scalar();
      Chip& chip = chip_of(entry.first, key);
      if (!entry.second.IsMap()) r.refuse(key, "expected a map with harvest_mask");
      auto mask = [&](const char* field) -> uint32_t {
        const YAML::Node node = entry.second[field];
        if (!node) return 0;
        const uint64_t value = r.integer(node, key + "." + field);
        if (value > std::numeric_limits<uint32_t>::max()) r.refuse(key + "." + field, "mask wider than 32 bits");
        return static_cast<uint32_t>(value);
      };
      chip.harvesting = {mask("harvest_mask"), mask("dram_harvesting_mask"), mask("eth_harvesting_mask")};
    }
  }

  // Boards: the list form, else the older chip_to_boardtype.
  std::map<uint32_t, bool> on_board;
  if (const YAML::Node boards = root["boards"]; boards && !boards.IsNull()) {
    if (!boards.IsSequence()) r.refuse("boards", "expected a list of boards");
    for (size_t b = 0; b < boards.size(); ++b) {
      const std::string key = fmt::format("boards[{}]", b);
      std::optional<Board> type;
      uint64_t id = b;
      std::vector<YAML::Node> members;
      if (!boards[b].IsSequence()) r.refuse(key, "expected a list of board_id, board_type and chips");
      for (const auto& field : boards[b]) {
        if (!field.IsMap()) r.refuse(key, "expected entries board_id, board_type and chips");
        if (field["board_id"]) id = r.integer(field["board_id"], key + ".board_id");
        if (field["board_type"]) type = board_named(r, field["board_type"], key + ".board_type");
        if (field["chips"])
          for (const auto& c : field["chips"]) members.push_back(c);
      }
      if (!type) r.refuse(key, "no board_type");
      for (const auto& c : members) {
        Chip& chip = chip_of(c, key + ".chips");
        chip.board = *type;
        chip.board_id = id;
        on_board[chip.id] = true;
      }
    }
  } else if (const YAML::Node types = root["chip_to_boardtype"]) {
    if (!types.IsMap()) r.refuse("chip_to_boardtype", "expected a map from chip id");
    for (const auto& entry : types) {
      const std::string key = "chip_to_boardtype." + entry.first.Scalar();
      Chip& chip = chip_of(entry.first, key);
      chip.board = board_named(r, entry.second, key);
      chip.board_id = chip.id;
      on_board[chip.id] = true;
    }
  }
  for (const auto& [id, chip] : chips)
    if (!on_board.count(id))
      r.refuse("boards", fmt::format("chip {} is on no board (give boards, or chip_to_boardtype)", id));

  std::vector<EthLink> links;
  if (const YAML::Node connections = root["ethernet_connections"]; connections && !connections.IsNull()) {
    if (!connections.IsSequence()) r.refuse("ethernet_connections", "expected a list of [end, end] pairs");
    for (size_t i = 0; i < connections.size(); ++i) {
      const std::string key = fmt::format("ethernet_connections[{}]", i);
      const YAML::Node link = connections[i];
      if (!link.IsSequence() || link.size() < 2) r.refuse(key, "expected two ends {chip, chan}");
      links.push_back({eth_end(r, link[0], key + "[0]"), eth_end(r, link[1], key + "[1]")});
    }
  }

  HostDescriptor host;
  host.name = name;
  if (const YAML::Node ids = root["chip_unique_ids"]; ids && ids.IsMap())
    for (const auto& entry : ids) {
      const std::string key = "chip_unique_ids." + entry.first.Scalar();
      host.unique_ids[chip_of(entry.first, key).id] = r.integer(entry.second, key);
    }
  if (const YAML::Node remote = root["ethernet_connections_to_remote_devices"]; remote && remote.IsSequence()) {
    for (size_t i = 0; i < remote.size(); ++i) {
      const std::string key = fmt::format("ethernet_connections_to_remote_devices[{}]", i);
      const YAML::Node link = remote[i];
      if (link.IsNull()) continue;  // tt-umd writes empty entries
      if (!link.IsSequence() || link.size() < 2 || !link[1].IsMap() || !link[1]["remote_chip_id"] || !link[1]["chan"])
        r.refuse(key, "expected {chip, chan} and {remote_chip_id, chan}");
      host.remote_links.push_back({eth_end(r, link[0], key + "[0]"),
                                   r.integer(link[1]["remote_chip_id"], key + "[1].remote_chip_id"),
                                   static_cast<uint32_t>(r.integer(link[1]["chan"], key + "[1].chan"))});
    }
  }

  std::vector<Chip> list;
  for (auto& [id, chip] : chips) {
    try {
      chip.arch = &harvested_arch(chip.harvesting);
    } catch (const Error& e) {
      r.refuse(fmt::format("harvesting.{}", id), e.what());
    }
    list.push_back(chip);
  }
  for (size_t i = 0; i < list.size(); ++i)
    if (list[i].id != i) r.refuse("arch", fmt::format("chip ids must be 0 to {}; {} is missing", list.size() - 1, i));
  host.chips = std::move(list);
  host.links = std::move(links);
  return host;
}

Cluster parse_cluster_descriptor(std::string_view yaml, const std::string& name) {
  HostDescriptor host = parse_host_descriptor(yaml, name);
  return Cluster(name, std::move(host.chips), std::move(host.links));
}

HostDescriptor read_host_descriptor(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in)
    throw Error(Code::kInvalidArgument,
                fmt::format("cluster descriptor {}: cannot be read: {}", path.string(), std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  return parse_host_descriptor(text.str(), path.string());
}

Cluster read_cluster_descriptor(const std::filesystem::path& path) {
  HostDescriptor host = read_host_descriptor(path);
  return Cluster(path.string(), std::move(host.chips), std::move(host.links));
}

}  // namespace zyxtt::cluster
