// A gtest fixture for the two linked chips of p300_crossed_links.yaml
// (TT_METAL_MOCK_CLUSTER_DESC_PATH, set by ctest): it checks the cluster is
// that one and turns the fabric off after each test.
#pragma once

#include <gtest/gtest.h>

#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt-metalium/host_api.hpp>

namespace test_support {

class TwoChipFabric : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(tt::tt_metal::GetNumAvailableDevices(), 2u)
        << "run with TT_METAL_MOCK_CLUSTER_DESC_PATH=p300_crossed_links.yaml";
  }
  void TearDown() override { tt::tt_fabric::SetFabricConfig(tt::tt_fabric::FabricConfig::DISABLED); }
};

}  // namespace test_support
