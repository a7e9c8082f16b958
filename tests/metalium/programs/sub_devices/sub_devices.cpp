// Programs on two sub-devices of each chip of a mesh of every chip
// (ZYX_TT_CLUSTER=p300, or a chip alone) run at the same time, as on silicon:
// a program waits for a semaphore that a program enqueued after it, on the
// other sub-device, sets. Programs of one
// sub-device still run in order, and a wait nobody satisfies is still a
// deadlock naming the waiting core. One case per run: `meet`, `ordered`, `deadlock`.
#include <fmt/ranges.h>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/global_semaphore.hpp>
#include <tt-metalium/sub_device.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include "what_of.h"

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {

// Waits until its own copy of the semaphore (arg 0) reaches 1, then writes
// arg 2 to word 0 of page 0 of the buffer at arg 1 (64-byte DRAM pages).
constexpr const char* kWaitThenWrite = R"(
void kernel_main() {
  const uint32_t sem = get_arg_val<uint32_t>(0);
  const uint32_t out_addr = get_arg_val<uint32_t>(1);
  const uint32_t value = get_arg_val<uint32_t>(2);
  constexpr auto out_args = TensorAccessorArgs<0>();
  const auto out = TensorAccessor(out_args, out_addr, 64);
  noc_semaphore_wait(reinterpret_cast<volatile tt_l1_ptr uint32_t*>(sem), 1);
  cb_reserve_back(0, 1);
  auto* words = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
  words[0] = value;
  noc_async_write(get_write_ptr(0), out.get_noc_addr(0), 64);
  noc_async_write_barrier();
  cb_push_back(0, 1);  // the page goes back: no CB left reserved
  cb_wait_front(0, 1);
  cb_pop_front(0, 1);
}
)";

// Adds one to the semaphore (arg 0) on the core at (arg 1, arg 2).
constexpr const char* kSignal = R"(
void kernel_main() {
  const uint32_t sem = get_arg_val<uint32_t>(0);
  noc_semaphore_inc(get_noc_addr(get_arg_val<uint32_t>(1), get_arg_val<uint32_t>(2), sem), 1);
  noc_async_atomic_barrier();
}
)";

// Appends its id (arg 1) to a log in page 0 of the buffer at arg 0: word 0
// counts the entries, which follow it. Runs that overlapped or swapped show.
constexpr const char* kAppend = R"(
void kernel_main() {
  const uint32_t log_addr = get_arg_val<uint32_t>(0);
  const uint32_t id = get_arg_val<uint32_t>(1);
  constexpr auto log_args = TensorAccessorArgs<0>();
  const auto log = TensorAccessor(log_args, log_addr, 64);
  cb_reserve_back(0, 1);
  auto* words = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
  noc_async_read(log.get_noc_addr(0), get_write_ptr(0), 64);
  noc_async_read_barrier();
  const uint32_t n = words[0];
  words[1 + n] = id;
  words[0] = n + 1;
  noc_async_write(get_write_ptr(0), log.get_noc_addr(0), 64);
  noc_async_write_barrier();
  cb_push_back(0, 1);  // the page goes back: no CB left reserved
  cb_wait_front(0, 1);
  cb_pop_front(0, 1);
}
)";

const CoreCoord kFirst{0, 0};   // sub-device 0
const CoreCoord kSecond{1, 1};  // sub-device 1

std::shared_ptr<MeshBuffer> zeroed_page(MeshDevice& mesh) {
  auto buffer = MeshBuffer::create(ReplicatedBufferConfig{.size = 64},
                                   DeviceLocalBufferConfig{.page_size = 64, .buffer_type = BufferType::DRAM}, &mesh);
  EnqueueWriteMeshBuffer(mesh.mesh_command_queue(), buffer, std::vector<uint32_t>(16, 0), true);
  return buffer;
}

// A one-core program of `source` with `args`; a 64-byte CB 0 and the
// buffer's accessor args when it touches `buffer`.
MeshWorkload one_core(MeshDevice& mesh, const char* source, CoreCoord core, const std::vector<uint32_t>& args,
                      const MeshBuffer* buffer = nullptr) {
  Program program = CreateProgram();
  std::vector<uint32_t> cta;
  if (buffer != nullptr) {
    CreateCircularBuffer(program, core, CircularBufferConfig(64, {{0, tt::DataFormat::Float32}}).set_page_size(0, 64));
    TensorAccessorArgs(*buffer).append_to(cta);
  }
  const KernelHandle k = CreateKernelFromString(
      program, source, core,
      DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default, .compile_args = cta});
  SetRuntimeArgs(program, k, core, args);
  MeshWorkload w;
  w.add_program(MeshCoordinateRange(mesh.shape()), std::move(program));
  return w;
}

void load_two_sub_devices(MeshDevice& mesh) {
  const SubDevice first(std::array{CoreRangeSet(CoreRange(kFirst, kFirst))});
  const SubDevice second(std::array{CoreRangeSet(CoreRange(kSecond, kSecond))});
  mesh.load_sub_device_manager(mesh.create_sub_device_manager({first, second}, 3200));
}

std::vector<uint32_t> page_of(MeshDevice& mesh, const std::shared_ptr<MeshBuffer>& buffer, const MeshCoordinate& at) {
  std::vector<uint32_t> got;
  ReadShard(mesh.mesh_command_queue(), got, buffer, at);
  return got;
}

