// A gtest fixture holding device 0 of the emulated cluster, opened through
// TT-Metalium's CreateDevice and closed after each test.
#pragma once

#include <gtest/gtest.h>

#include <tt-metalium/host_api.hpp>

namespace metalium_test {

class OneDevice : public ::testing::Test {
 protected:
  void SetUp() override { device = tt::tt_metal::CreateDevice(0); }
  void TearDown() override { tt::tt_metal::CloseDevice(device); }
  tt::tt_metal::IDevice* device = nullptr;
};

}  // namespace metalium_test
