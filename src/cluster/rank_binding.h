// tt-metal's rank binding file (tests/tt_metal/distributed/config/*.yaml, as
// its tt-run launcher reads it): for each rank its mesh and the environment
// it runs with (TT_VISIBLE_DEVICES, ...), and optionally the mesh graph.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace zyxtt::cluster {

struct RankBinding {
  uint32_t rank = 0;
  uint32_t mesh_id = 0;
  std::map<std::string, std::string> env_overrides;
};

// Throws Error(INVALID_ARGUMENT) naming the file for one that cannot be read
// or lacks rank_bindings.
std::vector<RankBinding> read_rank_bindings(const std::string& path);

}  // namespace zyxtt::cluster
