// What a MeshDevice holds: its chips, queues, traces, sub-device managers,
// and its place among submeshes.
#pragma once

#include <tt-metalium/allocator.hpp>
#include <tt-metalium/command_queue.hpp>
#include <tt-metalium/mesh_command_queue.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/mesh_device_view.hpp>
#include <tt-metalium/sub_device.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <tt_stl/assert.hpp>

#include "device/device.h"
#include "metalium/allocator_impl.h"
#include "metalium/command_queue_executor.h"
#include "metalium/program_impl.h"
#include "program/program.h"

namespace tt::tt_metal::distributed {

// One program's run on one chip, as a workload enqueue or a trace replay
// hands it to the chip's device.
struct ChipLaunch {
  std::shared_ptr<zyxtt::Device> device;
  std::shared_ptr<zyxtt::CompiledProgram> compiled;
  std::shared_ptr<const zyxtt::program::Run> run;  // a trace's own copy, else the program's args
  std::string what;
  uint32_t chip = 0;  // the device's id
  // The program's kernel files while the real-time profiler listens, else null.
  std::shared_ptr<const std::vector<std::string>> kernel_sources;
  uint32_t lane = 0;  // the sub-device it runs on (zyxtt::Device::run_in_lane)
};

// Whether real-time profiler callbacks are registered (realtime_profiler.cpp).
bool realtime_profiler_listening();
// The program's kernel files for its launches' records; null while nothing listens.
std::shared_ptr<const std::vector<std::string>> kernel_sources(const tt_metal::detail::ProgramImpl& program);
// Reports `launch`'s run, just done, to the real-time profiler's callbacks.
void report_realtime_run(const ChipLaunch& launch);

// Runs every launch at once, one host thread per chip beyond the first, as
// silicon runs its chips; throws the first failure in launch order.
void run_launches(const std::vector<ChipLaunch>& launches);

// The args a launch runs with: the program's own for a blocking enqueue (the
// host waits for the run), else a copy, so that args set after the enqueue
// reach only later ones.
std::shared_ptr<const zyxtt::program::Run> run_args(const zyxtt::program::Run& args, bool copy);

// What one run of `program` with `args` adds to a trace on one chip: the
// dispatch commands that set its runtime args and circular buffers and launch
// it (trace_region.cpp; README's "Clusters and meshes" says how it is counted).
uint64_t trace_bytes(const zyxtt::program::Program& program, const zyxtt::program::Run& args);

// The index of the sub-device of `mesh`'s loaded sub-device manager that
// `program` runs within (0 under the default one); throws when none holds it.
uint32_t check_sub_device(const MeshDevice& mesh, const tt_metal::detail::ProgramImpl& program);

// The system mesh's chips a mesh of `shape` at `offset` (default (0, 0))
// takes, row-major over `shape`, as tt-metal's SystemMesh maps them: a line
// (at most one dimension past 1) walks the system mesh from the offset
// (MeshDeviceView::get_line_coordinates), a grid takes the block at the
// offset, turned if only that fits. Throws naming the cluster otherwise.
std::vector<int> system_chips(const MeshShape& shape, const std::optional<MeshCoordinate>& offset);

class MeshDeviceImpl {
 public:
  MeshDeviceImpl(int id, MeshDevice* self)
      : id(id), self(self), legacy_queue(self), allocator_impl(self),
        allocator(std::make_unique<Allocator>(&allocator_impl)) {
    set_queues(1);
  }
  ~MeshDeviceImpl();  // gives back the trace region its traces hold
  int id;
  MeshDevice* self;
  std::shared_ptr<zyxtt::Device> device;  // null once closed; of a mesh of several chips, the first chip's
  MeshShape shape{1, 1};
  std::vector<std::shared_ptr<MeshDevice>> chips;  // a mesh of several chips: a unit mesh each, row-major;
                                                  // null for another rank's chip
  std::vector<int> chip_ids;                       // row-major with chips: every chip's id, this rank's or not
  std::unique_ptr<MeshDeviceView> view;  // over get_devices(), made with the mesh
  std::shared_ptr<MeshDevice> parent;    // a submesh's; null for a parent mesh
  std::vector<std::weak_ptr<MeshDevice>> submeshes;
  std::vector<std::unique_ptr<MeshCommandQueue>> queues;
  CommandQueue legacy_queue;
  AllocatorImpl allocator_impl;
  std::unique_ptr<Allocator> allocator;
  // A chip's trace region (trace_region_size at open) and the bytes its
  // traces hold in it; a mesh of several chips uses its chips' regions.
  size_t trace_region_size = 0;
  uint64_t trace_region_used = 0;

