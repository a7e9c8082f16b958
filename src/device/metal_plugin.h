// The one C entry point of the metal device plugin (libzyxtt-metal-device.so),
// shared by the plugin and the runtime that loads it.
#pragma once

#include <cstdint>

#include "device/arch.h"
#include "common/option_hint.h"
#include "device/device.h"
#include "options/options.h"

// Both sides are built from one tree; the build stamps them with a hash of the
// headers the Device crosses the boundary in (device.h, program.h, arch.h,
// this file), so a plugin from another build is refused instead of misread.
#ifndef ZYXTT_DEVICE_ABI
#error "ZYXTT_DEVICE_ABI is set by the build"
#endif

extern "C" {

struct ZyxttMetalPluginOptions {
  const char* abi = ZYXTT_DEVICE_ABI;
  int device_id = 0;
  uint32_t run_timeout_ms = 120000;
  const zyxtt::Arch* fallback_arch = nullptr;  // capabilities until the card is open
  // The runtime's log (spdlog levels: 0 trace ... 5 critical); the plugin has
  // no logger of its own.
  void (*log)(int level, const char* message) = nullptr;
  zyxtt::OptionHints hints = zyxtt::OptionHints::kFlagAndVariable;  // how messages name options
  // The runtime's options, for the emulator behind a TT-Metalium that is
  // this project's own (a real one has no use for them).
  const zyxtt::Options* options = nullptr;
  // Readable once the runtime must stop (SIGTERM, its client gone): that
  // emulator's runs and compiles end at once (-1: never).
  int stop_fd = -1;
};

// A new device, or null when `options->abi` is not the plugin's.
zyxtt::Device* zyxtt_metal_device_create(const ZyxttMetalPluginOptions* options);
// The plugin's ABI stamp and which TT-Metalium it was built against.
const char* zyxtt_metal_plugin_abi();
const char* zyxtt_metal_plugin_tt_metalium();
}
