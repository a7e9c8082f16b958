#pragma once

#include <umd/device/types/cluster_descriptor_types.hpp>

// The name releases before ChipId used (a global, from umd).
using chip_id_t = int;

namespace tt::tt_metal {
using ChipId = ::tt::ChipId;
}  // namespace tt::tt_metal
