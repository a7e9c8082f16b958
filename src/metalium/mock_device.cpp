// tt-metal's mock mode, recorded: the emulator needs no switch to run without
// hardware, so this only keeps the configuration and names its descriptor.
#include <tt-metalium/experimental/mock_device/mock_device.hpp>

#include <tt_stl/assert.hpp>

#include <utility>

namespace tt::tt_metal::experimental {

namespace {
std::optional<std::pair<tt::ARCH, uint32_t>> g_mock;  // (arch, chips) configured
}  // namespace

void configure_mock_mode(tt::ARCH arch, uint32_t num_chips) { g_mock = std::make_pair(arch, num_chips); }

void configure_mock_mode_from_hw() {
  TT_THROW("configure_mock_mode_from_hw: no Tenstorrent hardware to read the architecture from (the emulator runs "
           "without it; call configure_mock_mode(arch, chips))");
}

void disable_mock_mode() { g_mock.reset(); }

bool is_mock_mode_registered() { return g_mock.has_value(); }

std::optional<std::string> get_mock_cluster_desc() {
  if (!g_mock) return std::nullopt;
  auto name = get_mock_cluster_desc_name(g_mock->first, g_mock->second);
  TT_FATAL(name.has_value(), "no mock cluster descriptor for arch {} with {} chip(s)", static_cast<int>(g_mock->first),
           g_mock->second);
  return name;
}

// UMD's example descriptors (tests/cluster_descriptor_examples) by chip count.
std::optional<std::string> get_mock_cluster_desc_name(tt::ARCH arch, uint32_t num_chips) {
  switch (arch) {
    case tt::ARCH::WORMHOLE_B0:
      switch (num_chips) {
        case 1: return "wormhole_N150.yaml";
        case 2: return "wormhole_N300.yaml";
        case 4: return "2x2_n300_cluster_desc.yaml";
        case 8: return "t3k_cluster_desc.yaml";
        case 32: return "6u_cluster_desc.yaml";
        default: return std::nullopt;
      }
    case tt::ARCH::BLACKHOLE:
      switch (num_chips) {
        case 1: return "blackhole_P150.yaml";
        case 2: return "blackhole_P300_both_mmio.yaml";
        case 4: return "blackhole_4xP150.yaml";
        case 8: return "blackhole_8xP150.yaml";
        default: return std::nullopt;
      }
    case tt::ARCH::QUASAR: return num_chips == 1 ? std::optional<std::string>("quasar_Q1.yaml") : std::nullopt;
    default: return std::nullopt;
  }
}

}  // namespace tt::tt_metal::experimental
