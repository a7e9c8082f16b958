// A device (tt-metal's IDevice), as far as the emulator answers for it:
// its grid, memories and coordinates.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <set>
#include <tuple>
#include <unordered_set>
#include <vector>

#include <hostdevcommon/common_values.hpp>
#include <hostdevcommon/kernel_structs.h>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/device_types.hpp>
#include <tt-metalium/hal_types.hpp>
#include <umd/device/types/arch.hpp>

namespace tt::tt_metal {

class Allocator;
class CommandQueue;

class IDevice {
 public:
  IDevice() = default;
  virtual ~IDevice() = default;
  IDevice(const IDevice&) = delete;
  IDevice& operator=(const IDevice&) = delete;

  virtual tt::ARCH arch() const = 0;
  virtual int id() const = 0;
  // The chip whose build (kernel binaries) the device uses: its own, a mesh's first chip's.
  virtual ChipId build_id() const = 0;
  virtual uint8_t num_hw_cqs() const = 0;
  virtual bool is_initialized() const = 0;
  virtual int num_dram_channels() const = 0;
  virtual uint32_t l1_size_per_core() const = 0;
  virtual uint32_t dram_size_per_channel() const = 0;
  virtual CoreCoord grid_size() const = 0;
  virtual CoreCoord logical_grid_size() const = 0;
  virtual CoreCoord dram_grid_size() const = 0;
  // Worker cores usable by programs: x columns, y rows.
  virtual CoreCoord compute_with_storage_grid_size() const = 0;
  // A worker's NOC coordinates, what kernels pass to get_noc_addr.
  virtual CoreCoord worker_core_from_logical_core(const CoreCoord& logical_core) const = 0;
  virtual std::vector<CoreCoord> worker_cores_from_logical_cores(const std::vector<CoreCoord>& logical_cores) const = 0;
  virtual CoreCoord virtual_core_from_logical_core(const CoreCoord& logical_coord, const CoreType& core_type) const = 0;
  virtual CoreCoord logical_core_from_dram_channel(uint32_t dram_channel) const = 0;
  virtual uint32_t dram_channel_from_logical_core(const CoreCoord& logical_core) const = 0;
  // The channel of a DRAM bank's NOC endpoint (the emulator's: (0, channel) on both NOCs).
  virtual uint32_t dram_channel_from_virtual_core(const CoreCoord& virtual_core) const = 0;
  // The device's banks, their sizes and alignments (tt-metalium/allocator.hpp).
  // Ethernet cores: logical (0, channel); their NOC coordinates; which are
  // linked to another chip (active) and to which chip and core.
  virtual CoreCoord ethernet_core_from_logical_core(const CoreCoord& logical_core) const = 0;
  virtual std::vector<CoreCoord> ethernet_cores_from_logical_cores(const std::vector<CoreCoord>& logical_cores) const = 0;
  virtual CoreCoord logical_core_from_ethernet_core(const CoreCoord& ethernet_core) const = 0;
  virtual std::unordered_set<CoreCoord> get_active_ethernet_cores(bool skip_reserved_tunnel_cores = false) const = 0;
  virtual std::unordered_set<CoreCoord> get_inactive_ethernet_cores() const = 0;
  virtual bool is_active_ethernet_core(CoreCoord logical_core, bool skip_reserved_tunnel_cores = false) const = 0;
  virtual bool is_inactive_ethernet_core(CoreCoord logical_core) const = 0;
  virtual std::tuple<ChipId, CoreCoord> get_connected_ethernet_core(CoreCoord eth_core) const = 0;
  virtual std::vector<CoreCoord> get_ethernet_sockets(ChipId connected_chip_id) const = 0;
  virtual const std::set<CoreCoord>& ethernet_cores() const = 0;

  virtual const std::unique_ptr<Allocator>& allocator() const = 0;
  virtual bool close() = 0;
  // The device's queue in tt-metal releases before the mesh API.
  virtual CommandQueue& command_queue(size_t cq_id = 0) = 0;
};

}  // namespace tt::tt_metal
