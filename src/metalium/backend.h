// The zyxtt::Device behind the TT-Metalium API: one per process, shared by
// every MeshDevice opened on it, created on first use.
#pragma once

#include <functional>
#include <memory>

#include <tt-metalium/buffer.hpp>

#include "device/device.h"
#include "program/program.h"

namespace zyxtt::metalium {

using DeviceFactory = std::function<std::unique_ptr<Device>()>;

// The emulator with its device worker (emu_factory.cpp).
DeviceFactory default_device_factory();
// Replaces how the device is made (tests); the next open_device() uses it.
void set_device_factory(DeviceFactory factory);
// The process's device, opened; shared while anything holds it.
std::shared_ptr<Device> open_device();
// Whether anything still holds the process's device.
bool device_in_use();

}  // namespace zyxtt::metalium

namespace tt::tt_metal::detail {

// A buffer's place on the device; frees it when the last holder goes.
struct BufferBacking {
  std::shared_ptr<zyxtt::Device> device;
  zyxtt::program::PlacedBuffer placed;
  bool freed = false;
  ~BufferBacking();
};

// The zyxtt::Device of a MeshDevice made by this library.
std::shared_ptr<zyxtt::Device> device_of(const IDevice* device);

}  // namespace tt::tt_metal::detail
