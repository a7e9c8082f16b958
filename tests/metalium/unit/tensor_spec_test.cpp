// tt-metal's tensor library on the emulator: shapes, layouts' padding and
// pages worked out by hand, and a MeshTensor whose bytes round-trip.
#include <gtest/gtest.h>

#include "what_of.h"

#include <cstring>
#include <numeric>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/tt_metal.hpp>
#include <tt-metalium/experimental/tensor/host_tensor.hpp>
#include <tt-metalium/experimental/tensor/mesh_tensor.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <vector>

namespace {

using namespace tt::tt_metal;

TEST(TensorShape, IndexesFromEitherEndAndReadsOnesPastItsRank) {
  const Shape s({3, 5});
  EXPECT_EQ(s.rank(), 2u);
  EXPECT_EQ(s[0], 3u);
  EXPECT_EQ(s[-1], 5u);
  EXPECT_EQ(s[-3], 1u);  // stored up to rank 4
  EXPECT_EQ(s.volume(), 15u);
  EXPECT_EQ(s.to_rank(4), Shape({1, 1, 3, 5}));
  EXPECT_EQ(s, (std::array<uint32_t, 2>{3, 5}));
  EXPECT_EQ(fmt::format("{}", s), "Shape([3, 5])");
  try {
    (void)s[2];
    FAIL() << "index 2 of a rank-2 shape was accepted";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("index out of range. 2 not in [-4, 2)"), std::string::npos) << e.what();
  }
  EXPECT_EQ(compute_strides(Shape({2, 3, 4})), (ttsl::SmallVector<size_t>{12, 4, 1}));
}

TEST(TensorLayoutTest, TilesPadTheLastTwoDimensionsAndMakeTilePages) {
  const TensorSpec spec(Shape({2, 3, 50, 70}), TensorLayout(DataType::BFLOAT16, PageConfig(Layout::TILE), MemoryConfig{}));
  EXPECT_EQ(spec.padded_shape(), Shape({2, 3, 64, 96}));
  EXPECT_EQ(spec.physical_shape(), Shape2D(2 * 3 * 64, 96));
  EXPECT_EQ(spec.logical_2d_shape(), Shape2D(2 * 3 * 50, 70));
  EXPECT_EQ(spec.compute_page_size_bytes(), 32u * 32u * 2u);
  EXPECT_EQ(spec.compute_packed_buffer_size_bytes(), (2u * 3u * 2u * 3u) * 2048u);  // 36 tiles
  EXPECT_EQ(spec.tensor_layout().get_alignment(), (std::array<uint32_t, 2>{32, 32}));
  // 36 pages over 8 banks of 64-byte-aligned pages: 5 pages a bank.
  EXPECT_EQ(spec.compute_consumed_memory_bytes_per_bank(64, 8), 5u * 2048u);
}

TEST(TensorLayoutTest, RowMajorPagesAreRowsAndACustomAlignmentPadsTheShape) {
  const TensorSpec rows(Shape({5, 7}), TensorLayout(DataType::FLOAT32, PageConfig(Layout::ROW_MAJOR), MemoryConfig{}));
  EXPECT_EQ(rows.padded_shape(), Shape({5, 7}));
  EXPECT_EQ(rows.compute_page_size_bytes(), 7u * 4u);
  EXPECT_EQ(rows.compute_packed_buffer_size_bytes(), 5u * 7u * 4u);
  EXPECT_EQ(rows.compute_strides(), (Strides{7, 1}));

  const TensorSpec aligned(Shape({3, 5}), TensorLayout(DataType::UINT16, PageConfig(Layout::ROW_MAJOR), MemoryConfig{},
                                                       Alignment({4, 16})));
  EXPECT_EQ(aligned.padded_shape(), Shape({4, 16}));
  EXPECT_EQ(aligned.physical_shape(), Shape2D(4, 16));
  EXPECT_EQ(aligned.compute_strides(), (Strides{16, 1}));
  EXPECT_EQ(aligned.compute_packed_buffer_size_bytes(), 4u * 16u * 2u);

  // A tile layout widens a custom alignment to whole tiles (48 columns -> 64).
  const TensorLayout widened(DataType::FLOAT32, PageConfig(Layout::TILE), MemoryConfig{}, Alignment({32, 48}));
  EXPECT_EQ(widened.get_alignment(), (std::array<uint32_t, 2>{32, 64}));
  EXPECT_EQ(TensorSpec(Shape({10, 70}), widened).padded_shape(), Shape({32, 128}));
}

