// tt-metal's process-wide context, as far as host programs reach it: zyx's
// shim tears it down after closing its device (tt-metal keeps firmware,
// dispatch and cluster state there), and tt-metal's test fixtures ask it for
// the cluster, the run-time options and the HAL. The emulator's device goes
// with its last holder, so teardown only checks that none is left.
#pragma once

#include "../../llrt/hal.hpp"
#include "../../llrt/rtoptions.hpp"
#include "../../llrt/tt_cluster.hpp"
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/experimental/fabric/control_plane.hpp>
#include <tt-metalium/system_mesh.hpp>

namespace tt::tt_metal {

class MetalContext {
 public:
  static MetalContext& instance();

  Cluster& get_cluster() { return cluster_; }
  const Cluster& get_cluster() const { return cluster_; }
  llrt::RunTimeOptions& rtoptions() { return rtoptions_; }
  const llrt::RunTimeOptions& rtoptions() const { return rtoptions_; }
  const Hal& hal() const { return hal_; }
  // The fabric's control plane: answers from the emulated cluster's links.
  tt::tt_fabric::ControlPlane& get_control_plane() { return control_plane_; }
  distributed::SystemMesh& get_system_mesh() { return distributed::SystemMesh::instance(); }

  // Throws while a device is still open (a MeshDevice or a buffer holds it)
  // and check_device_count is set, as tt-metal refuses to tear down under
  // open devices; otherwise there is nothing left to release.
  static void destroy_all_instances(bool check_device_count = true);
  // Whether the process's device is open.
  static bool instance_exists();

 private:
  MetalContext() = default;
  Cluster cluster_;
  llrt::RunTimeOptions rtoptions_;
  Hal hal_;
  tt::tt_fabric::ControlPlane control_plane_;
};

}  // namespace tt::tt_metal
