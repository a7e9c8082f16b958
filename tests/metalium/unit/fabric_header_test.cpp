// tt-metalium/experimental/fabric/fabric.hpp compiles on its own, first in a
// source (its declarations name ChipId, which it must bring itself).
#include <tt-metalium/experimental/fabric/fabric.hpp>

#include <gtest/gtest.h>

#include <type_traits>

namespace {

TEST(FabricHeader, ComesWithTheNamesItDeclaresWith) {
  static_assert(std::is_same_v<decltype(&tt::tt_fabric::get_fabric_node_id_from_physical_chip_id),
                               tt::tt_fabric::FabricNodeId (*)(tt::tt_metal::ChipId)>);
  // Chip 0 of the one-chip system is node 0 of mesh 0.
  EXPECT_EQ(tt::tt_fabric::get_fabric_node_id_from_physical_chip_id(0),
            tt::tt_fabric::FabricNodeId(tt::tt_fabric::MeshId{0}, 0));
}

}  // namespace
