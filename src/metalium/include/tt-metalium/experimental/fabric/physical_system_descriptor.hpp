// tt-metal's physical system descriptor: the chips (ASICs) of a system and the
// ethernet links between them. Here only what reading a descriptor file and
// querying its links needs; the emulator's own cluster is described by
// ZYX_TT_CLUSTER, not by one of these.
#pragma once

#include <tt-metalium/experimental/fabric/fabric_types.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tt::tt_metal {

struct EthConnection {
  uint8_t src_chan = 0;
  uint8_t dst_chan = 0;
  bool is_local = false;

  bool operator==(const EthConnection& other) const {
    return src_chan == other.src_chan && dst_chan == other.dst_chan && is_local == other.is_local;
  }
  bool operator<(const EthConnection& other) const {
    return src_chan != other.src_chan ? src_chan < other.src_chan : dst_chan < other.dst_chan;
  }
};

class PhysicalSystemDescriptor {
 public:
  // Reads a descriptor in protobuf text format (tt-metal's mock PSD files):
  // its asic_topologies' links. Throws on a file it cannot read.
  explicit PhysicalSystemDescriptor(const std::string& mock_proto_desc_path);
  ~PhysicalSystemDescriptor();
  PhysicalSystemDescriptor(PhysicalSystemDescriptor&&) = default;
  PhysicalSystemDescriptor(const PhysicalSystemDescriptor&) = delete;
  PhysicalSystemDescriptor& operator=(const PhysicalSystemDescriptor&) = delete;
  PhysicalSystemDescriptor& operator=(PhysicalSystemDescriptor&&) = delete;

  // The ASICs asic_id has links to, in the descriptor's order.
  std::vector<AsicID> get_asic_neighbors(AsicID asic_id) const;
  std::vector<EthConnection> get_eth_connections(AsicID src_asic_id, AsicID dst_asic_id) const;

 private:
  // asic -> its neighbours in file order, each with its links
  std::map<AsicID, std::vector<std::pair<AsicID, std::vector<EthConnection>>>> links_;
};

}  // namespace tt::tt_metal
