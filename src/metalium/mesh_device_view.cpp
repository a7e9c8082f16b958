// MeshDeviceView: a mesh's devices by coordinate, and the lines and rings
// collective operations walk them in.
#include <tt-metalium/mesh_device_view.hpp>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <optional>
#include <unordered_set>

#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal::distributed {

namespace {

std::vector<tt::tt_fabric::FabricNodeId> fabric_node_ids_of(const std::vector<IDevice*>& devices) {
  std::vector<tt::tt_fabric::FabricNodeId> out;
  for (IDevice* d : devices) out.push_back(tt::tt_fabric::get_fabric_node_id_from_physical_chip_id(d->id()));
  return out;
}

}  // namespace

MeshDeviceView::MeshDeviceView(const MeshShape& shape, const std::vector<IDevice*>& devices)
    : MeshDeviceView(shape, devices, fabric_node_ids_of(devices)) {}

MeshDeviceView::MeshDeviceView(const MeshShape& shape, const std::vector<IDevice*>& devices,
                               const std::vector<tt::tt_fabric::FabricNodeId>& fabric_node_ids)
    : shape_(shape), devices_(devices), fabric_node_ids_(fabric_node_ids) {
  TT_FATAL(devices.size() == shape.mesh_size(), "A view of shape {} needs {} devices, not {}", shape, shape.mesh_size(),
           devices.size());
  TT_FATAL(fabric_node_ids.size() == devices.size(), "A view of {} devices needs as many fabric node ids, not {}",
           devices.size(), fabric_node_ids.size());
}

std::vector<tt::tt_fabric::FabricNodeId> MeshDeviceView::get_fabric_node_ids(const MeshCoordinateRange& range) const {
  std::vector<tt::tt_fabric::FabricNodeId> out;
  for (const MeshCoordinate& coord : range) out.push_back(get_fabric_node_id(coord));
  return out;
}
std::vector<tt::tt_fabric::FabricNodeId> MeshDeviceView::get_fabric_node_ids() const { return fabric_node_ids_; }
tt::tt_fabric::MeshId MeshDeviceView::mesh_id() const noexcept { return tt::tt_fabric::MeshId{0}; }

tt::tt_fabric::FabricNodeId MeshDeviceView::get_fabric_node_id(const MeshCoordinate& coord) const {
  TT_FATAL(contains(coord), "Coordinate {} is outside the view of shape {}", coord, shape_);
  return fabric_node_ids_[coord.to_linear_index(shape_)];
}

std::vector<IDevice*> MeshDeviceView::get_devices(const MeshCoordinateRange& range) const {
  std::vector<IDevice*> out;
  for (const MeshCoordinate& coord : range) {
    TT_FATAL(contains(coord), "Coordinate {} is outside the view of shape {}", coord, shape_);
    if (IDevice* device = devices_[coord.to_linear_index(shape_)]) out.push_back(device);  // this rank's
  }
  return out;
}
std::vector<IDevice*> MeshDeviceView::get_devices() const {
  std::vector<IDevice*> out;
  for (IDevice* device : devices_)
    if (device != nullptr) out.push_back(device);  // this rank's
  return out;
}
size_t MeshDeviceView::num_devices() const { return devices_.size(); }
bool MeshDeviceView::empty() const noexcept { return devices_.empty(); }
size_t MeshDeviceView::size() const noexcept { return devices_.size(); }
const MeshShape& MeshDeviceView::shape() const noexcept { return shape_; }

bool MeshDeviceView::contains(const MeshCoordinate& coord) const noexcept {
  return coord.dims() == shape_.dims() && MeshCoordinateRange(shape_).contains(coord);
}

IDevice* MeshDeviceView::get_device(const MeshCoordinate& coord) const {
  if (!contains(coord)) return nullptr;
  IDevice* device = devices_[coord.to_linear_index(shape_)];
  TT_FATAL(device != nullptr, "Cannot get device for remote device at coordinate {}: another rank emulates it", coord);
  return device;
}

MeshCoordinate MeshDeviceView::find_device(ChipId device_id) const {
  for (const MeshCoordinate& coord : MeshCoordinateRange(shape_))
    if (is_local(coord) && get_device(coord)->id() == device_id) return coord;
  TT_THROW("Device {} is not in the view of shape {}", device_id, shape_);
}

