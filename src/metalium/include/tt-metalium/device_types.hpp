#pragma once

namespace tt {
using ChipId = int;
}  // namespace tt

// The name releases before ChipId used (a global, from umd).
using chip_id_t = int;

namespace tt::tt_metal {
using ChipId = ::tt::ChipId;
}  // namespace tt::tt_metal
