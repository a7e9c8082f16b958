// The emulator behind libtt_metal: an EmuDevice whose worker and kernel
// headers sit beside the library once installed (lib/zyx-tt/), or in the
// build and source trees, with the runtime's options (emulator_options.h).
#include <dlfcn.h>

#include <tt_metal/llrt/rtoptions.hpp>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <algorithm>
#include <optional>
#include <string>

#include "device/emu/emu_device.h"
#include "metalium/backend.h"
#include "metalium/device_profiler.h"
#include "metalium/emulator_options.h"
#include "metalium/mesh_graph_shape.h"
#include <tt-metalium/distributed_context.hpp>
#include <tt_stl/assert.hpp>

#include "metalium/rank_links.h"
#include "metalium/rank_share.h"
#include "cluster/named.h"
#include "cluster/rank_descriptors.h"
#include "options/options_parser.h"

namespace zyxtt::metalium {
namespace {

namespace fs = std::filesystem;

// The folder holding this library.
fs::path library_directory() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&default_device_factory), &info) == 0 || info.dli_fname == nullptr) return {};
  std::error_code ec;
  return fs::canonical(info.dli_fname, ec).parent_path();
}

// Where an installed TT-Metalium root keeps the worker and kernel headers.
fs::path home() { return library_directory() / "zyx-tt"; }

std::mutex g_mutex;
std::optional<EmulatorOptions> g_options;
std::optional<cluster::Cluster> g_cluster;
std::optional<std::vector<std::vector<uint32_t>>> g_descriptor_ranks;  // with a cluster joined from ranks' descriptors

const EmulatorOptions& options_locked() {
  if (!g_options) apply_rank_binding();  // its environment may choose the options
  if (!g_options) g_options = EmulatorOptions{options_from_environment(home()), OptionHints::kVariable};
  return *g_options;
}

}  // namespace

void use_runtime_options(const Options& options, int stop_fd) {
  std::lock_guard lock(g_mutex);
  g_options = EmulatorOptions{options, OptionHints::kFlagAndVariable, stop_fd};
  g_cluster.reset();
  g_descriptor_ranks.reset();
}

const EmulatorOptions& emulator_options() {
  std::lock_guard lock(g_mutex);
  return options_locked();
}

namespace {

// A path as tt-metal takes it from the environment: relative to TT_METAL_HOME.
fs::path from_home(const char* path) {
  const char* home = std::getenv("TT_METAL_HOME");
  const fs::path p(path);
  return p.is_relative() && home != nullptr && fs::exists(fs::path(home) / p) ? fs::path(home) / p : p;
}

// tt-run's way: each rank's TT_METAL_MOCK_CLUSTER_DESC_PATH names its own
// host's descriptor. When the ranks' paths differ, every rank reads them all
// and joins them (no --cluster given); else none.
std::optional<cluster::RankedCluster> join_ranks_descriptors(const EmulatorOptions& given) {
  const char* mine = std::getenv("TT_METAL_MOCK_CLUSTER_DESC_PATH");
  if (!given.options.cluster.empty() || mine == nullptr || *mine == '\0' || !launched_as_rank()) return std::nullopt;
  namespace multihost = tt::tt_metal::distributed::multihost;
  const auto& ranks = multihost::DistributedContext::get_current_world();
  constexpr size_t kPathBytes = 4096;
  std::vector<char> path(kPathBytes, '\0');
  const std::string own = from_home(mine).string();
  if (own.size() >= kPathBytes) return std::nullopt;
  std::copy(own.begin(), own.end(), path.begin());
  std::vector<char> all(kPathBytes * static_cast<size_t>(*ranks->size()));
  ranks->all_gather(ttsl::as_writable_bytes(ttsl::Span<char>(path.data(), path.size())),
                    ttsl::as_writable_bytes(ttsl::Span<char>(all.data(), all.size())));
  std::vector<fs::path> by_rank;
  for (size_t r = 0; r < static_cast<size_t>(*ranks->size()); ++r) by_rank.emplace_back(all.data() + r * kPathBytes);
  if (std::all_of(by_rank.begin(), by_rank.end(), [&](const fs::path& p) { return p == by_rank.front(); }))
    return std::nullopt;  // one descriptor for all: every rank's cluster is that one
  const char* graph = std::getenv("TT_MESH_GRAPH_DESC_PATH");
  return cluster::join_rank_descriptors(by_rank, "TT_METAL_MOCK_CLUSTER_DESC_PATH of each rank",
                                        graph != nullptr && *graph != '\0' ? mesh_graph_shape(from_home(graph))
                                                                           : std::nullopt);
}

}  // namespace