TEST(TensorLayoutTest, APaddedShapeBecomesTheAlignmentThatGivesIt) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  const auto layout = TensorLayout::fromPaddedShape(DataType::BFLOAT16, PageConfig(Layout::TILE), MemoryConfig{},
                                                    Shape({1, 30, 40}), Shape({1, 64, 64}));
#pragma GCC diagnostic pop
  // Rows are over-padded (30 -> 64, past the 32 a tile needs), columns only to whole tiles (40 -> 64).
  EXPECT_EQ(layout.get_alignment(), (std::array<uint32_t, 2>{64, 32}));
  EXPECT_EQ(TensorSpec(Shape({1, 30, 40}), layout).padded_shape(), Shape({1, 64, 64}));
}

TEST(TensorLayoutTest, BlockFloatsNeedTilesAndShardsMustFitTheirGrid) {
  try {
    TensorSpec(Shape({32, 32}), TensorLayout(DataType::BFLOAT8_B, PageConfig(Layout::ROW_MAJOR), MemoryConfig{}));
    FAIL() << "a row-major BFLOAT8_B tensor was accepted";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("Only TILE layout is supported for BFLOAT8_B"), std::string::npos) << e.what();
  }
  const CoreRangeSet two_cores(CoreRange({0, 0}, {1, 0}));
  const MemoryConfig height(TensorMemoryLayout::HEIGHT_SHARDED, BufferType::L1, ShardSpec(two_cores, {32, 64}));
  const TensorSpec fits(Shape({64, 64}), TensorLayout(DataType::FLOAT32, PageConfig(Layout::TILE), height));
  ASSERT_TRUE(fits.memory_config().nd_shard_spec().has_value());  // the legacy spec's N-d twin
  EXPECT_EQ(fits.memory_config().nd_shard_spec()->shard_shape, Shape({32, 64}));
  try {
    TensorSpec(Shape({96, 64}), TensorLayout(DataType::FLOAT32, PageConfig(Layout::TILE), height));
    FAIL() << "three shards on two cores were accepted";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("Number of shards along height 3 must not exceed number of cores 2"),
              std::string::npos)
        << e.what();
  }
}

class MeshTensorTest : public ::testing::Test {
 protected:
  void SetUp() override { mesh = distributed::MeshDevice::create_unit_mesh(0); }
  void TearDown() override { mesh->close(); }
  std::shared_ptr<distributed::MeshDevice> mesh;
};

TEST_F(MeshTensorTest, AllocatesTheSpecsPagesAndItsBytesRoundTrip) {
  const TensorSpec spec(Shape({1, 40, 70}), TensorLayout(DataType::FLOAT32, PageConfig(Layout::TILE), MemoryConfig{}));
  auto tensor = MeshTensor::allocate_on_device(*mesh, spec, TensorTopology{});
  EXPECT_EQ(tensor.mesh_buffer().size(), 2u * 3u * 4096u);
  EXPECT_EQ(tensor.mesh_buffer().page_size(), 4096u);
  EXPECT_EQ(tensor.address(), tensor.mesh_buffer().address());
  EXPECT_EQ(tensor.padded_shape(), Shape({1, 64, 96}));
  EXPECT_EQ(tensor.logical_volume(), 40u * 70u);
  EXPECT_EQ(tensor.element_size(), 4u);
  EXPECT_FALSE(tensor.is_sharded());

  std::vector<uint32_t> in(tensor.mesh_buffer().size() / 4);
  std::iota(in.begin(), in.end(), 0x1000u);
  // As tt-metal's tensor tests move bytes: through the reference buffer.
  detail::WriteToBuffer(*tensor.mesh_buffer().get_reference_buffer(), in);
  std::vector<uint32_t> out;
  detail::ReadFromBuffer(*tensor.mesh_buffer().get_reference_buffer(), out);
  EXPECT_EQ(out, in);

  // A buffer too small for the spec (or none) makes no tensor.
  distributed::DeviceLocalBufferConfig dram{.page_size = 4096, .buffer_type = BufferType::DRAM};
  auto half = distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{.size = 3 * 4096}, dram, mesh.get());
  EXPECT_NE(what_of([&] { MeshTensor(half, spec, TensorTopology{}); }).find("MeshBuffer must be large enough to hold the tensor"),
            std::string::npos);
  EXPECT_NE(what_of([&] { MeshTensor(nullptr, spec, TensorTopology{}); }).find("MeshBuffer cannot be nullptr"),
            std::string::npos);

  MeshTensor moved = std::move(tensor);
  EXPECT_TRUE(tensor.is_valueless_after_move());
  EXPECT_FALSE(moved.is_valueless_after_move());
}

