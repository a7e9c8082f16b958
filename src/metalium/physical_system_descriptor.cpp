// A physical system descriptor read from protobuf text format: only the
// asic_topologies blocks (an ASIC, and per neighbour its ethernet links) are
// kept; other fields are skipped.
#include <tt-metalium/experimental/fabric/physical_system_descriptor.hpp>

#include <tt_stl/assert.hpp>

#include <cctype>
#include <fstream>
#include <sstream>

namespace tt::tt_metal {

namespace {

// Tokens of protobuf text format: names, values, ':', '{', '}'; comments dropped.
std::vector<std::string> tokens_of(const std::string& text) {
  std::vector<std::string> out;
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '{' || c == '}' || c == ':') {
      out.emplace_back(1, c);
      ++i;
    } else if (c == '"') {
      size_t j = i + 1;
      while (j < text.size() && text[j] != '"') j += text[j] == '\\' ? 2 : 1;
      out.push_back(text.substr(i, j + 1 - i));
      i = j + 1;
    } else {
      size_t j = i;
      while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) && text[j] != '{' &&
             text[j] != '}' && text[j] != ':' && text[j] != '#') {
        ++j;
      }
      out.push_back(text.substr(i, j - i));
      i = j;
    }
  }
  return out;
}

}  // namespace

PhysicalSystemDescriptor::PhysicalSystemDescriptor(const std::string& mock_proto_desc_path) {
  std::ifstream in(mock_proto_desc_path);
  TT_FATAL(in.good(), "cannot read physical system descriptor {}", mock_proto_desc_path);
  std::stringstream text;
  text << in.rdbuf();
  const auto tokens = tokens_of(text.str());
  // Walk the block nesting; fields are read by the name of the block they are in.
  std::vector<std::string> blocks;
  AsicID asic{0};
  std::vector<std::pair<AsicID, std::vector<EthConnection>>>* neighbours = nullptr;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::string& name = tokens[i];
    if (name == "}") {
      TT_FATAL(!blocks.empty(), "{}: unbalanced '}}'", mock_proto_desc_path);
      blocks.pop_back();
      continue;
    }
    size_t next = i + 1;
    if (next < tokens.size() && tokens[next] == ":") ++next;
    TT_FATAL(next < tokens.size(), "{}: field {} has no value", mock_proto_desc_path, name);
    if (tokens[next] == "{") {
      blocks.push_back(name);
      if (name == "asic_connections" && neighbours != nullptr) neighbours->emplace_back(AsicID{0}, std::vector<EthConnection>{});
      if (name == "eth_connections" && neighbours != nullptr && !neighbours->empty()) {
        neighbours->back().second.emplace_back();
      }
      i = next;
      continue;
    }
    const std::string& value = tokens[next];
    i = next;
    const std::string in_block = blocks.empty() ? "" : blocks.back();
    if (in_block == "asic_topologies" && name == "asic_id") {
      asic = AsicID{std::stoull(value)};
      neighbours = &links_[asic];
    } else if (in_block == "asic_connections" && name == "dst_asic_id" && neighbours && !neighbours->empty()) {
      neighbours->back().first = AsicID{std::stoull(value)};
    } else if (in_block == "eth_connections" && neighbours && !neighbours->empty() &&
               !neighbours->back().second.empty()) {
      auto& link = neighbours->back().second.back();
      if (name == "src_chan") link.src_chan = static_cast<uint8_t>(std::stoul(value));
      if (name == "dst_chan") link.dst_chan = static_cast<uint8_t>(std::stoul(value));
      if (name == "is_local") link.is_local = value == "true" || value == "1";
    }
  }
  TT_FATAL(blocks.empty(), "{}: unclosed block {}", mock_proto_desc_path, blocks.empty() ? "" : blocks.back());
}

PhysicalSystemDescriptor::~PhysicalSystemDescriptor() = default;

std::vector<AsicID> PhysicalSystemDescriptor::get_asic_neighbors(AsicID asic_id) const {
  std::vector<AsicID> out;
  auto it = links_.find(asic_id);
  if (it == links_.end()) return out;
  for (const auto& [neighbour, eth] : it->second) out.push_back(neighbour);
  return out;
}

std::vector<EthConnection> PhysicalSystemDescriptor::get_eth_connections(AsicID src_asic_id, AsicID dst_asic_id) const {
  auto it = links_.find(src_asic_id);
  if (it == links_.end()) return {};
  for (const auto& [neighbour, eth] : it->second) {
    if (neighbour == dst_asic_id) return eth;
  }
  return {};
}

}  // namespace tt::tt_metal
