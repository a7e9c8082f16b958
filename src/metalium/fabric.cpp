#include <tt-metalium/experimental/fabric/fabric.hpp>

#include <tt_stl/assert.hpp>
#include <tt_stl/fmt.hpp>

namespace tt::tt_fabric {
namespace {

template <typename E>
E combine(E a, E b, bool both) {
  const auto x = static_cast<uint32_t>(a), y = static_cast<uint32_t>(b);
  return static_cast<E>(both ? (x & y) : (x | y));
}

}  // namespace

FabricManagerMode operator|(FabricManagerMode lhs, FabricManagerMode rhs) { return combine(lhs, rhs, false); }
FabricManagerMode operator&(FabricManagerMode lhs, FabricManagerMode rhs) { return combine(lhs, rhs, true); }
bool has_flag(FabricManagerMode flags, FabricManagerMode test_flag) { return (flags & test_flag) == test_flag; }
FabricType operator|(FabricType lhs, FabricType rhs) { return combine(lhs, rhs, false); }
FabricType operator&(FabricType lhs, FabricType rhs) { return combine(lhs, rhs, true); }
bool has_flag(FabricType flags, FabricType test_flag) { return (flags & test_flag) == test_flag; }

void SetFabricConfig(FabricConfig fabric_config, FabricReliabilityMode, std::optional<uint8_t>, FabricTensixConfig,
                     FabricUDMMode, FabricManagerMode, FabricRouterConfig) {
  TT_FATAL(fabric_config == FabricConfig::DISABLED,
           "SetFabricConfig({}): the fabric routes between chips, and the emulated cluster is one chip; only "
           "FabricConfig::DISABLED is accepted",
           fabric_config);
}

FabricConfig GetFabricConfig() { return FabricConfig::DISABLED; }

bool is_1d_fabric_config(FabricConfig c) {
  return c == FabricConfig::FABRIC_1D || c == FabricConfig::FABRIC_1D_RING ||
         c == FabricConfig::FABRIC_1D_NEIGHBOR_EXCHANGE;
}

bool is_2d_fabric_config(FabricConfig c) {
  return c == FabricConfig::FABRIC_2D || c == FabricConfig::FABRIC_2D_TORUS_X ||
         c == FabricConfig::FABRIC_2D_TORUS_Y || c == FabricConfig::FABRIC_2D_TORUS_XY;
}

}  // namespace tt::tt_fabric
