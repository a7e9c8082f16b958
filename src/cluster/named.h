// The systems Tenstorrent sells, by name (--cluster / ZYX_TT_CLUSTER), and the
// choice of the cluster a process emulates.
#pragma once

#include <string>
#include <string_view>

#include "cluster/cluster.h"
#include "common/option_hint.h"

namespace zyxtt::cluster {

// p100a, p150, p300 (two chips on one board), 4xp150 (2 x 2), 8xp150
// (2 x 4), galaxy (8 x 4) and RxC (a mesh of P150s, e.g. 2x3). Throws
// Error(INVALID_ARGUMENT) listing them.
Cluster named_cluster(std::string_view name);
// The names for --help.
std::string cluster_names();

// The cluster a process emulates: `name` (--cluster) when given, else the
// descriptor TT_METAL_MOCK_CLUSTER_DESC_PATH names, else one chip of `arch`
// (--arch). Messages name the option or variable as `hints` says.
Cluster choose_cluster(const std::string& name, const std::string& arch, OptionHints hints);

}  // namespace zyxtt::cluster
