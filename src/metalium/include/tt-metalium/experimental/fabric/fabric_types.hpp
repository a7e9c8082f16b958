// tt-metal's fabric configuration values and node ids (the fabric routes
// data between the chips of a cluster over ethernet: fabric.hpp).
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <tt_stl/strong_type.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>

namespace tt::tt_fabric {

enum class FabricConfig : uint32_t {
  DISABLED = 0,
  FABRIC_1D_NEIGHBOR_EXCHANGE = 1,
  FABRIC_1D = 2,
  FABRIC_1D_RING = 3,
  FABRIC_2D = 4,
  FABRIC_2D_TORUS_X = 5,
  FABRIC_2D_TORUS_Y = 6,
  FABRIC_2D_TORUS_XY = 7,
  CUSTOM = 8
};

enum class FabricTensixConfig : uint32_t { DISABLED = 0, MUX = 1, UDM = 2 };

enum class FabricUDMMode : uint32_t { DISABLED = 0, ENABLED = 1 };

enum class FabricManagerMode : uint32_t {
  INIT_FABRIC = 1 << 0,
  TERMINATE_FABRIC = 1 << 1,
  ENABLED = (INIT_FABRIC & TERMINATE_FABRIC),  // 0, as tt-metal defines it
  DEFAULT = (INIT_FABRIC | TERMINATE_FABRIC),
};
FabricManagerMode operator|(FabricManagerMode lhs, FabricManagerMode rhs);
FabricManagerMode operator&(FabricManagerMode lhs, FabricManagerMode rhs);
bool has_flag(FabricManagerMode flags, FabricManagerMode test_flag);

struct FabricRouterConfig {
  std::optional<size_t> max_packet_payload_size_bytes = std::nullopt;
};

enum class FabricReliabilityMode : uint32_t {
  STRICT_SYSTEM_HEALTH_SETUP_MODE = 0,
  RELAXED_SYSTEM_HEALTH_SETUP_MODE = 1,
  DYNAMIC_RECONFIGURATION_SETUP_MODE = 2,
};

enum class FabricType {
  MESH = 1 << 0,
  TORUS_X = 1 << 1,
  TORUS_Y = 1 << 2,
  TORUS_XY = (TORUS_X | TORUS_Y),
};
FabricType operator|(FabricType lhs, FabricType rhs);
FabricType operator&(FabricType lhs, FabricType rhs);
bool has_flag(FabricType flags, FabricType test_flag);

using MeshId = ttsl::StrongType<uint32_t, struct MeshIdTag>;
using MeshHostRankId = ttsl::StrongType<uint32_t, struct HostRankTag>;
using SwitchId = ttsl::StrongType<uint32_t, struct SwitchIdTag>;

// A chip as the fabric names it: its mesh, and its row-major place there
// (the emulated cluster is one mesh, id 0).
class FabricNodeId {
 public:
  explicit FabricNodeId(MeshId mesh_id_val, std::uint32_t chip_id_val);
  MeshId mesh_id{0};
  std::uint32_t chip_id = 0;
};

bool operator==(const FabricNodeId& lhs, const FabricNodeId& rhs);
bool operator!=(const FabricNodeId& lhs, const FabricNodeId& rhs);
bool operator<(const FabricNodeId& lhs, const FabricNodeId& rhs);
bool operator>(const FabricNodeId& lhs, const FabricNodeId& rhs);
bool operator<=(const FabricNodeId& lhs, const FabricNodeId& rhs);
bool operator>=(const FabricNodeId& lhs, const FabricNodeId& rhs);
std::ostream& operator<<(std::ostream& os, const MeshId& mesh_id);
std::ostream& operator<<(std::ostream& os, const FabricNodeId& fabric_node_id);

}  // namespace tt::tt_fabric

template <>
struct std::hash<tt::tt_fabric::FabricNodeId> {
  size_t operator()(const tt::tt_fabric::FabricNodeId& fabric_node_id) const noexcept;
};

namespace tt::tt_metal {

// Physical places of a chip in a system (mesh graph descriptors pin fabric
// nodes to (tray, location) pairs).
using AsicID = ttsl::StrongType<uint64_t, struct AsicIDTag>;
using TrayID = ttsl::StrongType<uint32_t, struct TrayIDTag>;
using ASICLocation = ttsl::StrongType<uint32_t, struct ASICLocationTag>;
using ASICPosition = std::pair<TrayID, ASICLocation>;
using RackID = ttsl::StrongType<uint32_t, struct RackIDTag>;
using UID = ttsl::StrongType<uint32_t, struct UIDTag>;
using HallID = ttsl::StrongType<uint32_t, struct HallIDTag>;
using AisleID = ttsl::StrongType<uint32_t, struct AisleIDTag>;

std::ostream& operator<<(std::ostream& os, const AsicID& asic_id);
std::ostream& operator<<(std::ostream& os, const TrayID& tray_id);
std::ostream& operator<<(std::ostream& os, const ASICLocation& asic_location);

}  // namespace tt::tt_metal
