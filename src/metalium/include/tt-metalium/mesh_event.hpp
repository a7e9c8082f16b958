// An event a mesh command queue records (tt-metal's mesh_event.hpp): complete
// once every command enqueued on that queue before it has run.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstdint>
#include <iosfwd>

#include <fmt/ostream.h>

#include <tt-metalium/mesh_coord.hpp>

namespace tt::tt_metal::distributed {

class MeshDevice;

class MeshEvent {
 public:
  MeshEvent(uint32_t id, MeshDevice* device, uint32_t mesh_cq_id, const MeshCoordinateRange& device_range);

  uint32_t id() const { return id_; }
  MeshDevice* device() const { return device_; }
  uint32_t mesh_cq_id() const { return mesh_cq_id_; }
  const MeshCoordinateRange& device_range() const { return device_range_; }

  friend std::ostream& operator<<(std::ostream& os, const MeshEvent& event);

 private:
  uint32_t id_ = 0;
  MeshDevice* device_ = nullptr;
  uint32_t mesh_cq_id_ = 0;
  MeshCoordinateRange device_range_;
};

}  // namespace tt::tt_metal::distributed

template <>
struct fmt::formatter<tt::tt_metal::distributed::MeshEvent> : fmt::ostream_formatter {};
