// A plugin from another build: right entry points, another device ABI stamp.
#include <cstddef>

namespace zyxtt {
class Device;
}

extern "C" {
zyxtt::Device* zyxtt_metal_device_create(const void*) { return nullptr; }
const char* zyxtt_metal_plugin_abi() { return "0123456789abcdef"; }
const char* zyxtt_metal_plugin_tt_metalium() { return "none"; }
}
