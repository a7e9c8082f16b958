// tt-metal's per-chip SoC description, as far as its tests read the DRAM
// side of it. The emulator's DRAM bank b is one NOC endpoint, (0, b), which
// workers reach on either NOC.
#pragma once

#include <cstdint>
#include <vector>

#include <tt-metalium/core_coord.hpp>

// Global, as tt-metal declares it.
struct metal_SocDescriptor {
  // Each DRAM view's (bank's) NOC endpoints, the one workers prefer first.
  std::vector<std::vector<tt::tt_metal::CoreCoord>> dram_bank_endpoint_coords;

  tt::tt_metal::CoreCoord get_preferred_worker_core_for_dram_view(int dram_view, uint8_t noc) const;
  // Views x endpoints per view: the grid DramConfig kernels are placed on.
  tt::tt_metal::CoreCoord get_dram_compute_grid_size() const;
};