const cluster::Cluster& emulated_cluster() {
  std::lock_guard lock(g_mutex);
  if (!g_cluster) {
    const EmulatorOptions& given = options_locked();
    if (const char* mapping = std::getenv("ZYX_TT_MOCK_CLUSTER_RANK_BINDING"); mapping != nullptr && *mapping != '\0') {
      const char* graph = std::getenv("TT_MESH_GRAPH_DESC_PATH");
      const char* home = std::getenv("TT_METAL_HOME");
      cluster::RankedCluster joined = cluster::read_rank_descriptors(
          from_home(mapping), home != nullptr ? fs::path(home) : fs::path(),
          graph != nullptr && *graph != '\0' ? mesh_graph_shape(from_home(graph)) : std::nullopt);
      g_descriptor_ranks = std::move(joined.chips_by_rank);
      g_cluster = std::move(joined.cluster);
    } else if (auto joined = join_ranks_descriptors(given)) {
      g_descriptor_ranks = std::move(joined->chips_by_rank);
      g_cluster = std::move(joined->cluster);
    } else {
      g_cluster = cluster::choose_cluster(given.options.cluster, given.options.arch, given.hints);
    }
  }
  return *g_cluster;
}

const cluster::Chip& emulated_chip(int chip) {
  const cluster::Cluster& chips = emulated_cluster();
  TT_FATAL(chip >= 0 && static_cast<size_t>(chip) < chips.size(),
           "Chip {} does not exist: the emulated cluster {} has chips 0 to {}", chip, chips.source(), chips.size() - 1);
  return chips.chip(static_cast<uint32_t>(chip));
}

const std::optional<std::vector<std::vector<uint32_t>>>& descriptor_ranks() {
  emulated_cluster();
  return g_descriptor_ranks;
}

namespace {

// One per cluster, for all its chips' devices, made with the first of them
// (emu/cluster_memory.h). A chip alone is a cluster of one: its sub-devices'
// programs then run at the same time, each on a device worker of its own.
std::shared_ptr<emu::ClusterMemory> cluster_memory(const cluster::Cluster& chips) {
  static std::mutex mutex;
  static std::weak_ptr<emu::ClusterMemory> made;
  static const cluster::Cluster* made_for = nullptr;
  std::lock_guard lock(mutex);
  if (auto memory = made.lock(); memory && made_for == &chips) return memory;
  std::vector<emu::ChipTopology> topology(chips.size());
  for (const cluster::Chip& chip : chips.chips()) {
    topology[chip.id].arch = chip.arch;
    const cluster::MeshCoord at = chips.coord_of(chip.id);
    topology[chip.id].mesh_row = at.row;
    topology[chip.id].mesh_col = at.col;
    for (uint32_t channel = 0; channel < kEthChannels; ++channel)
      if (const auto peer = chips.peer({chip.id, channel})) topology[chip.id].peers[channel] = {peer->chip, peer->channel};
  }
  auto memory = std::make_shared<emu::ClusterMemory>(std::move(topology));
  start_rank_links(memory);  // when the mesh spans MPI ranks
  made = memory;
  made_for = &chips;
  return memory;
}

}  // namespace

DeviceFactory default_device_factory() {
  return [](uint32_t chip) -> std::unique_ptr<Device> {
    const EmulatorOptions& given = emulator_options();
    emu::EmuOptions o = zyxtt::emulator_options(given.options, given.hints, *emulated_cluster().chip(chip).arch);
    o.cluster = cluster_memory(emulated_cluster());
    o.chip = chip;
    const fs::path installed = home() / "zyx-tt-device-worker";
    o.stop_fd = given.stop_fd;
    o.compiler.stop_fd = given.stop_fd;
    o.worker_path = fs::exists(installed) ? installed.string() : ZYXTT_METALIUM_BUILD_WORKER;
    // DPRINT lines also reach stderr when asked for as on a card.
    if (tt::llrt::RunTimeOptions().get_feature_enabled(tt::llrt::RunTimeDebugFeatureDprint)) o.dprint = true;
    o.profile_log = device_profile_log();
    return std::make_unique<emu::EmuDevice>(o);
  };
}

}  // namespace zyxtt::metalium