bool MeshDeviceView::is_mesh_2d() const { return shape_.dims() == 2; }
size_t MeshDeviceView::num_rows() const {
  TT_FATAL(is_mesh_2d(), "The view of shape {} is not 2-D", shape_);
  return shape_[0];
}
size_t MeshDeviceView::num_cols() const {
  TT_FATAL(is_mesh_2d(), "The view of shape {} is not 2-D", shape_);
  return shape_[1];
}

std::vector<IDevice*> MeshDeviceView::get_devices_on_row(size_t row) const {
  TT_FATAL(row < num_rows(), "Row {} is outside the view of shape {}", row, shape_);
  const auto r = static_cast<uint32_t>(row);
  return get_devices(MeshCoordinateRange(MeshCoordinate(r, 0), MeshCoordinate(r, shape_[1] - 1)));
}
std::vector<IDevice*> MeshDeviceView::get_devices_on_column(size_t col) const {
  TT_FATAL(col < num_cols(), "Column {} is outside the view of shape {}", col, shape_);
  const auto c = static_cast<uint32_t>(col);
  return get_devices(MeshCoordinateRange(MeshCoordinate(0, c), MeshCoordinate(shape_[0] - 1, c)));
}

std::vector<MeshCoordinate> MeshDeviceView::get_ring_coordinates(const Shape2D& ring_shape, const Shape2D& mesh_shape) {
  const size_t rows = ring_shape.height();
  const size_t cols = ring_shape.width();
  TT_FATAL(rows > 0 && cols > 0, "A ring of shape ({}, {}) is empty", rows, cols);
  TT_FATAL(rows <= mesh_shape.height() && cols <= mesh_shape.width(),
           "A ring of shape ({}, {}) does not fit the mesh of shape ({}, {})", rows, cols, mesh_shape.height(),
           mesh_shape.width());
  auto at = [](size_t r, size_t c) { return MeshCoordinate(static_cast<uint32_t>(r), static_cast<uint32_t>(c)); };
  std::vector<MeshCoordinate> ring;
  for (size_t c = 0; c < cols; ++c) ring.push_back(at(0, c));  // along the top
  for (size_t r = 1; r < rows; ++r) ring.push_back(at(r, cols - 1));  // down the right side
  if (rows > 1 && cols > 1) {
    for (size_t c = cols - 1; c-- > 0;) ring.push_back(at(rows - 1, c));  // back along the bottom
    for (size_t r = rows - 1; r-- > 1;) ring.push_back(at(r, 0));  // up the left side
  }
  return ring;
}

std::vector<MeshCoordinate> MeshDeviceView::get_line_coordinates(size_t length, const Shape2D& mesh_shape,
                                                                 const Shape2D& mesh_offset) {
  const size_t rows = mesh_shape.height();
  const size_t cols = mesh_shape.width();
  TT_FATAL(mesh_offset.height() < rows && mesh_offset.width() < cols,
           "A line from ({}, {}) starts outside the mesh of shape ({}, {})", mesh_offset.height(), mesh_offset.width(),
           rows, cols);
  const MeshCoordinate start(static_cast<uint32_t>(mesh_offset.height()), static_cast<uint32_t>(mesh_offset.width()));
  if (mesh_shape == Shape2D(2, 4) || mesh_shape == Shape2D(4, 2)) {
    // As tt-metal walks these two shapes: round the perimeter, from the start.
    const std::vector<MeshCoordinate> ring = get_ring_coordinates(mesh_shape, mesh_shape);
    TT_FATAL(length <= ring.size(), "A line of {} devices is longer than the {} round the mesh", length, ring.size());
    const size_t first = static_cast<size_t>(std::find(ring.begin(), ring.end(), start) - ring.begin());
    std::vector<MeshCoordinate> line;
    for (size_t i = 0; i < length; ++i) line.push_back(ring[(first + i) % ring.size()]);
    return line;
  }
  auto adjacent = [](const MeshCoordinate& a, const MeshCoordinate& b) {
    return std::abs(static_cast<int>(a[0]) - static_cast<int>(b[0])) +
               std::abs(static_cast<int>(a[1]) - static_cast<int>(b[1])) == 1;
  };
  // Depth first, neighbours tried right, down, left, up; `closed` asks that
  // the last coordinate neighbour the first.
  std::vector<MeshCoordinate> line{start};
  std::unordered_set<MeshCoordinate> seen{start};
  std::function<bool(bool)> extend = [&](bool closed) {
    if (line.size() >= length) return true;
    const uint32_t r = line.back()[0];
    const uint32_t c = line.back()[1];
    std::vector<MeshCoordinate> next;
    if (c + 1 < cols) next.emplace_back(r, c + 1);
    if (r + 1 < rows) next.emplace_back(r + 1, c);
    if (c > 0) next.emplace_back(r, c - 1);
    if (r > 0) next.emplace_back(r - 1, c);
    for (const MeshCoordinate& n : next) {
      if (seen.contains(n) || (closed && line.size() + 1 == length && !adjacent(n, start))) continue;
      line.push_back(n);
      seen.insert(n);
      if (extend(closed)) return true;
      seen.erase(n);
      line.pop_back();
    }
    return false;
  };
  const bool found = extend(true) || extend(false);
  TT_FATAL(found && line.size() == length, "No line of {} neighbouring devices from ({}, {}) in the mesh of shape ({}, {})",
           length, start[0], start[1], rows, cols);
  return line;
}

