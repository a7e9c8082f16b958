#include "metalium/backend.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>

#include <tt-metalium/tt_metal.hpp>
#include <tt_stl/assert.hpp>

#include "metalium/chip_guard.h"

namespace zyxtt::metalium {
namespace {

std::mutex mutex;
std::map<uint32_t, std::weak_ptr<Device>> opened;

DeviceFactory& factory() {
  static DeviceFactory f = default_device_factory();
  return f;
}

}  // namespace

void set_device_factory(DeviceFactory f) {
  std::lock_guard lock(mutex);
  factory() = f ? std::move(f) : default_device_factory();
}

std::shared_ptr<Device> open_device(uint32_t chip) {
  std::lock_guard lock(mutex);
  if (auto d = opened[chip].lock()) return d;
  // Each command queue runs on a thread of its own: the chip takes turns (chip_guard.h).
  std::shared_ptr<Device> d = std::make_shared<ChipGuard>(factory()(chip));
  // tt-metal's variable for where compiled kernels are kept; unset, the device picks its own folder.
  const char* cache = std::getenv("TT_METAL_CACHE");
  d->open(cache ? cache : "");
  opened[chip] = d;
  return d;
}

std::shared_ptr<Device> opened_device(uint32_t chip) {
  std::lock_guard lock(mutex);
  auto it = opened.find(chip);
  return it == opened.end() ? nullptr : it->second.lock();
}

bool device_in_use() {
  std::lock_guard lock(mutex);
  return std::any_of(opened.begin(), opened.end(), [](const auto& entry) { return !entry.second.expired(); });
}

}  // namespace zyxtt::metalium

namespace tt::tt_metal::detail {
void BufferBacking::release() {
  if (freed || !device) return;
  freed = true;
  if (hooked) return;  // a graph hook holds it: there is nothing on the device
  if (per_core.empty()) {
    device->free(placed);
    return;
  }
  for (const auto& shard : per_core) device->free(shard);
}

BufferBacking::~BufferBacking() {
  try {
    release();
  } catch (const std::exception&) {
    // A destructor cannot report it; the device reclaims everything at close.
  }
}

// The emulator's context keeps nothing between devices: releasing it only
// checks, as tt-metal requires, that every device is closed.
void ReleaseOwnership() {
  TT_FATAL(!zyxtt::metalium::device_in_use(),
           "ReleaseOwnership: a device is still open; close every MeshDevice and release its buffers first");
}
}  // namespace tt::tt_metal::detail
