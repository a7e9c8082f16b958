// A build without the emulator: opening a device says so.
#include "metalium/backend.h"

#include <tt_stl/assert.hpp>

zyxtt::metalium::DeviceFactory zyxtt::metalium::default_device_factory() {
  return []() -> std::unique_ptr<Device> { TT_THROW("No device: this libtt_metal was built without the zyx-tt emulator"); };
}
