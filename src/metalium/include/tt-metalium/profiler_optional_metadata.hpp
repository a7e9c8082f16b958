// Op names a profiler read may attach to runs (device, runtime id), as
// tt-metal declares it (global namespace). The emulator's log does not use it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include <tt-metalium/device_types.hpp>

class ProfilerOptionalMetadata {
  using RuntimeID = uint32_t;

 public:
  ProfilerOptionalMetadata(std::map<std::pair<tt::ChipId, RuntimeID>, std::string>&& runtime_map)
      : names_(std::move(runtime_map)) {}

  const std::string& get_op_name(tt::ChipId device_id, RuntimeID runtime_id) const {
    static const std::string none;
    const auto it = names_.find({device_id, runtime_id});
    return it == names_.end() ? none : it->second;
  }

 private:
  std::map<std::pair<tt::ChipId, RuntimeID>, std::string> names_;
};
