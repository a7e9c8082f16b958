// Buffer placement enums kernels test compile-time args against
// (tt-metal's tt-metalium/buffer_types.hpp).
#pragma once

#include <cstdint>

namespace tt::tt_metal {
enum class TensorMemoryLayout { INTERLEAVED = 0, HEIGHT_SHARDED = 2, WIDTH_SHARDED = 3, BLOCK_SHARDED = 4, ND_SHARDED = 5 };
enum class ShardOrientation { ROW_MAJOR = 0, COL_MAJOR };
enum class ShardDistributionStrategy { ROUND_ROBIN_1D = 0, GRID_2D = 1 };
enum class BufferType { DRAM, L1, SYSTEM_MEMORY, L1_SMALL, TRACE };
}  // namespace tt::tt_metal
