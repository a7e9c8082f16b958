// The plugin's C entry points (device/metal_plugin.h).
#include "device/metal/metal_device.h"
#include "device/metal_plugin.h"
#ifdef ZYXTT_OWN_TT_METALIUM
#include "metalium/emulator_options.h"
#endif

extern "C" {

zyxtt::Device* zyxtt_metal_device_create(const ZyxttMetalPluginOptions* options) {
  if (options == nullptr || std::string_view(options->abi) != ZYXTT_DEVICE_ABI) return nullptr;
#ifdef ZYXTT_OWN_TT_METALIUM
  if (options->options != nullptr) zyxtt::metalium::use_runtime_options(*options->options, options->stop_fd);
#endif
  zyxtt::metal::MetalOptions metal;
  metal.open_card = zyxtt::metal::open_card;
  metal.card.device_id = options->device_id;
  metal.card.run_timeout = std::chrono::milliseconds(options->run_timeout_ms);
  metal.fallback_arch = options->fallback_arch;
  metal.log = options->log;
  metal.card.log = options->log;
  metal.card.hints = options->hints;
  return new zyxtt::metal::MetalDevice(metal);
}

const char* zyxtt_metal_plugin_abi() { return ZYXTT_DEVICE_ABI; }

const char* zyxtt_metal_plugin_tt_metalium() { return ZYXTT_TT_METALIUM_DESCRIPTION; }
}
