#pragma once

namespace tt {
using ChipId = int;
}  // namespace tt

namespace tt::tt_metal {
using ChipId = ::tt::ChipId;
}  // namespace tt::tt_metal
