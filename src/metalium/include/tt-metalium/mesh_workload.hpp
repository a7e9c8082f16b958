// Programs placed on ranges of a mesh (tt-metal's mesh_workload.hpp).
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <memory>
#include <unordered_map>

#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/program.hpp>

namespace tt::tt_metal::distributed {

class MeshCommandQueue;
class MeshWorkload;

void EnqueueMeshWorkload(MeshCommandQueue& mesh_cq, MeshWorkload& mesh_workload, bool blocking);

class MeshWorkload {
 public:
  MeshWorkload();
  ~MeshWorkload();
  MeshWorkload(MeshWorkload&& other) noexcept;
  MeshWorkload& operator=(MeshWorkload&& other) noexcept;

  void add_program(const MeshCoordinateRange& device_range, Program&& program);
  std::unordered_map<MeshCoordinateRange, Program>& get_programs();
  const std::unordered_map<MeshCoordinateRange, Program>& get_programs() const;

  // The queue that last enqueued this workload (tt-metal's, for tests).
  void set_last_used_command_queue_for_testing(MeshCommandQueue* mesh_cq);
  MeshCommandQueue* get_last_used_command_queue() const;

 private:
  std::unordered_map<MeshCoordinateRange, Program> programs_;
  MeshCommandQueue* last_used_command_queue_ = nullptr;
};

}  // namespace tt::tt_metal::distributed
