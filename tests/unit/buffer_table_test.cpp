#include <gtest/gtest.h>

#include "common/error.h"
#include "server/buffer_table.h"

using namespace zyxtt;

namespace {

program::PlacedBuffer placed(uint64_t address, uint64_t size) {
  program::PlacedBuffer b;
  b.address = address;
  b.spec.size = size;
  return b;
}

}  // namespace

TEST(BufferTable, HandsOutSmallestFreeIndex) {
  server::BufferTable t;
  EXPECT_EQ(t.insert(placed(100, 1)), 0u);
  EXPECT_EQ(t.insert(placed(200, 2)), 1u);
  EXPECT_EQ(t.insert(placed(300, 3)), 2u);
  EXPECT_TRUE(t.erase(1));
  EXPECT_TRUE(t.erase(0));
  EXPECT_EQ(t.insert(placed(400, 4)), 0u);
  EXPECT_EQ(t.insert(placed(500, 5)), 1u);
  EXPECT_EQ(t.at(1, "x").address, 500u);
  EXPECT_EQ(t.size(), 3u);
}

TEST(BufferTable, UnknownIndexIsNotFound) {
  server::BufferTable t;
  t.insert(placed(1, 1));
  EXPECT_FALSE(t.erase(5));
  try {
    t.at(3, "run: src1");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kNotFound);
    EXPECT_NE(std::string(e.what()).find("run: src1: buffer index 3 is not allocated"), std::string::npos);
  }
}
