// A captured mesh trace's id (tt-metal's mesh_trace_id.hpp).
#pragma once

#include <cstdint>

#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::distributed {

using MeshTraceId = ttsl::StrongType<uint32_t, struct MeshTraceIdTag>;

}  // namespace tt::tt_metal::distributed