// The waiter, enqueued first on sub-device 0, ends once the signal enqueued
// after it on sub-device 1 ran: both run at once.
void meet(MeshDevice& mesh) {
  load_two_sub_devices(mesh);
  auto out = zeroed_page(mesh);
  const GlobalSemaphore sem = CreateGlobalSemaphore(&mesh, CoreRangeSet(CoreRange(kFirst, kFirst)), 0);
  const CoreCoord waiter = mesh.worker_core_from_logical_core(kFirst);
  for (uint32_t round = 1; round <= 3; ++round) {
    MeshWorkload wait = one_core(mesh, kWaitThenWrite, kFirst, {static_cast<uint32_t>(sem.address()),
                                                                static_cast<uint32_t>(out->address()), 0xA0 + round},
                                 out.get());
    MeshWorkload signal = one_core(mesh, kSignal, kSecond,
                                   {static_cast<uint32_t>(sem.address()), static_cast<uint32_t>(waiter.x),
                                    static_cast<uint32_t>(waiter.y)});
    EnqueueMeshWorkload(mesh.mesh_command_queue(), wait, false);
    EnqueueMeshWorkload(mesh.mesh_command_queue(), signal, false);
    Finish(mesh.mesh_command_queue());
    for (const MeshCoordinate& at : MeshCoordinateRange(mesh.shape())) {
      const std::vector<uint32_t> got = page_of(mesh, out, at);
      TT_FATAL(got.size() == 16 && got[0] == 0xA0 + round, "round {}: device {} holds {:#x}, expected {:#x}", round,
               at, got.empty() ? 0 : got[0], 0xA0 + round);
    }
    sem.reset_semaphore_value(0);
  }
}

// Eight appends on sub-device 0, enqueued without waiting while a waiter
// holds sub-device 1 (so the queue hands them to lanes): they log in order.
void ordered(MeshDevice& mesh) {
  load_two_sub_devices(mesh);
  auto log = zeroed_page(mesh);
  auto out = zeroed_page(mesh);
  const GlobalSemaphore sem = CreateGlobalSemaphore(&mesh, CoreRangeSet(CoreRange(kSecond, kSecond)), 0);
  const CoreCoord waiter = mesh.worker_core_from_logical_core(kSecond);
  MeshWorkload wait = one_core(mesh, kWaitThenWrite, kSecond,
                               {static_cast<uint32_t>(sem.address()), static_cast<uint32_t>(out->address()), 7},
                               out.get());
  EnqueueMeshWorkload(mesh.mesh_command_queue(), wait, false);
  std::vector<MeshWorkload> appends;
  for (uint32_t id = 10; id < 18; ++id)
    appends.push_back(one_core(mesh, kAppend, kFirst, {static_cast<uint32_t>(log->address()), id}, log.get()));
  for (MeshWorkload& append : appends) EnqueueMeshWorkload(mesh.mesh_command_queue(), append, false);
  MeshWorkload signal = one_core(mesh, kSignal, kFirst,
                                 {static_cast<uint32_t>(sem.address()), static_cast<uint32_t>(waiter.x),
                                  static_cast<uint32_t>(waiter.y)});
  EnqueueMeshWorkload(mesh.mesh_command_queue(), signal, false);
  Finish(mesh.mesh_command_queue());
  const std::vector<uint32_t> want = {8, 10, 11, 12, 13, 14, 15, 16, 17, 0, 0, 0, 0, 0, 0, 0};
  for (const MeshCoordinate& at : MeshCoordinateRange(mesh.shape())) {
    const std::vector<uint32_t> got = page_of(mesh, log, at);
    const std::string logged = fmt::format("{}", fmt::join(got, " "));
    TT_FATAL(got == want, "device {}: the appends logged {}, expected 8 then 10 to 17", at, logged);
    TT_FATAL(page_of(mesh, out, at)[0] == 7, "device {}: the waiter did not end", at);
  }
}

// A waiter on sub-device 0 whose semaphore nothing sets: Finish reports the
// deadlock and names the core.
void deadlock(MeshDevice& mesh) {
  load_two_sub_devices(mesh);
  auto out = zeroed_page(mesh);
  const GlobalSemaphore sem = CreateGlobalSemaphore(&mesh, CoreRangeSet(CoreRange(kFirst, kFirst)), 0);
  MeshWorkload wait = one_core(mesh, kWaitThenWrite, kFirst,
                               {static_cast<uint32_t>(sem.address()), static_cast<uint32_t>(out->address()), 1},
                               out.get());
  EnqueueMeshWorkload(mesh.mesh_command_queue(), wait, false);
  const std::string what = what_of([&] { Finish(mesh.mesh_command_queue()); });
  const std::string where = fmt::format("core (x={}, y={})", kFirst.x, kFirst.y);  // the emulator names logical cores
  TT_FATAL(what.find("deadlock") != std::string::npos && what.find(where) != std::string::npos &&
               what.find("noc_semaphore_wait") != std::string::npos,
           "an unsatisfied wait: expected a deadlock naming {} in noc_semaphore_wait, got: {}", where, what);
  // A chip alone has no other chips to blame.
  const bool alone = mesh.num_devices() == 1;
  TT_FATAL((what.find("deadlock across chips") == std::string::npos) == alone,
           "a chip {} expected a deadlock {} across chips, got: {}", alone ? "alone" : "of a cluster",
           alone ? "not" : "", what);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "";
  auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(1, static_cast<uint32_t>(GetNumAvailableDevices()))));
  if (which == "meet") {
    meet(*mesh);
  } else if (which == "ordered") {
    ordered(*mesh);
  } else if (which == "deadlock") {
    deadlock(*mesh);
  } else {
    fmt::print(stderr, "usage: {} meet|ordered|deadlock\n", argv[0]);
    return 2;
  }
  fmt::print("Test Passed\n");
  return 0;
}
