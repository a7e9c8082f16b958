// The zyxtt::Devices behind the TT-Metalium API: one per chip of the emulated
// cluster, shared by every MeshDevice opened on that chip, created on first use.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include <tt-metalium/buffer.hpp>

#include "device/device.h"
#include "program/program.h"

namespace zyxtt::metalium {

// Makes the device of one chip of the emulated cluster.
using DeviceFactory = std::function<std::unique_ptr<Device>(uint32_t chip)>;

// The emulator with its device worker (emu_factory.cpp).
DeviceFactory default_device_factory();
// Replaces how the device is made (tests); the next open_device() uses it.
void set_device_factory(DeviceFactory factory);
// Chip `chip`'s device, opened; shared while anything holds it.
std::shared_ptr<Device> open_device(uint32_t chip);
// Chip `chip`'s device when something holds it open, else null (never opens it).
std::shared_ptr<Device> opened_device(uint32_t chip);
// Whether anything still holds a chip's device.
bool device_in_use();

}  // namespace zyxtt::metalium

namespace tt::tt_metal::detail {

// A buffer's place on the device; frees it when the last holder goes.
struct AllocatedBuffers;

struct BufferBacking {
  std::shared_ptr<zyxtt::Device> device;
  zyxtt::program::PlacedBuffer placed;
  // A per-core buffer's shards, one placement each in shard order (the first
  // is `placed`); empty for a buffer placed as one.
  std::vector<zyxtt::program::PlacedBuffer> per_core;
  // Nonzero for a buffer placed flat (buffer_placement.h): `placed` holds
  // each core's device pages in turn, this many per core.
  uint64_t pages_per_core = 0;
  bool freed = false;
  bool hooked = false;  // a graph hook took the allocation (no memory, address 0) or its free
  // Where the buffer is listed while allocated (Allocator::get_allocated_buffers).
  std::shared_ptr<AllocatedBuffers> listed_in;
  // Frees the placement(s) now, unless a hook holds them.
  void release();
  ~BufferBacking();
};

// The zyxtt::Device of a MeshDevice made by this library.
std::shared_ptr<zyxtt::Device> device_of(const IDevice* device);
// The list of buffers allocated on `device` (its Allocator's).
std::shared_ptr<AllocatedBuffers> allocated_buffers_of(const IDevice* device);

}  // namespace tt::tt_metal::detail
