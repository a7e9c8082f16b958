// tt-metal's process-wide context, as far as host programs reach it: zyx's
// shim tears it down after closing its device (tt-metal keeps firmware,
// dispatch and cluster state there). The emulator's device goes with its
// last holder, so teardown only checks that none is left.
#pragma once

namespace tt::tt_metal {

class MetalContext {
 public:
  MetalContext() = delete;

  // Throws while a device is still open (a MeshDevice or a buffer holds it)
  // and check_device_count is set, as tt-metal refuses to tear down under
  // open devices; otherwise there is nothing left to release.
  static void destroy_all_instances(bool check_device_count = true);
  // Whether the process's device is open.
  static bool instance_exists();
};

}  // namespace tt::tt_metal
