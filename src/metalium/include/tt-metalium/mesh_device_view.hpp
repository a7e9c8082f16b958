// A view of a mesh's devices by coordinate (tt-metal's mesh_device_view.hpp):
// MeshDevice::get_view() answers these queries. Every device of a view is
// local unless the mesh spans MPI ranks (another rank's device is null here:
// get_devices() answers this rank's, is_local() tells); the MaybeRemote members are
// left out; a view built from the devices alone takes their fabric node ids
// from the emulated cluster.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <memory>
#include <vector>

#include <tt-metalium/device.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/mesh_config.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/shape2d.hpp>

namespace tt::tt_metal::distributed {

class MeshDevice;

class MeshDeviceView {
 public:
  // `devices` row-major over `shape`.
  MeshDeviceView(const MeshShape& shape, const std::vector<IDevice*>& devices);
  MeshDeviceView(const MeshShape& shape, const std::vector<IDevice*>& devices,
                 const std::vector<tt::tt_fabric::FabricNodeId>& fabric_node_ids);

  // The devices of `range` (inclusive), row-major.
  [[nodiscard]] std::vector<IDevice*> get_devices(const MeshCoordinateRange& range) const;
  [[nodiscard]] std::vector<IDevice*> get_devices() const;
  [[nodiscard]] std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids(const MeshCoordinateRange& range) const;
  [[nodiscard]] std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids() const;
  [[nodiscard]] size_t num_devices() const;
  // The emulated cluster is one mesh.
  [[nodiscard]] tt::tt_fabric::MeshId mesh_id() const noexcept;

  [[nodiscard]] bool empty() const noexcept;
  [[nodiscard]] size_t size() const noexcept;
  [[nodiscard]] const MeshShape& shape() const noexcept;
  [[nodiscard]] bool contains(const MeshCoordinate& coord) const noexcept;

  // The device at `coord`; null outside the view.
  [[nodiscard]] IDevice* get_device(const MeshCoordinate& coord) const;
  // Throws outside the view.
  [[nodiscard]] tt::tt_fabric::FabricNodeId get_fabric_node_id(const MeshCoordinate& coord) const;

  // Throws if no device of the view has id `device_id`.
  [[nodiscard]] MeshCoordinate find_device(ChipId device_id) const;

  // These need a 2-D view.
  [[nodiscard]] bool is_mesh_2d() const;
  [[nodiscard]] size_t num_rows() const;
  [[nodiscard]] size_t num_cols() const;
  [[nodiscard]] std::vector<IDevice*> get_devices_on_row(size_t row) const;
  [[nodiscard]] std::vector<IDevice*> get_devices_on_column(size_t col) const;
  [[nodiscard]] std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids_on_row(size_t row) const;
  [[nodiscard]] std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids_on_column(size_t col) const;

  // A line: `length` coordinates from `mesh_offset`, each a neighbour of the
  // one before (a closed ring where one exists; a 2 x 4 or 4 x 2 mesh goes
  // round its perimeter). A ring: the perimeter of `ring_shape` from (0, 0),
  // clockwise.
  [[nodiscard]] static std::vector<MeshCoordinate> get_line_coordinates(size_t length, const Shape2D& mesh_shape,
                                                                        const Shape2D& mesh_offset);
  [[nodiscard]] std::vector<MeshCoordinate> get_line_coordinates() const;
  [[nodiscard]] static std::vector<MeshCoordinate> get_ring_coordinates(const Shape2D& ring_shape,
                                                                        const Shape2D& mesh_shape);
  [[nodiscard]] std::vector<MeshCoordinate> get_ring_coordinates() const;
  [[nodiscard]] std::vector<IDevice*> get_ring_devices() const;
  [[nodiscard]] std::vector<IDevice*> get_line_devices() const;
  [[nodiscard]] std::vector<tt::tt_fabric::FabricNodeId> get_ring_fabric_node_ids() const;
  [[nodiscard]] std::vector<tt::tt_fabric::FabricNodeId> get_line_fabric_node_ids() const;

  // Throws for a coordinate outside the view; false for another rank's device.
  bool is_local(const MeshCoordinate& coord) const;
  MeshCoordinateRange get_local_mesh_coord_range() const;

 private:
  MeshShape shape_;
  std::vector<IDevice*> devices_;  // row-major
  std::vector<tt::tt_fabric::FabricNodeId> fabric_node_ids_;  // row-major
};

}  // namespace tt::tt_metal::distributed
