// A dataflow buffer (DFB) of a ProgramSpec (tt-metal's
// dataflow_buffer_spec.hpp): a FIFO of fixed-size entries from one producer
// kernel to one consumer kernel on the same node. It is a per-node template:
// each node where its bound kernels run gets its own instance in L1. Here a
// DFB is a circular buffer whose index is the DFB's position in the spec.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <tt-metalium/experimental/metal2_host_api/advanced_options.hpp>
#include <tt-metalium/experimental/metal2_host_api/node_coord.hpp>
#include <tt-metalium/experimental/metal2_host_api/tensor_parameter.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/table.hpp>
#include <tt-metalium/face_geometry.hpp>
#include <tt-metalium/tile.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal::experimental {

struct DataflowBufferSpec {
  DFBSpecName unique_id;

  uint32_t entry_size = 0;  // bytes
  uint32_t num_entries = 0;

  // What a compute kernel's unpacker and packer need: the data format
  // (required when a compute kernel binds the DFB), the tile shape (32x32 when
  // absent) and, for partial tiles, the faces an entry holds.
  std::optional<tt::DataFormat> data_format_metadata = std::nullopt;
  std::optional<tt::tt_metal::Tile> tile_format_metadata = std::nullopt;
  std::optional<FaceGeometry> unpack_face_geometry_metadata = std::nullopt;

  // Backing memory borrowed from an L1 tensor parameter instead of allocated.
  std::optional<TensorParamName> borrowed_from = std::nullopt;

  DFBAdvancedOptions advanced_options;
};

// A DFB between kernels on different nodes. Part of tt-metal's API surface,
// not supported by its runtime nor here: a ProgramSpec holding one is refused.
struct RemoteDataflowBufferSpec {
  DataflowBufferSpec dfb_spec;

  using ProducerNode = NodeCoord;
  using ConsumerNode = NodeCoord;
  using ProducerConsumerMap = Table<ProducerNode, ConsumerNode>;
  ProducerConsumerMap producer_consumer_map;
};

}  // namespace tt::tt_metal::experimental