std::vector<MeshCoordinate> MeshDeviceView::get_line_coordinates() const {
  return get_line_coordinates(num_devices(), Shape2D(num_rows(), num_cols()), Shape2D(0, 0));
}
std::vector<MeshCoordinate> MeshDeviceView::get_ring_coordinates() const {
  const Shape2D shape(num_rows(), num_cols());
  return get_ring_coordinates(shape, shape);
}

namespace {
std::vector<IDevice*> devices_at(const MeshDeviceView& view, const std::vector<MeshCoordinate>& coords) {
  std::vector<IDevice*> out;
  for (const MeshCoordinate& coord : coords)
    if (view.is_local(coord)) out.push_back(view.get_device(coord));
  return out;
}
}  // namespace

std::vector<IDevice*> MeshDeviceView::get_ring_devices() const { return devices_at(*this, get_ring_coordinates()); }
std::vector<IDevice*> MeshDeviceView::get_line_devices() const { return devices_at(*this, get_line_coordinates()); }

std::vector<tt::tt_fabric::FabricNodeId> MeshDeviceView::get_fabric_node_ids_on_row(size_t row) const {
  TT_FATAL(row < num_rows(), "Row {} is outside the view of shape {}", row, shape_);
  const auto r = static_cast<uint32_t>(row);
  return get_fabric_node_ids(MeshCoordinateRange(MeshCoordinate(r, 0), MeshCoordinate(r, shape_[1] - 1)));
}
std::vector<tt::tt_fabric::FabricNodeId> MeshDeviceView::get_fabric_node_ids_on_column(size_t col) const {
  TT_FATAL(col < num_cols(), "Column {} is outside the view of shape {}", col, shape_);
  const auto c = static_cast<uint32_t>(col);
  return get_fabric_node_ids(MeshCoordinateRange(MeshCoordinate(0, c), MeshCoordinate(shape_[0] - 1, c)));
}
std::vector<tt::tt_fabric::FabricNodeId> MeshDeviceView::get_ring_fabric_node_ids() const {
  std::vector<tt::tt_fabric::FabricNodeId> out;
  for (const MeshCoordinate& c : get_ring_coordinates()) out.push_back(get_fabric_node_id(c));
  return out;
}
std::vector<tt::tt_fabric::FabricNodeId> MeshDeviceView::get_line_fabric_node_ids() const {
  std::vector<tt::tt_fabric::FabricNodeId> out;
  for (const MeshCoordinate& c : get_line_coordinates()) out.push_back(get_fabric_node_id(c));
  return out;
}

bool MeshDeviceView::is_local(const MeshCoordinate& coord) const {
  TT_FATAL(contains(coord), "Coordinate {} is outside the view of shape {}", coord, shape_);
  return devices_[coord.to_linear_index(shape_)] != nullptr;
}
MeshCoordinateRange MeshDeviceView::get_local_mesh_coord_range() const {
  // This rank's devices form one block of the mesh (cluster/rank_share.h).
  std::optional<MeshCoordinate> first;
  MeshCoordinate last = MeshCoordinate::zero_coordinate(shape_.dims());
  for (const MeshCoordinate& coord : MeshCoordinateRange(shape_))
    if (is_local(coord)) {
      if (!first) first = coord;
      last = coord;
    }
  TT_FATAL(first.has_value(), "No device of the view of shape {} is this rank's", shape_);
  return MeshCoordinateRange(*first, last);
}

}  // namespace tt::tt_metal::distributed
