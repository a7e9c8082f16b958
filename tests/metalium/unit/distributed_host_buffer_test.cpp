// DistributedHostBuffer over several hosts: only the local box of the global
// shape holds shards; the rest are recorded, never produced or transformed.
#include <gtest/gtest.h>

#include "what_of.h"

#include <string>
#include <vector>

#include <tt-metalium/distributed_host_buffer.hpp>

namespace {

using tt::tt_metal::DistributedHostBuffer;
using tt::tt_metal::HostBuffer;
using namespace tt::tt_metal::distributed;

std::vector<int> ints_of(const HostBuffer& b) {
  const auto v = b.view_as<const int>();
  return {v.begin(), v.end()};
}

TEST(DistributedHostBufferLocal, OnlyTheLocalBoxIsProducedAndTransformed) {
  // Global 3 x 2, this host the 2 x 1 box at (1, 1): (1, 1) and (2, 1).
  auto buffer = DistributedHostBuffer::create(MeshShape(3, 2), MeshShape(2, 1), MeshCoordinate(1, 1), nullptr);
  int produced = 0;
  for (const MeshCoordinate& c : MeshCoordinateRange(MeshShape(3, 2))) {
    buffer.emplace_shard(c, [&] {
      ++produced;
      return HostBuffer(std::vector<int>{static_cast<int>(c[0] * 10 + c[1])});
    });
  }
  EXPECT_EQ(produced, 2);
  EXPECT_EQ(buffer.shard_coords().size(), 6u);  // every coordinate emplaced is recorded
  for (const MeshCoordinate& c : MeshCoordinateRange(MeshShape(3, 2))) {
    const bool local = c[1] == 1 && c[0] >= 1;
    EXPECT_EQ(buffer.is_local(c), local) << c;
    EXPECT_EQ(buffer.get_shard(c).has_value(), local) << c;
  }
  int applied = 0;
  buffer.apply([&](const HostBuffer&) { ++applied; });
  EXPECT_EQ(applied, 2);
  const auto doubled = buffer.transform([](const HostBuffer& b) {
    std::vector<int> v = ints_of(b);
    for (int& x : v) x *= 2;
    return HostBuffer(std::move(v));
  });
  EXPECT_EQ(ints_of(*doubled.get_shard(MeshCoordinate(2, 1))), std::vector<int>{42});
  EXPECT_EQ(ints_of(*buffer.get_shard(MeshCoordinate(2, 1))), std::vector<int>{21});  // the source is untouched
  EXPECT_FALSE(doubled.get_shard(MeshCoordinate(0, 0)).has_value());
  EXPECT_NE(what_of([&] { (void)buffer.get_shard(MeshCoordinate(3, 0)); }).find("outside the distributed host buffer"),
            std::string::npos);
}

TEST(DistributedHostBufferLocal, ALocalBoxMustLieInTheGlobalShape) {
  auto create = [](MeshShape local, MeshCoordinate offset) {
    return what_of([&] { (void)DistributedHostBuffer::create(MeshShape(2, 3), local, offset, nullptr); });
  };
  EXPECT_NE(create(MeshShape(1, 2), MeshCoordinate(1, 2)).find("leaves the global shape"), std::string::npos);
  EXPECT_NE(create(MeshShape(2, 4), MeshCoordinate(0, 0)).find("leaves the global shape"), std::string::npos);
  EXPECT_NE(create(MeshShape(1, 1, 1), MeshCoordinate(1, 0)).find("dimensions of the global shape"), std::string::npos);
  EXPECT_EQ(create(MeshShape(1, 2), MeshCoordinate(1, 1)), "no throw");
}

}  // namespace
