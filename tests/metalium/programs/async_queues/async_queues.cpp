// Command queues that run while the host goes on, on a 1 x 2 mesh of a P300
// (ZYX_TT_CLUSTER=p300). A gate kernel (common/gate_program.hpp) holds its
// queue until the host opens its flag, so what is asserted while it waits does
// not depend on timing: a non-blocking enqueue returns with its run still
// held, an event ordering two queues holds the second, a failed run surfaces
// at Finish, and args set after an enqueue reach only later ones.
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "../common/host_checks.hpp"
#include "../common/gate_program.hpp"
#include "../common/increment_program.hpp"
#include "what_of.h"

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

using metalium_test::counting;
using metalium_test::gate_program;
constexpr uint32_t kOpen = metalium_test::kGateOpen;

// One 64-byte DRAM page on each chip, all words `word`.
std::shared_ptr<MeshBuffer> page(MeshDevice& mesh, uint32_t word) {
  auto buffer = MeshBuffer::create(ReplicatedBufferConfig{.size = 64},
                                   DeviceLocalBufferConfig{.page_size = 64, .buffer_type = BufferType::DRAM}, &mesh);
  EnqueueWriteMeshBuffer(mesh.mesh_command_queue(0), buffer, std::vector<uint32_t>(16, word), true);
  return buffer;
}

// Opens `flag` on one chip at once, past both queues (which may be held).
void open_flag(const MeshBuffer& flag, const MeshCoordinate& chip) {
  tt::tt_metal::detail::WriteToBuffer(*flag.get_device_buffer(chip), std::vector<uint32_t>(16, kOpen));
}

void expect_page(MeshCommandQueue& cq, const std::shared_ptr<MeshBuffer>& buffer, const MeshCoordinate& chip,
                 const std::vector<uint32_t>& want, const char* what) {
  std::vector<uint32_t> got;
  ReadShard(cq, got, buffer, chip);
  TT_FATAL(got == want, "{}: chip {} holds {} ... , expected {} ...", what, chip, got.at(0), want.at(0));
}

MeshWorkload on_chip(Program&& program, const MeshCoordinate& chip) {
  MeshWorkload w;
  w.add_program(MeshCoordinateRange(chip, chip), std::move(program));
  return w;
}

const MeshCoordinate kChip0(0, 0);
const MeshCoordinate kChip1(0, 1);

// (1) and (4): the enqueue returns while its kernel waits for the host, and
// args set after it do not reach it.
void a_non_blocking_enqueue_returns_before_its_run_ends(MeshDevice& mesh) {
  auto& q0 = mesh.mesh_command_queue(0);
  auto& q1 = mesh.mesh_command_queue(1);
  auto flag = page(mesh, 0);
  auto out = page(mesh, 0);
  KernelHandle kernel = 0;
  MeshWorkload gate = on_chip(gate_program(*flag, *out, 111, &kernel), kChip0);
  EnqueueMeshWorkload(q0, gate, false);
  const MeshEvent ran = q0.enqueue_record_event_to_host();
  TT_FATAL(!EventQuery(ran), "the gate kernel ran to its end before the host opened its flag");
  SetRuntimeArgs(gate.get_programs().begin()->second, kernel, CoreCoord{0, 0},
                 {static_cast<uint32_t>(flag->address()), static_cast<uint32_t>(out->address()), 222u});
  // A blocking write on the other queue goes on while queue 0's run holds chip 0.
  std::vector<uint32_t> open(16, kOpen);
  WriteShard(q1, flag, open, kChip0, true);
  EventSynchronize(ran);
  TT_FATAL(EventQuery(ran), "an event is complete after EventSynchronize");
  expect_page(q0, out, kChip0, counting(111), "the enqueued run, with the args it was enqueued with");
  EnqueueMeshWorkload(q0, gate, true);
  expect_page(q0, out, kChip0, counting(222), "the next enqueue, with the args set since");
}

