// tt-metal's view of the chips under the process (tt::Cluster), as far as its
// test fixtures and env_vars.hpp call it: the emulated system.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <tt-metalium/cluster.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <umd/device/cluster.hpp>
#include <umd/device/types/arch.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>
#include <umd/device/types/xy_pair.hpp>

#include "metal_soc_descriptor.hpp"
#include "tt_target_device.hpp"

namespace tt {

namespace tt_fabric {
class ControlPlane;
}

class Cluster {
 public:
  std::set<ChipId> all_chip_ids() const;
  std::set<ChipId> mmio_chip_ids() const;
  std::set<ChipId> user_exposed_chip_ids() const;
  std::size_t number_of_devices() const { return all_chip_ids().size(); }
  std::size_t number_of_pci_devices() const { return mmio_chip_ids().size(); }
  std::size_t number_of_user_devices() const { return user_exposed_chip_ids().size(); }
  // The chip's Tensix harvesting mask as its tt-umd descriptor gives it (bit i: the
  // i-th Tensix column in NOC x order); 0 for an unharvested chip.
  uint32_t get_harvesting_mask(ChipId chip) const;
  ARCH arch() const { return ARCH::BLACKHOLE; }
  BoardType get_board_type(ChipId chip) const;
  tt_metal::ClusterType get_cluster_type() const;
  // A Galaxy of either generation (the emulator's: Blackhole's).
  bool is_ubb_galaxy() const {
    const tt_metal::ClusterType type = get_cluster_type();
    return type == tt_metal::ClusterType::BLACKHOLE_GALAXY || type == tt_metal::ClusterType::GALAXY;
  }
  // A Wormhole TG (Galaxy with its host chips): never, the emulator's chips are Blackholes.
  bool is_galaxy_cluster() const { return get_cluster_type() == tt_metal::ClusterType::TG; }
  // Chips reached through `mmio_chip` over ethernet, each as [mmio_chip, chip].
  std::vector<std::vector<ChipId>> get_tunnels_from_mmio_device(ChipId mmio_chip) const;
  TargetDevice get_target_device_type() const { return TargetDevice::Emule; }
  bool is_mock_or_emulated() const { return true; }
  // Orders host writes to a chip's L1 and DRAM before what follows; the
  // emulator's host writes are complete when they return.
  void l1_barrier(ChipId) const {}
  void dram_barrier(ChipId) const {}

  // Bytes at `addr` of a worker core's L1, the core named by its NOC
  // coordinates (as worker_core_from_logical_core gives them) on chip
  // `core.chip`, which must be open (a device or mesh holds it): the
  // emulator's chips keep their memory only while open. Out-of-range cores
  // and addresses are refused naming them. Writes complete when they return,
  // so the immediate forms are the same.
  void write_core(const void* mem_ptr, uint32_t sz_in_bytes, tt_cxy_pair core, uint64_t addr) const;
  void write_core_immediate(const void* mem_ptr, uint32_t sz_in_bytes, tt_cxy_pair core, uint64_t addr) const {
    write_core(mem_ptr, sz_in_bytes, core, addr);
  }
  template <typename DType>
  void write_core(ChipId device_id, const tt_metal::CoreCoord& core, const std::span<DType>& hex_vec, uint64_t addr) const {
    write_core(hex_vec.data(), hex_vec.size() * sizeof(DType), tt_cxy_pair(device_id, core.x, core.y), addr);
  }
  template <typename DType>
  void write_core(ChipId device_id, const tt_metal::CoreCoord& core, const std::vector<DType>& hex_vec, uint64_t addr) const {
    write_core(hex_vec.data(), hex_vec.size() * sizeof(DType), tt_cxy_pair(device_id, core.x, core.y), addr);
  }
  template <typename DType>
  void write_core_immediate(ChipId device_id, const tt_metal::CoreCoord& core, const std::span<DType>& hex_vec,
                            uint64_t addr) const {
    write_core(device_id, core, hex_vec, addr);
  }
  template <typename DType>
  void write_core_immediate(ChipId device_id, const tt_metal::CoreCoord& core, const std::vector<DType>& hex_vec,
                            uint64_t addr) const {
    write_core(device_id, core, hex_vec, addr);
  }
  // A NOC register of a worker or ethernet core (zyxtt/noc_regs.h): NOC 0's
  // and NOC 1's node id, the translated-coordinates register (Hal's
  // get_noc_encoding_reg) and the id translate tables (identity: the
  // emulator's coordinates need no translation). Other registers are refused.
  void read_reg(std::uint32_t* mem_ptr, tt_cxy_pair target, uint64_t addr) const;
  const metal_SocDescriptor& get_soc_desc(ChipId chip) const;
  // The chip's AI clock in MHz (Blackhole's 1350).
  int get_device_aiclk(const ChipId& chip_id) const;
  void read_core(void* mem_ptr, uint32_t size_in_bytes, tt_cxy_pair core, uint64_t addr) const;
  // `data` resized to the words `size_in_bytes` takes.
  void read_core(std::vector<uint32_t>& data, uint32_t size_in_bytes, tt_cxy_pair core, uint64_t addr) const;
  template <typename DType = uint32_t>
  [[nodiscard]] std::vector<DType> read_core(ChipId chip, const tt_metal::CoreCoord& core, uint64_t addr, uint32_t size) const {
    std::vector<DType> out((size + sizeof(DType) - 1) / sizeof(DType));
    read_core(out.data(), size, tt_cxy_pair(chip, core.x, core.y), addr);
    return out;
  }

