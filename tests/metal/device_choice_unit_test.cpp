// load_metal_device's answers when the plugin file is absent: the build
// without TT-Metalium says what to install, a build with one names the file.
#include "device/device_choice.h"

#include <gtest/gtest.h>

#include "common/error.h"

namespace zyxtt {
namespace {

std::string load_error(bool built) {
  DeviceChoice choice;
  choice.kind = DeviceKind::kMetal;
  choice.metal_built = built;
  choice.metal_plugin = "/nonexistent/libzyxtt-metal-device.so";
  try {
    load_metal_device(choice);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kFailedPrecondition);
    return e.what();
  }
  return "no error";
}

TEST(LoadMetalDevice, WithoutTTMetaliumAtBuildTimeSaysWhatToInstall) {
  EXPECT_EQ(load_error(false),
            "the metal device is not built: no TT-Metalium was found when this runtime was built; install "
            "TT-Metalium (tt-metal's package, or a built tt-metal tree named by TT_METAL_RUNTIME_ROOT or "
            "TT_METAL_ROOT) and rebuild, or run on the emulator with --device emu (ZYX_TT_DEVICE=emu)");
}

TEST(LoadMetalDevice, AMissingPluginOfABuildThatHasOneIsNamed) {
  EXPECT_EQ(load_error(true),
            "the metal device plugin /nonexistent/libzyxtt-metal-device.so is missing; reinstall the runtime or "
            "name the plugin with --metal-plugin (ZYX_TT_METAL_PLUGIN), or run on the emulator with --device emu "
            "(ZYX_TT_DEVICE=emu)");
}

TEST(ParseDeviceKind, KnowsTheThreeKinds) {
  EXPECT_EQ(parse_device_kind("emu"), DeviceKind::kEmu);
  EXPECT_EQ(parse_device_kind("metal"), DeviceKind::kMetal);
  EXPECT_EQ(parse_device_kind("auto"), DeviceKind::kAuto);
  EXPECT_FALSE(parse_device_kind("card"));
}

}  // namespace
}  // namespace zyxtt
