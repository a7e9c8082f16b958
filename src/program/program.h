// The program model: what tt-metal's host API can say about a program, as
// plain data that no device and no protocol owns. zyx's protocol versions and
// the TT-Metalium host API translate onto it; every device runs it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "program/kernel_spec.h"
#include "zyxtt/data_format.h"
#include "zyxtt/tile_geometry.h"

namespace zyxtt::program {

// ---- Buffers ---------------------------------------------------------------

enum class MemoryKind : uint8_t { kDram, kL1 };
enum class BufferLayout : uint8_t { kInterleaved, kHeightSharded, kWidthSharded, kBlockSharded };

// A sharded L1 buffer's distribution, in pages, as tt-metal's ShardSpecBuffer.
struct ShardSpec {
  CoreRangeSet cores;
  uint32_t shard_height = 0;  // elements (rows) per shard, as ShardSpec::shape[0]
  uint32_t shard_width = 0;   // elements per shard row, as ShardSpec::shape[1]
  bool row_major = true;      // shard orientation: shards go over cores row-major
  uint32_t page_height = 0;   // a page's shape in elements
  uint32_t page_width = 0;
  uint32_t tensor_height_pages = 0;  // the tensor's shape in pages
  uint32_t tensor_width_pages = 0;
  bool operator==(const ShardSpec&) const = default;
};

struct BufferSpec {
  uint64_t size = 0;       // bytes
  uint32_t page_size = 0;  // bytes; pages go round-robin over the banks
  MemoryKind memory = MemoryKind::kDram;
  BufferLayout layout = BufferLayout::kInterleaved;
  std::optional<ShardSpec> shard;  // present exactly for the sharded layouts
  bool operator==(const BufferSpec&) const = default;
};

// A buffer placed on a device: the same bank-local address in every bank
// (DRAM bank, or worker core for L1).
struct PlacedBuffer {
  uint64_t address = 0;
  BufferSpec spec;
  // A page's footprint in a bank: page_size rounded up to the memory's
  // alignment, as tt-metal places (and TensorAccessorArgs describes) pages.
  uint32_t aligned_page_size = 0;
};

// ---- Kernels ---------------------------------------------------------------

// ---- Circular buffers and semaphores ---------------------------------------

struct CbIndexSpec {
  uint32_t index = 0;  // 0..63
  tt::DataFormat format = tt::DataFormat::Float16_b;
  uint32_t page_size = 0;  // bytes
  TileGeometry tile{};     // the shape compute kernels unpack and pack
  bool operator==(const CbIndexSpec&) const = default;
};

// One or more CB indices sharing one configuration (and one L1 region).
struct CircularBufferSpec {
  CoreRangeSet cores;
  uint32_t total_size = 0;  // bytes; pages = total_size / page_size
  std::vector<CbIndexSpec> indices;
  // Set: the CB lives at this L1 address (a globally allocated CB, backed by
  // an L1 buffer: its shard on each core) instead of space of its own.
  std::optional<uint64_t> address;
  bool operator==(const CircularBufferSpec&) const = default;
};

struct Program {
  std::vector<KernelSpec> kernels;
  std::vector<CircularBufferSpec> circular_buffers;
  std::vector<SemaphoreSpec> semaphores;
  bool operator==(const Program&) const = default;
};

}  // namespace zyxtt::program
