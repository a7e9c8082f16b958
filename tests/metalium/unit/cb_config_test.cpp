// CircularBufferConfig's checks and what it records per index.
#include <gtest/gtest.h>

#include "what_of.h"

#include <tt-metalium/circular_buffer_config.hpp>

namespace {

using tt::tt_metal::CircularBufferConfig;

TEST(CircularBufferConfig, RecordsFormatsAndPageSizesPerIndex) {
  CircularBufferConfig c(4096, {{0, tt::DataFormat::Float16_b}, {16, tt::DataFormat::Float32}});
  c.set_page_size(0, 2048).set_page_size(16, 4096);
  EXPECT_EQ(c.total_size(), 4096u);
  EXPECT_EQ(c.page_sizes()[0], 2048u);
  EXPECT_EQ(c.page_sizes()[16], 4096u);
  EXPECT_EQ(c.data_formats()[16], tt::DataFormat::Float32);
  EXPECT_FALSE(c.page_sizes()[1].has_value());
  EXPECT_EQ(c.buffer_indices().size(), 2u);
  EXPECT_FALSE(c.globally_allocated_address().has_value());
}

TEST(CircularBufferConfig, RefusesPageSizesThatDoNotDivideTheTotal) {
  CircularBufferConfig c(3000, {{0, tt::DataFormat::Float16_b}});
  EXPECT_NE(what_of<std::runtime_error>([&] { c.set_page_size(0, 2048); }).find("must be divisible by page size 2048"), std::string::npos);
  EXPECT_NE(what_of<std::runtime_error>([&] { c.set_page_size(1, 1000); }).find("Illegal circular buffer index 1"), std::string::npos);
  EXPECT_NE(what_of<std::runtime_error>([&] { c.set_page_size(64, 1000); }).find("exceeds max number of circular buffers"),
            std::string::npos);
}

TEST(CircularBufferConfig, IndexBuilderConfiguresAnIndex) {
  CircularBufferConfig c(8192);
  c.index(3).set_data_format(tt::DataFormat::Float32).set_page_size(4096);
  EXPECT_EQ(c.data_formats()[3], tt::DataFormat::Float32);
  EXPECT_EQ(c.page_sizes()[3], 4096u);
}

TEST(CircularBufferConfig, RecordsTileShapesPerIndex) {
  CircularBufferConfig c(4096, {{0, tt::DataFormat::Float16_b}, {1, tt::DataFormat::Float16_b}});
  const CircularBufferConfig plain = c;
  c.set_tile_dims(0, tt::tt_metal::Tile({16, 32}));
  c.index(1).set_tile_dims(tt::tt_metal::Tile({32, 16}));
  ASSERT_TRUE(c.tiles()[0].has_value());
  EXPECT_EQ(c.tiles()[0]->get_height(), 16u);
  EXPECT_EQ(c.tiles()[1]->get_width(), 16u);
  EXPECT_FALSE(c.tiles()[2].has_value());
  EXPECT_NE(c, plain);  // the shape is part of the configuration
}

}  // namespace
