#include "metalium/backend.h"

#include <cstdlib>
#include <mutex>

#include <tt_stl/assert.hpp>

namespace zyxtt::metalium {
namespace {

std::mutex mutex;
std::weak_ptr<Device> current;

DeviceFactory& factory() {
  static DeviceFactory f = default_device_factory();
  return f;
}

}  // namespace

void set_device_factory(DeviceFactory f) {
  std::lock_guard lock(mutex);
  factory() = f ? std::move(f) : default_device_factory();
}

std::shared_ptr<Device> open_device() {
  std::lock_guard lock(mutex);
  if (auto d = current.lock()) return d;
  std::shared_ptr<Device> d = factory()();
  // tt-metal's variable for where compiled kernels are kept; unset, the device picks its own folder.
  const char* cache = std::getenv("TT_METAL_CACHE");
  d->open(cache ? cache : "");
  current = d;
  return d;
}

bool device_in_use() {
  std::lock_guard lock(mutex);
  return !current.expired();
}

}  // namespace zyxtt::metalium

namespace tt::tt_metal::detail {
BufferBacking::~BufferBacking() {
  if (!freed && device) {
    try {
      device->free(placed);
    } catch (const std::exception&) {
      // A destructor cannot report it; the device reclaims everything at close.
    }
  }
}
}  // namespace tt::tt_metal::detail
