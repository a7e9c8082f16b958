// Which device the runtime drives (--device): the emulator, the card through
// the metal plugin, or the card when one opens and else the emulator. The
// choice is made at init, so a missing plugin or card is init's error answer.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "common/option_hint.h"
#include "device/device.h"
#include "options/options.h"

namespace zyxtt {

// The plugin's file name; the runtime looks for it beside itself.
inline constexpr const char* kMetalPluginFile = "libzyxtt-metal-device.so";

enum class DeviceKind { kEmu, kMetal, kAuto };
std::optional<DeviceKind> parse_device_kind(std::string_view text);

// Whether this build has the metal plugin (a TT-Metalium was found).
bool metal_plugin_built();

struct DeviceChoice {
  DeviceKind kind = DeviceKind::kEmu;
  bool metal_built = metal_plugin_built();  // decides what a missing plugin means
  std::string metal_plugin;  // path of libzyxtt-metal-device.so
  int device_id = 0;
  std::chrono::milliseconds run_timeout{120000};
  const Arch* arch = nullptr;  // the emulator's; the card's capabilities until it is open
  std::function<std::unique_ptr<Device>()> make_emulator;
  const Options* options = nullptr;  // for the emulator behind the project's own TT-Metalium
  OptionHints hints = OptionHints::kFlagAndVariable;  // how messages name options
  int stop_fd = -1;  // readable once the runtime must stop (for the emulator behind that TT-Metalium)
};

std::unique_ptr<Device> choose_device(const DeviceChoice& choice);

// The metal plugin's device, not yet open; throws Error(FAILED_PRECONDITION)
// saying why it cannot be had and what to do.
std::unique_ptr<Device> load_metal_device(const DeviceChoice& choice);

}  // namespace zyxtt