  // The cluster's ethernet links. Ethernet cores are logical (0, channel);
  // their NOC coordinates are a Blackhole's.
  std::unordered_set<ChipId> get_ethernet_connected_device_ids(ChipId chip_id) const;
  bool is_ethernet_link_up(ChipId chip_id, const tt_metal::CoreCoord& logical_core) const;
  // The core at the other end of a linked ethernet core; refused for one
  // with no link.
  std::tuple<ChipId, tt_metal::CoreCoord> get_connected_ethernet_core(std::tuple<ChipId, tt_metal::CoreCoord> eth_core) const;
  // `local_chip`'s ethernet cores linked to `remote_chip`, ordered so that
  // get_ethernet_sockets(a, b)[i] is linked to get_ethernet_sockets(b, a)[i].
  std::vector<tt_metal::CoreCoord> get_ethernet_sockets(ChipId local_chip, ChipId remote_chip) const;
  tt_metal::CoreCoord ethernet_core_from_logical_core(ChipId chip_id, const tt_metal::CoreCoord& logical_core) const;
  tt_metal::CoreCoord get_virtual_eth_core_from_channel(ChipId chip_id, int channel) const;
  // Every link, from both ends: chip -> channel -> (chip, channel).
  std::unordered_map<ChipId, std::unordered_map<EthernetChannel, std::tuple<ChipId, EthernetChannel>>>
  get_ethernet_connections() const;
  // `chip_id`'s linked ethernet cores by the chip at their other end.
  std::unordered_map<ChipId, std::vector<tt_metal::CoreCoord>> get_ethernet_cores_grouped_by_connected_chips(
      ChipId chip_id) const;

  // Which linked ethernet channels the fabric's routers hold. Any config but
  // DISABLED reserves, between every two linked chips, the first
  // `num_routing_planes` of their links (in get_ethernet_sockets order, both
  // ends; 255: every link), keeping what is reserved already; DISABLED
  // releases them all. SetFabricConfig calls it as tt-metal's context does.
  // The emulator's fabric routes over every link either way: this is the
  // bookkeeping tt-metal's control plane and fixtures read back.
  void configure_ethernet_cores_for_fabric_routers(tt_fabric::FabricConfig fabric_config,
                                                   std::optional<uint8_t> num_routing_planes = std::nullopt);
  // The chip's channels reserved for fabric routers.
  std::set<uint8_t> get_fabric_ethernet_channels(const tt_fabric::ControlPlane& control_plane, ChipId chip_id) const;

 private:
  std::map<ChipId, std::set<uint8_t>> fabric_router_channels_;
};

}  // namespace tt
