// Submeshes: meshes over part of another mesh's chips, sharing them (their
// memory, allocators and trace regions) with it; and the mesh's view.
#include <tt-metalium/distributed.hpp>

#include <algorithm>

#include <tt_stl/assert.hpp>

#include "metalium/emulator_options.h"
#include "metalium/mesh_device_impl.h"

namespace tt::tt_metal::distributed {

namespace {
// The unit mesh of the chip at `coord` of `mesh` (a unit mesh is its own chip).
std::shared_ptr<MeshDevice> chip_at(MeshDevice& mesh, const MeshCoordinate& coord) {
  const auto& chips = mesh.impl().chips;
  if (chips.empty()) return mesh.shared_from_this();
  return chips.at(coord.to_linear_index(mesh.shape()));
}
}  // namespace

const MeshDeviceView& MeshDevice::get_view() const { return *pimpl_->view; }
tt_fabric::FabricNodeId MeshDevice::get_fabric_node_id(const MeshCoordinate& coord) const {
  return pimpl_->view->get_fabric_node_id(coord);
}
bool MeshDevice::is_parent_mesh() const { return pimpl_->parent == nullptr; }
const std::shared_ptr<MeshDevice>& MeshDevice::get_parent_mesh() const { return pimpl_->parent; }

std::vector<std::shared_ptr<MeshDevice>> MeshDevice::get_submeshes() const {
  std::vector<std::shared_ptr<MeshDevice>> out;
  for (const auto& weak : pimpl_->submeshes)
    if (auto submesh = weak.lock()) out.push_back(std::move(submesh));
  return out;
}

void MeshDevice::quiesce_devices() {
  for (uint8_t cq = 0; cq < num_hw_cqs(); ++cq) mesh_command_queue(cq).finish();
  for (const auto& submesh : get_submeshes()) submesh->quiesce_devices();
}

// A line keeps its chips in the order of the view's line walk; a grid takes
// the system mesh's block at the first chip's place, which must hold the
// mesh's own chips (tt-metal's rule: a reshape never brings in another chip).
void MeshDevice::reshape(const MeshShape& new_shape) {
  MeshDeviceImpl& d = *pimpl_;
  TT_FATAL(new_shape.mesh_size() == d.shape.mesh_size(),
           "reshape: mesh device {} has {} devices; the shape {} needs {}", id(), d.shape.mesh_size(), new_shape,
           new_shape.mesh_size());
  if (d.chips.empty()) {  // a unit mesh: one chip in any shape of one
    d.shape = new_shape;
    d.view = std::make_unique<MeshDeviceView>(new_shape, get_devices());
    return;
  }
  std::vector<int> ids;
  if (new_shape.is_line_topology()) {
    for (const MeshCoordinate& coord : d.view->get_line_coordinates())
      ids.push_back(d.chip_ids.at(coord.to_linear_index(d.shape)));
  } else {
    const zyxtt::cluster::MeshCoord origin = zyxtt::metalium::emulated_cluster().coord_of(static_cast<uint32_t>(d.chip_ids.front()));
    ids = system_chips(new_shape, MeshCoordinate(origin.row, origin.col));
    for (int chip : ids)
      TT_FATAL(std::find(d.chip_ids.begin(), d.chip_ids.end(), chip) != d.chip_ids.end(),
               "reshape: mesh device {} of shape {} cannot be reshaped to {}: its chips do not form a connected "
               "{} grid (device {} would be needed)",
               id(), d.shape, new_shape, new_shape, chip);
  }
  std::vector<std::shared_ptr<MeshDevice>> chips;
  for (int chip : ids) {
    const auto at = std::find(d.chip_ids.begin(), d.chip_ids.end(), chip) - d.chip_ids.begin();
    chips.push_back(d.chips.at(static_cast<size_t>(at)));
  }
  d.arrange(new_shape, std::move(chips), std::move(ids));
}

std::shared_ptr<MeshDevice> MeshDevice::create_submesh(const MeshShape& submesh_shape,
                                                       const std::optional<MeshCoordinate>& offset) {
  TT_FATAL(is_initialized(), "create_submesh: mesh device {} is closed", id());
  const MeshShape& parent_shape = shape();
  const MeshCoordinate origin = offset.value_or(MeshCoordinate::zero_coordinate(submesh_shape.dims()));
  const auto view = submesh_shape.view();
  bool fits = submesh_shape.dims() == parent_shape.dims() && origin.dims() == parent_shape.dims() &&
              std::all_of(view.begin(), view.end(), [](uint32_t dim) { return dim > 0; });
  for (size_t i = 0; fits && i < parent_shape.dims(); ++i) {
    const auto dim = static_cast<int32_t>(i);
    fits = origin[dim] + submesh_shape[dim] <= parent_shape[dim];
  }
  TT_FATAL(fits, "create_submesh: a submesh of shape {} at offset {} does not fit the parent mesh of shape {}",
           submesh_shape, origin, parent_shape);
  std::vector<uint32_t> last;
  for (size_t i = 0; i < origin.dims(); ++i) {
    const auto dim = static_cast<int32_t>(i);
    last.push_back(origin[dim] + submesh_shape[dim] - 1);
  }
  std::vector<std::shared_ptr<MeshDevice>> chips;
  std::vector<int> chip_ids;
  for (const MeshCoordinate& coord : MeshCoordinateRange(origin, MeshCoordinate(last))) {
    chips.push_back(chip_at(*this, coord));
    chip_ids.push_back(pimpl_->chip_ids.empty() ? id() : pimpl_->chip_ids.at(coord.to_linear_index(parent_shape)));
  }
  auto submesh = std::make_shared<MeshDevice>(submesh_shape, std::move(chips), chip_ids, Private());
  MeshDeviceImpl& d = submesh->impl();
  d.parent = shared_from_this();
  d.set_queues(num_hw_cqs());
  d.trace_region_size = pimpl_->trace_region_size;
  pimpl_->submeshes.push_back(submesh);
  return submesh;
}

std::vector<std::shared_ptr<MeshDevice>> MeshDevice::create_submeshes(const MeshShape& submesh_shape) {
  const MeshShape& parent_shape = shape();
  TT_FATAL(submesh_shape.dims() == parent_shape.dims(),
           "create_submeshes: submeshes of shape {} do not tile the parent mesh of shape {}", submesh_shape,
           parent_shape);
  std::vector<uint32_t> counts;
  for (size_t i = 0; i < parent_shape.dims(); ++i) {
    const auto dim = static_cast<int32_t>(i);
    TT_FATAL(submesh_shape[dim] > 0 && parent_shape[dim] % submesh_shape[dim] == 0,
             "create_submeshes: submeshes of shape {} do not tile the parent mesh of shape {} (dimension {})",
             submesh_shape, parent_shape, i);
    counts.push_back(parent_shape[dim] / submesh_shape[dim]);
  }
  std::vector<std::shared_ptr<MeshDevice>> out;
  for (const MeshCoordinate& step : MeshCoordinateRange(MeshShape(counts))) {
    std::vector<uint32_t> offset;
    for (size_t i = 0; i < step.dims(); ++i) {
      const auto dim = static_cast<int32_t>(i);
      offset.push_back(step[dim] * submesh_shape[dim]);
    }
    out.push_back(create_submesh(submesh_shape, MeshCoordinate(offset)));
  }
  return out;
}

}  // namespace tt::tt_metal::distributed
