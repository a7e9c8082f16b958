// tt-metal's mock-device switches: run without hardware. The emulator never
// has hardware, so mock mode here only records the configuration asked for
// and names its cluster descriptor (see docs/fidelity.md); the emulated
// cluster itself is chosen by ZYX_TT_CLUSTER or TT_METAL_MOCK_CLUSTER_DESC_PATH.
#pragma once

#include <umd/device/types/arch.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace tt::tt_metal::experimental {

void configure_mock_mode(tt::ARCH arch, uint32_t num_chips = 1);
void configure_mock_mode_from_hw();
void disable_mock_mode();
bool is_mock_mode_registered();
// The descriptor name of the configuration registered (none: nullopt); throws when it has no descriptor.
std::optional<std::string> get_mock_cluster_desc();
// UMD's example cluster descriptor for arch with num_chips chips (e.g. "blackhole_P150.yaml"), if one exists.
std::optional<std::string> get_mock_cluster_desc_name(tt::ARCH arch, uint32_t num_chips);

}  // namespace tt::tt_metal::experimental