  // Traces: each recorded enqueue is the launches it made.
  struct Trace {
    std::vector<std::vector<ChipLaunch>> enqueues;
    uint8_t cq_id = 0;
    bool captured = false;  // end_mesh_trace came
    // Bytes per chip (the unit mesh whose region holds them): counted while
    // capturing, held in the regions from end_mesh_trace to release.
    std::map<MeshDevice*, uint64_t> bytes;
  };
  std::map<uint32_t, Trace> traces;
  std::map<uint8_t, uint32_t> capturing;  // queue -> the trace it records into
  uint32_t next_trace_id = 0;
  uint32_t next_event_id = 1;
  std::unordered_map<uint32_t, uint64_t> event_marks;  // event id -> its queue's mark when recorded

  // Sub-device managers; 0 is the default one: the whole grid, one sub-device.
  std::map<uint64_t, std::vector<SubDevice>> managers;
  uint64_t active_manager = 0;
  uint64_t next_manager = 1;
  std::vector<SubDeviceId> sub_device_ids{SubDeviceId{0}};
  std::vector<SubDeviceId> stall_group{SubDeviceId{0}};

  void set_queues(size_t count) {
    TT_FATAL(count >= 1 && count <= 2, "A device has 1 or 2 command queues, not {}", count);
    queues.clear();
    executors.clear();
    lanes.assign(count, {});
    for (size_t i = 0; i < count; ++i) {
      queues.push_back(std::make_unique<MeshCommandQueue>(self, static_cast<uint32_t>(i)));
      executors.push_back(std::make_unique<zyxtt::metalium::CommandQueueExecutor>());
    }
  }
  // What runs queue `cq_id`'s commands (the pre-mesh command queue is queue 0).
  zyxtt::metalium::CommandQueueExecutor& executor(uint32_t cq_id) const { return *executors.at(cq_id); }
  // While a manager of several sub-devices is loaded, a queue hands each
  // workload to its sub-device's lane and goes on, as a card's dispatcher
  // does: workloads of different sub-devices run at the same time, those of
  // one in order (mesh_queues.cpp). The lane of `sub_device`, made at first use.
  std::shared_ptr<zyxtt::metalium::CommandQueueExecutor> lane(uint32_t cq_id, uint32_t sub_device);
  // Queues on `cq_id` a wait for what the lanes of sub-devices `ids` (empty:
  // the stall group) have been given, as tt-metal's dispatcher waits for the
  // stall group's workers before a transfer, event or Finish; nothing while
  // the queue has no lanes. A lane's failure becomes the queue's.
  void stall(uint32_t cq_id, ttsl::Span<const SubDeviceId> ids, bool all = false);
  // Waits for every queue's commands and stops their threads (close);
  // failures no Finish reported are logged, as nothing is left to throw them.
  void drain_queues();
  // Takes trace `id`'s bytes from its chips' regions, or throws naming the
  // size, the region and trace_region_size (trace_region.cpp).
  void reserve_trace_region(uint32_t id, const Trace& trace) const;
  // Gives back what `trace` holds in its chips' regions.
  static void release_trace_region(const Trace& trace);
  // The trace queue `cq_id` records into, if it is capturing one.
  Trace* capture_of(uint32_t cq_id) {
    auto it = capturing.find(static_cast<uint8_t>(cq_id));
    return it == capturing.end() ? nullptr : &traces.at(it->second);
  }

  // Lays a mesh of several chips out as `shape`: its chips (row-major, null
  // for another rank's), their ids and the view over them.
  void arrange(const MeshShape& shape, std::vector<std::shared_ptr<MeshDevice>> chips, std::vector<int> chip_ids);

  zyxtt::Device& open() const {
    TT_FATAL(device != nullptr, "Device {} is closed", id);
    return *device;
  }
  const zyxtt::Arch& arch() const { return *open().capabilities().arch; }

  // Last: their threads stop (after running what is queued) before the rest
  // goes; the queues' first, as their commands hand work to the lanes.
  // Lanes by queue id, then sub-device index; shared with the commands that wait for them.
  std::vector<std::vector<std::shared_ptr<zyxtt::metalium::CommandQueueExecutor>>> lanes;
  std::vector<std::unique_ptr<zyxtt::metalium::CommandQueueExecutor>> executors;  // by queue id
};

}  // namespace tt::tt_metal::distributed
