// What orders and repeats work on a mesh: running a workload's launches on
// its chips at once, events, traces, and sub-device managers.
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/mesh_event.hpp>
#include <tt-metalium/sub_device.hpp>

#include <exception>
#include <ostream>
#include <thread>

#include <tt-logger/tt-logger.hpp>
#include <tt_stl/assert.hpp>

#include "metalium/mesh_device_impl.h"

namespace tt::tt_metal {

SubDevice::SubDevice(ttsl::Span<const CoreRangeSet> cores) {
  TT_FATAL(cores.size() <= cores_.size(), "A sub-device has cores of at most {} core types, not {}", cores_.size(),
           cores.size());
  for (size_t i = 0; i < cores.size(); ++i) cores_[i] = cores[i];
  for (size_t i = 1; i < cores.size(); ++i)
    TT_FATAL(cores[i].num_cores() == 0, "Sub-devices of ethernet cores are not emulated (only Tensix cores)");
}

const CoreRangeSet& SubDevice::cores(HalProgrammableCoreType core_type) const {
  return cores_.at(static_cast<size_t>(core_type));
}

}  // namespace tt::tt_metal

namespace tt::tt_metal::distributed {

void run_launches(const std::vector<ChipLaunch>& launches) {
  std::vector<std::exception_ptr> failures(launches.size());
  auto run = [&](size_t i) {
    try {
      launches[i].device->run_in_lane(*launches[i].compiled, *launches[i].run, launches[i].what, launches[i].lane);
      report_realtime_run(launches[i]);
    } catch (...) {
      failures[i] = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  for (size_t i = 1; i < launches.size(); ++i) threads.emplace_back(run, i);
  if (!launches.empty()) run(0);
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& failure : failures)
    if (failure) std::rethrow_exception(failure);
}

std::shared_ptr<const zyxtt::program::Run> run_args(const zyxtt::program::Run& args, bool copy) {
  if (copy) return std::make_shared<const zyxtt::program::Run>(args);
  return {std::shared_ptr<void>(), &args};
}

void MeshDeviceImpl::drain_queues() {
  auto log = [&](const std::exception_ptr& failure, size_t i) {
    try {
      std::rethrow_exception(failure);
    } catch (const std::exception& e) {
      log_warning(tt::LogMetal, "Device {} closed with a failure on command queue {} that no Finish reported: {}", id,
                  i, e.what());
    } catch (...) {
      log_warning(tt::LogMetal, "Device {} closed with a failure on command queue {} that no Finish reported", id, i);
    }
  };
  // The queues first: their commands hand workloads to the lanes.
  for (size_t i = 0; i < executors.size(); ++i)
    if (const std::exception_ptr failure = executors[i]->drain()) log(failure, i);
  for (size_t i = 0; i < lanes.size(); ++i)
    for (const auto& lane : lanes[i])
      if (lane)
        if (const std::exception_ptr failure = lane->drain()) log(failure, i);
}

std::shared_ptr<zyxtt::metalium::CommandQueueExecutor> MeshDeviceImpl::lane(uint32_t cq_id, uint32_t sub_device) {
  auto& mine = lanes.at(cq_id);
  if (mine.size() <= sub_device) mine.resize(sub_device + 1);
  if (!mine[sub_device]) {
    mine[sub_device] = std::make_shared<zyxtt::metalium::CommandQueueExecutor>();
    // A lane never runs a workload on the caller's thread, slow dispatch or not: the queue goes on.
    mine[sub_device]->set_asynchronous_slow_dispatch(true);
  }
  return mine[sub_device];
}

void MeshDeviceImpl::stall(uint32_t cq_id, ttsl::Span<const SubDeviceId> ids, bool all) {
  const auto& mine = lanes.at(cq_id);
  if (mine.empty()) return;
  if (ids.empty() && !all) ids = ttsl::Span<const SubDeviceId>(stall_group.data(), stall_group.size());
  std::vector<std::shared_ptr<zyxtt::metalium::CommandQueueExecutor>> waits;
  if (all) {
    for (const auto& lane : mine)
      if (lane) waits.push_back(lane);
  } else {
    for (SubDeviceId sub : ids)
      if (*sub < mine.size() && mine[*sub]) waits.push_back(mine[*sub]);
  }
  if (waits.empty()) return;
  // Runs in the queue's order: every workload enqueued before it has reached its lane.
  executor(cq_id).enqueue([waits = std::move(waits)] {
    std::exception_ptr first;
    for (const auto& lane : waits) {
      try {
        lane->finish();
      } catch (...) {
        if (!first) first = std::current_exception();
      }
    }
    if (first) std::rethrow_exception(first);
  }, false);
}

// ---- Events -------------------------------------------------------------------------------
//
// An event is its queue's mark when recorded: complete once every command
// enqueued on that queue before it has run.

namespace {
const MeshDeviceImpl& impl_of(const MeshEvent& event) {
  TT_FATAL(event.device() != nullptr, "{} has no device", event);
  return event.device()->impl();
}

uint64_t mark_of(const MeshEvent& event) {
  const auto& marks = impl_of(event).event_marks;
  auto it = marks.find(event.id());
  TT_FATAL(it != marks.end(), "{} was not recorded by its device", event);
  return it->second;
}
}  // namespace

MeshEvent::MeshEvent(uint32_t id, MeshDevice* device, uint32_t mesh_cq_id, const MeshCoordinateRange& device_range)
    : id_(id), device_(device), mesh_cq_id_(mesh_cq_id), device_range_(device_range) {}

std::ostream& operator<<(std::ostream& os, const MeshEvent& event) {
  return os << "MeshEvent(id=" << event.id() << ", mesh_cq_id=" << event.mesh_cq_id() << ")";
}

MeshEvent MeshCommandQueue::enqueue_record_event(ttsl::Span<const SubDeviceId> sub_device_ids,
                                                 const std::optional<MeshCoordinateRange>& device_range) {
  const MeshCoordinateRange all(mesh_device_->shape());
  TT_FATAL(!device_range || all.contains(*device_range), "The event's device range is outside the {} mesh",
           mesh_device_->shape());
  MeshDeviceImpl& d = mesh_device_->impl();
  d.stall(id_, sub_device_ids);
  const uint32_t id = d.next_event_id++;
  d.event_marks[id] = d.executor(id_).mark();
  return MeshEvent(id, mesh_device_, id_, device_range.value_or(all));
}

MeshEvent MeshCommandQueue::enqueue_record_event_to_host(ttsl::Span<const SubDeviceId> sub_device_ids,
                                                         const std::optional<MeshCoordinateRange>& device_range) {
  return enqueue_record_event(sub_device_ids, device_range);
}

void MeshCommandQueue::enqueue_wait_for_event(const MeshEvent& event) {
  TT_FATAL(event.device() == mesh_device_, "Command queue {} waits on {} of another mesh device", id_, event);
  TT_FATAL(event.mesh_cq_id() < mesh_device_->num_hw_cqs(), "{} names command queue {}, which does not exist", event,
           event.mesh_cq_id());
  const zyxtt::metalium::CommandQueueExecutor& recorder = mesh_device_->impl().executor(event.mesh_cq_id());
  const uint64_t mark = mark_of(event);
  if (recorder.reached(mark)) return;
  // The later commands of this queue wait for the recording queue's thread.
  mesh_device_->impl().executor(id_).enqueue(recorder.waiter(mark), false);
}

void EventSynchronize(const MeshEvent& event) { impl_of(event).executor(event.mesh_cq_id()).wait_for(mark_of(event)); }
bool EventQuery(const MeshEvent& event) { return impl_of(event).executor(event.mesh_cq_id()).reached(mark_of(event)); }

// ---- Traces -------------------------------------------------------------------------------

using Trace = MeshDeviceImpl::Trace;

MeshTraceId MeshDevice::begin_mesh_trace(uint8_t cq_id) {
  mesh_command_queue(cq_id);  // throws for a queue that does not exist
  MeshDeviceImpl& d = impl();
  TT_FATAL(d.trace_region_size > 0, "Cannot capture a trace: the mesh device was created with trace_region_size 0; "
           "give MeshDevice::create a trace region");
  TT_FATAL(!d.capture_of(cq_id), "Command queue {} is already capturing a trace", cq_id);
  const uint32_t id = d.next_trace_id++;
  d.traces[id].cq_id = cq_id;
  d.capturing[cq_id] = id;
  return MeshTraceId(id);
}

void MeshDevice::end_mesh_trace(uint8_t cq_id, const MeshTraceId& trace_id) {
  MeshDeviceImpl& d = impl();
  auto it = d.capturing.find(cq_id);
  TT_FATAL(it != d.capturing.end() && it->second == *trace_id, "Command queue {} is not capturing trace {}", cq_id,
           *trace_id);
  d.capturing.erase(it);
  Trace& trace = d.traces.at(*trace_id);
  try {
    d.reserve_trace_region(*trace_id, trace);
  } catch (...) {
    d.traces.erase(*trace_id);  // a trace that does not fit is not kept
    throw;
  }
  trace.captured = true;
}

void MeshDevice::replay_mesh_trace(uint8_t cq_id, const MeshTraceId& trace_id, bool blocking) {
  MeshDeviceImpl& d = impl();
  auto it = d.traces.find(*trace_id);
  TT_FATAL(it != d.traces.end(), "Trace {} does not exist (released, or never captured)", *trace_id);
  TT_FATAL(it->second.captured, "Trace {} is still being captured", *trace_id);
  mesh_command_queue(cq_id);
  TT_FATAL(!d.capture_of(cq_id), "Command queue {} cannot replay a trace while it captures one", cq_id);
  // The replay is queued as the captured enqueues were (the launches keep their own args).
  d.executor(cq_id).enqueue([enqueues = it->second.enqueues] {
    for (const auto& launches : enqueues) run_launches(launches);
  }, blocking);
}

void MeshDevice::release_mesh_trace(const MeshTraceId& trace_id) {
  MeshDeviceImpl& d = impl();
  auto it = d.traces.find(*trace_id);
  TT_FATAL(it != d.traces.end(), "Trace {} does not exist (released, or never captured)", *trace_id);
  TT_FATAL(it->second.captured, "Trace {} is still being captured", *trace_id);
  MeshDeviceImpl::release_trace_region(it->second);
  d.traces.erase(it);
}

MeshTraceId BeginTraceCapture(MeshDevice* device, uint8_t cq_id) {
  TT_FATAL(device != nullptr, "BeginTraceCapture of a null device");
  return device->begin_mesh_trace(cq_id);
}

// ---- Sub-device managers -------------------------------------------------------------------

SubDeviceManagerId MeshDevice::create_sub_device_manager(std::initializer_list<SubDevice> sub_devices,
                                                         DeviceAddr local_l1_size) {
  return create_sub_device_manager(ttsl::Span<const SubDevice>(sub_devices.begin(), sub_devices.size()),
                                   local_l1_size);
}

SubDeviceManagerId MeshDevice::create_sub_device_manager(ttsl::Span<const SubDevice> sub_devices, DeviceAddr) {
  TT_FATAL(!sub_devices.empty(), "A sub-device manager needs at least one sub-device");
  const CoreCoord grid = compute_with_storage_grid_size();
  for (size_t i = 0; i < sub_devices.size(); ++i) {
    const CoreRangeSet& mine = sub_devices[i].cores(HalProgrammableCoreType::TENSIX);
    TT_FATAL(mine.bounding_box().end_coord.x < grid.x && mine.bounding_box().end_coord.y < grid.y,
             "Sub-device {}'s cores {} are outside the {} x {} worker grid", i, mine.str(), grid.x, grid.y);
    for (size_t j = 0; j < i; ++j)
      TT_FATAL(!mine.intersects(sub_devices[j].cores(HalProgrammableCoreType::TENSIX)),
               "Sub-devices {} and {} share cores", j, i);
  }
  MeshDeviceImpl& d = impl();
  const uint64_t id = d.next_manager++;
  d.managers[id].assign(sub_devices.begin(), sub_devices.end());
  return SubDeviceManagerId{id};
}

void MeshDevice::load_sub_device_manager(SubDeviceManagerId id) {
  MeshDeviceImpl& d = impl();
  auto it = d.managers.find(*id);
  TT_FATAL(*id == 0 || it != d.managers.end(), "Sub-device manager {} does not exist", *id);
  // The lanes' indices name the new manager's sub-devices from here on.
  for (uint32_t cq = 0; cq < d.lanes.size(); ++cq) d.stall(cq, {}, true);
  d.active_manager = *id;
  const size_t count = *id == 0 ? 1 : it->second.size();
  d.sub_device_ids.clear();
  for (size_t i = 0; i < count; ++i) d.sub_device_ids.push_back(SubDeviceId{static_cast<uint8_t>(i)});
  d.stall_group = d.sub_device_ids;
}

void MeshDevice::clear_loaded_sub_device_manager() { load_sub_device_manager(SubDeviceManagerId{0}); }

void MeshDevice::remove_sub_device_manager(SubDeviceManagerId id) {
  MeshDeviceImpl& d = impl();
  TT_FATAL(d.active_manager != *id, "Sub-device manager {} is loaded; clear it before removing it", *id);
  TT_FATAL(d.managers.erase(*id) == 1, "Sub-device manager {} does not exist", *id);
}

SubDeviceManagerId MeshDevice::get_active_sub_device_manager_id() const { return SubDeviceManagerId{impl().active_manager}; }
SubDeviceManagerId MeshDevice::get_default_sub_device_manager_id() const { return SubDeviceManagerId{0}; }
const std::vector<SubDeviceId>& MeshDevice::get_sub_device_ids() const { return impl().sub_device_ids; }
const std::vector<SubDeviceId>& MeshDevice::get_sub_device_stall_group() const { return impl().stall_group; }
uint32_t MeshDevice::num_sub_devices() const { return static_cast<uint32_t>(impl().sub_device_ids.size()); }

void MeshDevice::set_sub_device_stall_group(ttsl::Span<const SubDeviceId> ids) {
  for (SubDeviceId id : ids)
    TT_FATAL(*id < num_sub_devices(), "Sub-device {} does not exist: the loaded manager has {}", *id, num_sub_devices());
  impl().stall_group.assign(ids.begin(), ids.end());
}

void MeshDevice::reset_sub_device_stall_group() { impl().stall_group = impl().sub_device_ids; }

uint32_t check_sub_device(const MeshDevice& mesh, const tt_metal::detail::ProgramImpl& program) {
  const MeshDeviceImpl& d = mesh.impl();
  if (d.active_manager == 0) return 0;
  const auto& sub_devices = d.managers.at(d.active_manager);
  for (uint32_t index = 0; index < sub_devices.size(); ++index) {
    const SubDevice& sub = sub_devices[index];
    const zyxtt::program::CoreRangeSet mine = tt_metal::detail::to_model(sub.cores(HalProgrammableCoreType::TENSIX));
    bool inside = true;
    for (const auto& kernel : program.model.kernels)
      kernel.cores.for_each_core([&](zyxtt::program::Core core) { inside = inside && mine.contains(core); });
    if (inside) return index;
  }
  TT_THROW("A program's cores lie in no single sub-device of the loaded sub-device manager {}; each program runs "
           "within one sub-device",
           d.active_manager);
}

}  // namespace tt::tt_metal::distributed
