// Traces, events on two command queues and sub-device managers on a 1 x 2
// mesh of a P300 (ZYX_TT_CLUSTER=p300), each checked in the data: every run
// of the increment program adds one to every word.
#include <numeric>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/sub_device.hpp>

#include "../common/host_checks.hpp"
#include "what_of.h"
#include "../common/increment_program.hpp"

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

constexpr uint32_t kPages = 2;

std::shared_ptr<MeshBuffer> words(MeshDevice& mesh, uint8_t cq, uint32_t first) {
  auto buffer = MeshBuffer::create(ReplicatedBufferConfig{.size = kPages * 64},
                                   DeviceLocalBufferConfig{.page_size = 64, .buffer_type = BufferType::DRAM}, &mesh);
  std::vector<uint32_t> data(kPages * 16);
  std::iota(data.begin(), data.end(), first);
  EnqueueWriteMeshBuffer(mesh.mesh_command_queue(cq), buffer, data, true);
  return buffer;
}

// Every device's copy of `buffer` is `first`, `first` + 1, ... plus `runs`.
void expect_runs(MeshDevice& mesh, const std::shared_ptr<MeshBuffer>& buffer, uint32_t first, uint32_t runs,
                 const char* what) {
  for (const MeshCoordinate& coord : MeshCoordinateRange(mesh.shape())) {
    std::vector<uint32_t> got;
    ReadShard(mesh.mesh_command_queue(1), got, buffer, coord);
    std::vector<uint32_t> want(kPages * 16);
    std::iota(want.begin(), want.end(), first + runs);
    TT_FATAL(got == want, "{}: device {} shows {} runs, expected {}", what, coord,
             got.empty() ? 0 : got[0] - first, runs);
  }
}

MeshWorkload workload_of(Program&& program, const MeshDevice& mesh) {
  MeshWorkload w;
  w.add_program(MeshCoordinateRange(mesh.shape()), std::move(program));
  return w;
}

void a_trace_replayed_n_times_equals_n_enqueues(MeshDevice& mesh) {
  auto traced = words(mesh, 1, 100);
  auto enqueued = words(mesh, 1, 100);
  auto other = words(mesh, 1, 500);
  KernelHandle kernel = 0;
  Program program = metalium_test::increment_program(*traced, kPages, {{0, 0}, {0, 0}}, &kernel);
  MeshWorkload workload = workload_of(std::move(program), mesh);
  const MeshTraceId trace = BeginTraceCapture(&mesh, 0);
  EnqueueMeshWorkload(mesh.mesh_command_queue(0), workload, false);
  const std::string write = what_of([&] {
    EnqueueWriteMeshBuffer(mesh.mesh_command_queue(0), traced, std::vector<uint32_t>(kPages * 16), true);
  });
  mesh.end_mesh_trace(0, trace);
  TT_FATAL(write.find("Writes are not supported during trace capture") != std::string::npos, "a write: {}", write);
  expect_runs(mesh, traced, 100, 0, "a captured workload does not run");
  // Args set after the capture do not reach the trace: it keeps `traced`.
  SetRuntimeArgs(workload.get_programs().begin()->second, kernel, CoreCoord{0, 0}, {other->address(), kPages});
  for (int i = 0; i < 3; ++i) mesh.replay_mesh_trace(0, trace, false);
  Finish(mesh.mesh_command_queue(0));  // the replays run on queue 0; expect_runs reads on queue 1
  expect_runs(mesh, traced, 100, 3, "three replays");
  expect_runs(mesh, other, 500, 0, "args set after the capture");
  Program direct = metalium_test::increment_program(*enqueued, kPages);
  MeshWorkload direct_workload = workload_of(std::move(direct), mesh);
  for (int i = 0; i < 3; ++i) EnqueueMeshWorkload(mesh.mesh_command_queue(0), direct_workload, false);
  Finish(mesh.mesh_command_queue(0));
  expect_runs(mesh, enqueued, 100, 3, "three enqueues");
  mesh.release_mesh_trace(trace);
  const std::string released = what_of([&] { mesh.replay_mesh_trace(0, trace, true); });
  TT_FATAL(released.find("Trace 0 does not exist") != std::string::npos, "a released trace: {}", released);
}

