#include "cluster/rank_binding.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "common/error.h"

namespace zyxtt::cluster {

std::vector<RankBinding> read_rank_bindings(const std::string& path) {
  auto refuse = [&](const std::string& why) {
    return Error(Code::kInvalidArgument, fmt::format("rank binding file {}: {}", path, why));
  };
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::Exception& e) {
    throw refuse(e.what());
  }
  const YAML::Node bindings = root["rank_bindings"];
  if (!bindings || !bindings.IsSequence()) throw refuse("no rank_bindings list");
  std::vector<RankBinding> out;
  try {
    for (const YAML::Node& entry : bindings) {
      RankBinding binding;
      binding.rank = entry["rank"].as<uint32_t>();
      if (entry["mesh_id"]) binding.mesh_id = entry["mesh_id"].as<uint32_t>();
      if (const YAML::Node env = entry["env_overrides"]; env && env.IsMap())
        for (const auto& kv : env) binding.env_overrides[kv.first.as<std::string>()] = kv.second.as<std::string>();
      out.push_back(std::move(binding));
    }
  } catch (const YAML::Exception& e) {
    throw refuse(fmt::format("an entry of rank_bindings: {}", e.what()));
  }
  return out;
}

}  // namespace zyxtt::cluster