TEST(HostTensorTest, FromVectorPadsAndTilesAndToVectorUndoesIt) {
  const TensorSpec spec(Shape({2, 40, 50}), TensorLayout(DataType::FLOAT32, PageConfig(Layout::TILE), MemoryConfig{}));
  std::vector<float> values(2 * 40 * 50);
  std::iota(values.begin(), values.end(), 1.0f);
  const auto tensor = HostTensor::from_vector(values, spec, -1.0f);
  const HostBuffer stored = *tensor.buffer().get_shard(distributed::MeshCoordinate(0, 0));
  const auto words = stored.view_as<const float>();
  ASSERT_EQ(words.size(), 2u * 64u * 64u);  // padded to {2, 64, 64}
  // Element (0, 0, 33): tile 1 of the first tile row, face 0, row 0, column 1.
  EXPECT_EQ(words[1024 + 1], values[33]);
  // Column 50 of row 0 is padding: tile 1, face 1 (columns 16-31), row 0, column 2.
  EXPECT_EQ(words[1024 + 256 + 2], -1.0f);
  // Element (1, 0, 0) starts the second matrix, two tile rows further on.
  EXPECT_EQ(words[4 * 1024], values[40 * 50]);
  EXPECT_EQ(tensor.to_vector<float>(), values);

  const TensorSpec rows(Shape({3, 5}), TensorLayout(DataType::UINT32, PageConfig(Layout::ROW_MAJOR), MemoryConfig{},
                                                    Alignment({8})));
  const std::vector<uint32_t> row_values = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  const auto row_tensor = HostTensor::from_vector(row_values, rows, 0u);
  const auto row_words = row_tensor.buffer().get_shard(distributed::MeshCoordinate(0, 0))->view_as<const uint32_t>();
  ASSERT_EQ(row_words.size(), 3u * 8u);
  EXPECT_EQ(row_words[8], 6u);  // row 1 starts a padded row of 8
  EXPECT_EQ(row_words[5], 0u);
  EXPECT_EQ(row_tensor.to_vector<uint32_t>(), row_values);

  // A rank-1 tiled tensor is padded to a {32, 64} tile matrix; its values fill row 0.
  const TensorSpec vector_spec(Shape({40}), TensorLayout(DataType::FLOAT32, PageConfig(Layout::TILE), MemoryConfig{}));
  const std::vector<float> short_values(values.begin(), values.begin() + 40);
  const auto vector_tensor = HostTensor::from_vector(short_values, vector_spec, 0.0f);
  EXPECT_EQ(vector_tensor.buffer().get_shard(distributed::MeshCoordinate(0, 0))->view_as<const float>()[1024 + 7],
            short_values[39]);  // column 39: tile 1, face 0, row 0, column 7
  EXPECT_EQ(vector_tensor.to_vector<float>(), short_values);

  EXPECT_NE(what_of([&] { HostTensor::from_vector(std::vector<float>(7), spec); }).find("7 elements given"),
            std::string::npos);
  const HostTensor copy = tensor;  // copies share nothing a move of one disturbs
  EXPECT_EQ(copy.to_vector<float>(), values);
}

TEST(TensorTopologyTest, MapsPiecesToDevicesRowMajorAndWrapsNeighbours) {
  const auto topology = TensorTopology::create_sharded_tensor_topology(distributed::MeshShape(2, 3), 1);
  EXPECT_EQ(topology.distribution_shape(), distributed::MeshShape(6));
  ASSERT_EQ(topology.mesh_coords().size(), 6u);
  EXPECT_EQ(topology.get_device_coord(distributed::MeshCoordinate(4)), distributed::MeshCoordinate(1, 1));
  EXPECT_EQ(topology.get_tensor_coord(distributed::MeshCoordinate(1, 2)), distributed::MeshCoordinate(5));
  EXPECT_EQ(topology.get_next_neighbor(distributed::MeshCoordinate(5), 0), distributed::MeshCoordinate(0));
  EXPECT_EQ(topology.get_prev_neighbor(distributed::MeshCoordinate(0), 0), distributed::MeshCoordinate(5));
  EXPECT_FALSE(topology.get_tensor_coord(distributed::MeshCoordinate(2, 0)).has_value());
  EXPECT_EQ(TensorTopology{}.mesh_coords(), std::vector<distributed::MeshCoordinate>{distributed::MeshCoordinate(0, 0)});
}

}  // namespace