void events_order_two_queues(MeshDevice& mesh) {
  auto& io = mesh.mesh_command_queue(1);
  auto& work = mesh.mesh_command_queue(0);
  auto buffer = words(mesh, 1, 7);
  const MeshEvent written = io.enqueue_record_event();
  work.enqueue_wait_for_event(written);
  MeshWorkload w = workload_of(metalium_test::increment_program(*buffer, kPages), mesh);
  EnqueueMeshWorkload(work, w, false);
  const MeshEvent ran = work.enqueue_record_event_to_host();
  TT_FATAL(ran.mesh_cq_id() == 0 && ran.id() > written.id() && ran.device_range() == MeshCoordinateRange(mesh.shape()),
           "events carry their queue, rising ids and the mesh's range");
  EventSynchronize(ran);
  TT_FATAL(EventQuery(ran), "a recorded event is complete");
  io.enqueue_wait_for_event(ran);
  expect_runs(mesh, buffer, 7, 1, "a workload between events");
  auto lone = MeshDevice::create_unit_mesh(0);
  const std::string foreign = what_of([&] { lone->mesh_command_queue().enqueue_wait_for_event(ran); });
  TT_FATAL(foreign.find("of another mesh device") != std::string::npos, "an event of another mesh: {}", foreign);
  TT_FATAL(what_of([&] { mesh.mesh_command_queue(2); }).find("Command queue 2 does not exist: the device has 2") !=
               std::string::npos,
           "a third queue");
}

void sub_devices_hold_programs(MeshDevice& mesh) {
  auto buffer = words(mesh, 1, 0);
  const SubDevice first(std::array{CoreRangeSet(CoreRange({0, 0}, {0, 0}))});
  const SubDevice second(std::array{CoreRangeSet(CoreRange({1, 1}, {2, 2}))});
  const SubDeviceManagerId manager = mesh.create_sub_device_manager({first, second}, 3200);
  mesh.load_sub_device_manager(manager);
  TT_FATAL(mesh.num_sub_devices() == 2 && mesh.get_sub_device_ids().size() == 2, "two sub-devices loaded");
  MeshWorkload inside = workload_of(metalium_test::increment_program(*buffer, kPages), mesh);
  EnqueueMeshWorkload(mesh.mesh_command_queue(0), inside, true);
  MeshWorkload across = workload_of(metalium_test::increment_program(*buffer, kPages, {{0, 0}, {1, 1}}), mesh);
  const std::string spanning = what_of([&] { EnqueueMeshWorkload(mesh.mesh_command_queue(0), across, true); });
  TT_FATAL(spanning.find("lie in no single sub-device") != std::string::npos, "a program across sub-devices: {}",
           spanning);
  TT_FATAL(what_of([&] { mesh.remove_sub_device_manager(manager); }).find("is loaded; clear it") != std::string::npos,
           "removing the loaded manager");
  mesh.clear_loaded_sub_device_manager();
  EnqueueMeshWorkload(mesh.mesh_command_queue(0), across, true);
  mesh.remove_sub_device_manager(manager);
  expect_runs(mesh, buffer, 0, 2, "one run inside a sub-device, one after the manager was cleared");
  const SubDevice overlapping(std::array{CoreRangeSet(CoreRange({0, 0}, {1, 1}))});
  TT_FATAL(what_of([&] { mesh.create_sub_device_manager({first, overlapping}, 0); }).find("share cores") !=
               std::string::npos,
           "overlapping sub-devices");
}

}  // namespace

int main() {
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 2)), DEFAULT_L1_SMALL_SIZE, 16384, 2);
  TT_FATAL(mesh->num_hw_cqs() == 2, "two command queues");
  a_trace_replayed_n_times_equals_n_enqueues(*mesh);
  events_order_two_queues(*mesh);
  sub_devices_hold_programs(*mesh);
  auto no_region = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 2)), DEFAULT_L1_SMALL_SIZE, 0);
  const std::string region = what_of([&] { BeginTraceCapture(no_region.get(), 0); });
  TT_FATAL(region.find("created with trace_region_size 0") != std::string::npos, "no trace region: {}", region);
  fmt::print("Test Passed\n");
  return 0;
}
