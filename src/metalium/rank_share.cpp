#include "metalium/rank_share.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <thread>
#include <cstdlib>
#include <mutex>
#include <optional>

#include "cluster/rank_binding.h"
#include "common/error.h"
#include "metalium/emulator_options.h"

namespace zyxtt::metalium {

namespace multihost = tt::tt_metal::distributed::multihost;

namespace {

int env_int(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? 0 : std::atoi(value);
}

// The world rank as the launcher tells it, before MPI starts.
uint32_t launcher_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(name) != nullptr) return static_cast<uint32_t>(env_int(name));
  return 0;
}

}  // namespace

bool launched_as_rank() {
  return env_int("OMPI_COMM_WORLD_SIZE") > 1 || env_int("PMI_SIZE") > 1 || multihost::DistributedContext::is_initialized();
}

void apply_rank_binding() {
  static std::once_flag once;
  std::call_once(once, [] {
    const char* path = std::getenv("ZYX_TT_RANK_BINDING");
    if (path == nullptr || *path == '\0') return;
    const uint32_t rank = launched_as_rank() ? launcher_rank() : 0;
    for (const cluster::RankBinding& binding : cluster::read_rank_bindings(path)) {
      if (binding.rank != rank) continue;
      if (binding.mesh_id != 0)
        throw Error(Code::kInvalidArgument,
                    fmt::format("rank binding file {}: rank {} is bound to mesh {}; the emulated cluster is one mesh, "
                                "mesh 0 (ZYX_TT_RANK_BINDING)",
                                path, rank, binding.mesh_id));
      for (const auto& [name, value] : binding.env_overrides) setenv(name.c_str(), value.c_str(), 1);
      return;
    }
    throw Error(Code::kInvalidArgument,
                fmt::format("rank binding file {} has no entry for rank {} (ZYX_TT_RANK_BINDING)", path, rank));
  });
}

multihost::ContextPtr mesh_ranks() {
  if (!launched_as_rank()) return nullptr;
  const multihost::ContextPtr& world = multihost::DistributedContext::get_current_world();
  return *world->size() > 1 ? world : nullptr;
}

namespace {
std::mutex share_mutex;
multihost::ContextPtr shard_traffic;  // made with the share, by every rank at once
multihost::ContextPtr chip_traffic;
}  // namespace

multihost::ContextPtr link_traffic() {
  rank_share();
  return chip_traffic;
}

const cluster::RankShare& rank_share() {
  static std::optional<cluster::RankShare> share;
  std::lock_guard lock(share_mutex);
  if (share) return *share;
  const cluster::Cluster& chips = emulated_cluster();
  const multihost::ContextPtr ranks = mesh_ranks();
  if (!ranks) return share.emplace(cluster::whole_cluster(chips));
  shard_traffic = ranks->duplicate();
  chip_traffic = ranks->duplicate();
  // Each rank's TT_VISIBLE_DEVICES as a chip mask, and whether it has one.
  std::array<uint64_t, 2> mine{0, 0};
  if (const char* visible = std::getenv("TT_VISIBLE_DEVICES"); visible != nullptr && *visible != '\0') {
    mine[0] = 1;
    for (uint32_t chip : cluster::parse_chip_list(visible)) {
      if (chip >= 64 || chip >= chips.size())
        throw Error(Code::kInvalidArgument, fmt::format("TT_VISIBLE_DEVICES names chip {}; cluster {} has chips 0 to {}",
                                                        chip, chips.source(), chips.size() - 1));
      mine[1] |= uint64_t{1} << chip;
    }
  }
  const auto size = static_cast<uint32_t>(*ranks->size());
  const auto rank = static_cast<uint32_t>(*ranks->rank());
  if (const auto& by_descriptor = descriptor_ranks()) {
    if (by_descriptor->size() != size)
      throw Error(Code::kInvalidArgument,
                  fmt::format("ZYX_TT_MOCK_CLUSTER_RANK_BINDING gives {} ranks' descriptors; the job has {} ranks",
                              by_descriptor->size(), size));
    return share.emplace(cluster::share_by_rank(chips, rank, *by_descriptor));
  }
  std::vector<std::array<uint64_t, 2>> all(size);
  ranks->all_gather(ttsl::as_writable_bytes(ttsl::Span<std::array<uint64_t, 2>>(&mine, 1)),
                    ttsl::as_writable_bytes(ttsl::Span<std::array<uint64_t, 2>>(all.data(), all.size())));
  size_t given = 0;
  for (const auto& entry : all) given += entry[0];
  if (given == 0) return share.emplace(cluster::split_evenly(chips, rank, size));
  if (given != size)
    throw Error(Code::kInvalidArgument,
                fmt::format("TT_VISIBLE_DEVICES is set on {} of the {} ranks; give every rank its chips, or none "
                            "(the mesh is then cut evenly)",
                            given, size));
  std::vector<std::vector<uint32_t>> by_rank(size);
  for (uint32_t r = 0; r < size; ++r)
    for (uint32_t chip = 0; chip < 64; ++chip)
      if (all[r][1] >> chip & 1) by_rank[r].push_back(chip);
  return share.emplace(cluster::share_by_rank(chips, rank, by_rank));
}

}  // namespace zyxtt::metalium

namespace zyxtt::metalium {

namespace {

// Waits for `request` with sleeps growing to 2 ms, until `deadline`.
bool wait_politely(multihost::Request& request, std::chrono::steady_clock::time_point deadline) {
  auto nap = std::chrono::microseconds(20);
  while (!request.test()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(nap);
    nap = std::min<std::chrono::microseconds>(nap * 2, std::chrono::milliseconds(2));
  }
  return true;
}

}  // namespace

void share_shard(std::span<std::byte> shard, uint32_t owner) {
  rank_share();  // makes the context
  const multihost::ContextPtr& ranks = shard_traffic;
  if (!ranks) return;
  const auto me = static_cast<uint32_t>(*ranks->rank());
  const auto size = static_cast<uint32_t>(*ranks->size());
  const double seconds = emulator_options().options.run_timeout;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                             std::chrono::duration<double>(seconds));
  const ttsl::Span<std::byte> bytes(shard.data(), shard.size());
  constexpr multihost::Tag kShardTag{1};
  if (me != owner) {
    auto request = ranks->irecv(bytes, multihost::Rank(static_cast<int>(owner)), kShardTag);
    if (!wait_politely(*request, deadline)) {
      request->cancel();
      throw Error(Code::kDeadlineExceeded,
                  fmt::format("rank {} waited {} s for rank {} to read a mesh buffer whose shard it holds; every "
                              "rank reads such a buffer at the same point of its program (ZYX_TT_RUN_TIMEOUT)",
                              me, seconds, owner));
    }
    return;
  }
  std::vector<multihost::RequestPtr> sends;
  for (uint32_t r = 0; r < size; ++r)
    if (r != me) sends.push_back(ranks->isend(bytes, multihost::Rank(static_cast<int>(r)), kShardTag));
  for (uint32_t i = 0; i < sends.size(); ++i)
    if (!wait_politely(*sends[i], deadline)) {
      for (auto& send : sends) send->cancel();
      throw Error(Code::kDeadlineExceeded,
                  fmt::format("rank {} waited {} s for the other ranks to read a mesh buffer whose shard it holds; "
                              "every rank reads such a buffer at the same point of its program (ZYX_TT_RUN_TIMEOUT)",
                              me, seconds));
    }
}

}  // namespace zyxtt::metalium