// (2): queue 1's workload reads what queue 0's wrote, after waiting for its
// event. Queue 0 is held by a gate on chip 1 ahead of its write to chip 0, so
// chip 0 is free: only the event keeps queue 1's increment after the write.
void an_event_orders_two_queues(MeshDevice& mesh) {
  auto& q0 = mesh.mesh_command_queue(0);
  auto& q1 = mesh.mesh_command_queue(1);
  auto held = page(mesh, 0);
  auto open = page(mesh, kOpen);
  auto x = page(mesh, 0);
  auto scratch = page(mesh, 0);
  MeshWorkload gate = on_chip(gate_program(*held, *scratch, 5), kChip1);
  MeshWorkload write = on_chip(gate_program(*open, *x, 1000), kChip0);
  MeshWorkload increment = on_chip(metalium_test::increment_program(*x, 1), kChip0);
  EnqueueMeshWorkload(q0, gate, false);
  EnqueueMeshWorkload(q0, write, false);
  const MeshEvent written = q0.enqueue_record_event();
  q1.enqueue_wait_for_event(written);
  EnqueueMeshWorkload(q1, increment, false);
  const MeshEvent incremented = q1.enqueue_record_event_to_host();
  TT_FATAL(!EventQuery(written) && !EventQuery(incremented), "queue 1 ran past an event of the held queue 0");
  open_flag(*held, kChip1);
  EventSynchronize(incremented);
  TT_FATAL(EventQuery(written), "the event waited for is complete once the waiting queue is");
  std::vector<uint32_t> want = counting(1001);
  expect_page(q1, x, kChip0, want, "the increment after the write");
  expect_page(q0, scratch, kChip1, counting(5), "the gate");
  // Finish and Synchronize wait for every queue.
  EnqueueMeshWorkload(q1, increment, false);
  EnqueueMeshWorkload(q0, increment, false);
  Synchronize(&mesh, std::nullopt);
  TT_FATAL(EventQuery(q0.enqueue_record_event()) && EventQuery(q1.enqueue_record_event()),
           "Synchronize left a queue running");
  expect_page(q0, x, kChip0, counting(1003), "two increments, one per queue");
}

// (3): a failed run the host did not wait for is thrown by the queue's next
// Finish, once, with the message a blocking enqueue gives; later commands run.
void a_failure_surfaces_at_finish(MeshDevice& mesh) {
  auto& q0 = mesh.mesh_command_queue(0);
  auto x = page(mesh, 7);
  Program crash = CreateProgram();
  const KernelHandle k = CreateKernel(crash, OVERRIDE_KERNEL_PREFIX "kernel_failure/kernels/null_write.cpp", CoreCoord{2, 3},
                                      DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default});
  SetRuntimeArgs(crash, k, CoreCoord{2, 3}, {0u});
  MeshWorkload bad = on_chip(std::move(crash), kChip0);
  const std::string blocking = what_of([&] { EnqueueMeshWorkload(q0, bad, true); });
  fmt::print("The crashing run said: {}\n", blocking);
  TT_FATAL(blocking.find("core (x=2, y=3) reader crashed") != std::string::npos, "a blocking enqueue of the crashing "
           "kernel: {}", blocking);
  MeshWorkload increment = on_chip(metalium_test::increment_program(*x, 1), kChip0);
  const std::string enqueued = what_of([&] {
    EnqueueMeshWorkload(q0, bad, false);
    EnqueueMeshWorkload(q0, increment, false);
  });
  TT_FATAL(enqueued == "no throw", "a non-blocking enqueue threw: {}", enqueued);
  const std::string finished = what_of([&] { Finish(q0); });
  TT_FATAL(finished == blocking, "Finish after the crashing run said\n  {}\nwhere the blocking enqueue said\n  {}",
           finished, blocking);
  TT_FATAL(what_of([&] { Finish(q0); }) == "no throw", "a failure is reported once");
  expect_page(q0, x, kChip0, std::vector<uint32_t>(16, 8), "the run queued after the failed one");
  // The next blocking call reports it too.
  EnqueueMeshWorkload(q0, bad, false);
  const std::string next = what_of([&] { EnqueueMeshWorkload(q0, increment, true); });
  TT_FATAL(next == blocking, "the blocking enqueue after the crashing run said: {}", next);
  expect_page(q0, x, kChip0, std::vector<uint32_t>(16, 9), "the blocking run after the failed one");
}

}  // namespace

int main() {
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, 2)), DEFAULT_L1_SMALL_SIZE, 0, 2);
  a_non_blocking_enqueue_returns_before_its_run_ends(*mesh);
  an_event_orders_two_queues(*mesh);
  a_failure_surfaces_at_finish(*mesh);
  // Closing drains the queues: a run enqueued just before has happened after.
  auto x = page(*mesh, 50);
  auto open = page(*mesh, kOpen);
  MeshWorkload write = on_chip(gate_program(*open, *x, 60), kChip1);
  EnqueueMeshWorkload(mesh->mesh_command_queue(1), write, false);
  mesh->close();
  std::vector<uint32_t> got;
  tt::tt_metal::detail::ReadFromBuffer(*x->get_device_buffer(kChip1), got);
  TT_FATAL(got == counting(60), "after close, the run enqueued before it left {} ...", got.at(0));
  fmt::print("Test Passed\n");
  return 0;
}
