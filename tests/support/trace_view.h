// A Chrome trace file written by --trace / ZYX_TT_TRACE, parsed strictly
// (nlohmann refuses a file without its closing brackets) and indexed by
// what the tests ask of it: events by phase and name, tracks by name.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace zyxtt::testing {

struct TraceView {
  nlohmann::json events;                                      // the traceEvents array
  std::map<int64_t, std::string> processes;                   // pid -> process_name
  std::map<std::pair<int64_t, int64_t>, std::string> tracks;  // (pid, tid) -> thread_name

  // The name of the track event `e` is on ("" when unnamed).
  std::string track(const nlohmann::json& e) const {
    auto it = tracks.find({e.at("pid").get<int64_t>(), e.value("tid", int64_t{-1})});
    return it == tracks.end() ? "" : it->second;
  }
  // Events of phase `ph`, of name `name` when one is given.
  std::vector<nlohmann::json> of(const std::string& ph, const std::string& name = "") const {
    std::vector<nlohmann::json> found;
    for (const nlohmann::json& e : events)
      if (e.at("ph") == ph && (name.empty() || e.value("name", "") == name)) found.push_back(e);
    return found;
  }
  // Events of phase `ph` in category `cat`.
  std::vector<nlohmann::json> in(const std::string& ph, const std::string& cat) const {
    std::vector<nlohmann::json> found;
    for (const nlohmann::json& e : events)
      if (e.at("ph") == ph && e.value("cat", "") == cat) found.push_back(e);
    return found;
  }
};

// Throws nlohmann::json::parse_error for a file that is not one JSON value.
inline TraceView read_trace(const std::filesystem::path& path) {
  std::ifstream in(path);
  TraceView view;
  view.events = nlohmann::json::parse(in).at("traceEvents");
  for (const nlohmann::json& e : view.events) {
    if (e.at("ph") != "M") continue;
    const int64_t pid = e.at("pid").get<int64_t>();
    if (e.at("name") == "process_name") view.processes[pid] = e.at("args").at("name");
    if (e.at("name") == "thread_name") view.tracks[{pid, e.at("tid").get<int64_t>()}] = e.at("args").at("name");
  }
  return view;
}

}  // namespace zyxtt::testing
