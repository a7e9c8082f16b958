// The options of the emulator behind this TT-Metalium. A TT-Metalium program
// has no command line: its emulator reads the ZYX_TT_* environment through
// the runtime's own parser (options/options_parser.h). The runtime, driving
// this library through the metal plugin, hands over the options it parsed.
// Exported for the plugin; only plain data crosses.
#pragma once

#include <optional>
#include <vector>

#include "cluster/cluster.h"
#include "common/option_hint.h"
#include "options/options.h"

namespace zyxtt::metalium {

// From now on the emulator takes `options` (the runtime's), names options
// as the runtime does (flag and variable) and ends its runs and compiles once
// `stop_fd` is readable (-1: never).
void use_runtime_options(const Options& options, int stop_fd);

struct EmulatorOptions {
  Options options;
  OptionHints hints = OptionHints::kVariable;
  int stop_fd = -1;
};
// The runtime's when it handed them over, else the environment's (parsed on
// first use; throws Error(INVALID_ARGUMENT) naming a variable the runtime
// would refuse).
const EmulatorOptions& emulator_options();

// The emulated cluster those options choose (per-rank descriptors joined by
// ZYX_TT_MOCK_CLUSTER_RANK_BINDING, else --cluster, else
// TT_METAL_MOCK_CLUSTER_DESC_PATH, else one chip of --arch): chosen on first
// use, again after use_runtime_options.
const cluster::Cluster& emulated_cluster();
// Chip `chip` of that cluster; throws naming the chips there are.
const cluster::Chip& emulated_chip(int chip);
// Each rank's chips when the cluster was joined from per-rank descriptors.
const std::optional<std::vector<std::vector<uint32_t>>>& descriptor_ranks();

}  // namespace zyxtt::metalium
