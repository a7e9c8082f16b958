// MeshDevice::create opens what the emulator has, the 1 x 1 system mesh, and
// refuses any other shape, offset or devices saying what it supports.
#include <gtest/gtest.h>

#include "what_of.h"

#include <functional>
#include <optional>
#include <string>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/system_mesh.hpp>

namespace {

using namespace tt::tt_metal::distributed;

// tt-metal's tests/mesh_device_test.cpp.
TEST(MeshDeviceCreate, TheSystemMeshOpensAndCloses) {
  const auto mesh = MeshDevice::create(MeshDeviceConfig(SystemMesh::instance().shape()));
  ASSERT_NE(mesh, nullptr);
  EXPECT_TRUE(mesh->is_initialized());
  EXPECT_EQ(mesh->shape(), SystemMesh::instance().shape());
  EXPECT_EQ(mesh->num_devices(), 1u);
  EXPECT_TRUE(mesh->close());
}

// Row-major strides: a step along a dimension moves the linear index by the
// product of the dimensions after it.
TEST(MeshCoords, StridesAreRowMajor) {
  const MeshShape shape(2, 3, 4);
  EXPECT_EQ(shape.get_stride(0), 12u);
  EXPECT_EQ(shape.get_stride(1), 4u);
  EXPECT_EQ(shape.get_stride(2), 1u);
  EXPECT_NE(what_of([&] { (void)shape.get_stride(3); }).find("dimension 3 of a 3-dimensional shape"), std::string::npos);
}

// As tt-metal prints them (its fixtures format shapes into skip messages).
TEST(MeshCoords, PrintAsTtMetalPrintsThem) {
  EXPECT_EQ(fmt::format("{}", MeshShape(2, 4)), "MeshShape([2, 4])");
  EXPECT_EQ(fmt::format("{}", MeshCoordinate(0, 1)), "MeshCoordinate([0, 1])");
  const auto mesh = MeshDevice::create(MeshDeviceConfig(SystemMesh::instance().shape()));
  EXPECT_FALSE(mesh->is_remote_only());
  EXPECT_TRUE(mesh->close());
}

TEST(MeshDeviceCreate, AnUnsetShapeIsTheSystemMesh) {
  const auto mesh = MeshDevice::create(MeshDeviceConfig(std::nullopt));
  EXPECT_EQ(mesh->shape(), SystemMesh::instance().shape());
  EXPECT_TRUE(mesh->close());
}

TEST(MeshDeviceCreate, OneByOneAtTheOriginOnDeviceZeroOpens) {
  const auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 1), MeshCoordinate(0, 0), {0}));
  EXPECT_EQ(mesh->get_device_ids(), std::vector<int>{0});
  EXPECT_TRUE(mesh->close());
}

// get_device by chip id (tt-metal's data_movement tests take chip 0 so), and a chip the mesh lacks named.
TEST(MeshDeviceCreate, AChipIsFoundByItsId) {
  const auto mesh = MeshDevice::create_unit_mesh(0);
  EXPECT_EQ(mesh->get_device(0), mesh->get_devices().at(0));
  EXPECT_EQ(mesh->get_device(0)->id(), 0);
  EXPECT_NE(what_of([&] { mesh->get_device(3); }).find("Device 3 is not in the mesh (devices 0)"), std::string::npos);
  EXPECT_TRUE(mesh->close());
}

TEST(MeshDeviceCreate, AMeshLargerThanTheClusterIsRefusedNamingTheCluster) {
  const std::string what = what_of([] { MeshDevice::create(MeshDeviceConfig(MeshShape(2, 4))); });
  EXPECT_NE(what.find("A mesh of shape 2x4 needs 8 devices; the system mesh of shape 1x1 has 1 (the cluster p100a; "
                      "ZYX_TT_CLUSTER or TT_METAL_MOCK_CLUSTER_DESC_PATH choose another)"),
            std::string::npos)
      << what;
}

TEST(MeshDeviceCreate, AnOffsetBeyondTheSystemMeshIsRefused) {
  const std::string what = what_of([] { MeshDevice::create(MeshDeviceConfig(MeshShape(1, 1), MeshCoordinate(0, 1))); });
  EXPECT_NE(what.find("The offset (0, 1) is outside the system mesh of shape 1x1"),
            std::string::npos)
      << what;
}

TEST(MeshDeviceCreate, OtherDevicesAreRefused) {
  const std::string what = what_of([] { MeshDevice::create(MeshDeviceConfig(std::nullopt, std::nullopt, {1})); });
  EXPECT_NE(what.find("Device 1 does not exist: the emulated cluster p100a has devices 0 to 0 (ZYX_TT_CLUSTER or "
                      "TT_METAL_MOCK_CLUSTER_DESC_PATH choose another)"),
            std::string::npos)
      << what;
}

TEST(MeshDeviceCreate, PassesItsOptionsOnAsCreateUnitMeshTakesThem) {
  const std::string what = what_of([] { MeshDevice::create(MeshDeviceConfig(std::nullopt), 0, 0, 3); });
  EXPECT_NE(what.find("A device has 1 or 2 command queues, not 3"), std::string::npos) << what;
}

}  // namespace

namespace {

// A range iterates its coordinates as tt-metal's does: the last dimension
// fastest, each once, within the corners.
TEST(MeshCoordinateRangeIteration, VisitsEveryCoordinateOfTheRangeLastDimensionFastest) {
  std::vector<std::pair<uint32_t, uint32_t>> seen;
  for (const MeshCoordinate& c : MeshCoordinateRange(MeshCoordinate(1, 1), MeshCoordinate(2, 3))) seen.emplace_back(c[0], c[1]);
  const std::vector<std::pair<uint32_t, uint32_t>> want = {{1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}, {2, 3}};
  EXPECT_EQ(seen, want);
  size_t n = 0;
  const MeshCoordinateRange all(MeshShape(2, 4));
  for (auto it = all.begin(); it != all.end(); it++) ++n;
  EXPECT_EQ(n, 8u);
  EXPECT_EQ(*MeshCoordinateRange(MeshCoordinate(0, 3)).begin(), MeshCoordinate(0, 3));
}

}  // namespace

namespace {

// On one chip a 1 x 1 submesh is that chip, seen through its own mesh.
TEST(MeshDeviceSubmesh, AOneByOneSubmeshOfAUnitMeshIsItsChip) {
  const auto mesh = MeshDevice::create_unit_mesh(0);
  const auto sub = mesh->create_submesh(MeshShape(1, 1));
  EXPECT_EQ(sub->get_device(MeshCoordinate(0, 0)), mesh.get());
  EXPECT_EQ(sub->get_view().get_device(MeshCoordinate(0, 0)), mesh.get());
  EXPECT_EQ(sub->get_parent_mesh(), mesh);
  EXPECT_EQ(mesh->get_submeshes(), std::vector<std::shared_ptr<MeshDevice>>{sub});
  EXPECT_EQ(mesh->create_submeshes(MeshShape(1, 1)).size(), 1u);
  const std::string what = what_of([&] { mesh->create_submesh(MeshShape(1, 2)); });
  EXPECT_NE(what.find("create_submesh: a submesh of shape MeshShape([1, 2]) at offset MeshCoordinate([0, 0]) does not "
                      "fit the parent mesh of shape MeshShape([1, 1])"),
            std::string::npos)
      << what;
  EXPECT_TRUE(sub->close());
  EXPECT_TRUE(mesh->is_initialized());
  EXPECT_TRUE(mesh->close());
}

}  // namespace
