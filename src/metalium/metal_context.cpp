#include <tt_metal/impl/context/metal_context.hpp>

#include <tt_stl/assert.hpp>

#include "metalium/backend.h"

namespace tt::tt_metal {

MetalContext& MetalContext::instance() {
  static MetalContext context;
  return context;
}

void MetalContext::destroy_all_instances(bool check_device_count) {
  TT_FATAL(!check_device_count || !zyxtt::metalium::device_in_use(),
           "MetalContext::destroy_all_instances: device 0 is still open; close every MeshDevice and release its "
           "buffers first");
}

bool MetalContext::instance_exists() { return zyxtt::metalium::device_in_use(); }

}  // namespace tt::tt_metal
