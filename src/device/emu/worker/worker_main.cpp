#include "device/emu/worker/worker_main.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <spdlog/spdlog.h>
#include <string>

#include "common/log.h"
#include "common/error.h"
#include "device/emu/l1_memory.h"
#include "device/emu/l1_window.h"
#include "device/emu/shared_regions.h"
#include "device/emu/worker/frame_io.h"
#include "device/emu/worker/linked_chips.h"
#include "device/emu/worker/memory_guard.h"
#include "device/emu/worker/sandbox.h"
#include "device/emu/worker/run_executor.h"
#include "device/emu/trace/recorder.h"

namespace zyxtt::emu {
namespace {

ControlBlock* g_control = nullptr;

// Records which thread faulted, with what and where, then dies of the same
// signal so the runtime sees it in the wait status. A kernel's access to an L1
// address shows its core's L1 there and runs again (l1_window.h).
void on_fatal_signal(int sig, siginfo_t* info, void*) {
  if (sig == SIGSEGV && l1_window_fault(reinterpret_cast<uintptr_t>(info->si_addr))) return;
  if (g_control != nullptr) {
    g_control->crashed_thread.store(scheduler_thread_index());
    g_control->crash_signal.store(sig);
    if (sig == SIGSEGV || sig == SIGBUS) g_control->crash_address.store(reinterpret_cast<uintptr_t>(info->si_addr));
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

// The watchdog's SIGUSR1 before it kills the worker: the run's records so
// far go out as its outcome. Its threads may still be running; they are
// stuck, so their buffers hold still.
void on_flush_signal(int) {
  std::pair<const TraceRecord*, size_t> buffers[64];
  uint64_t dropped = 0;
  const int count = trace_buffers(buffers, 64, dropped);
  StoppedOutcomeScratch scratch;
  iovec parts[64 + 3];
  const int n = stopped_outcome_parts(buffers, count, dropped, scratch, parts, 64 + 3);
  write_frame_parts(kWorkerSocketFd, parts, n, g_control != nullptr ? &g_control->frames_from_worker : nullptr);
}

void install_crash_handlers() {
  // An alternate stack lets the handler run when a fiber overflows its stack.
  static char alt_stack[64 * 1024];
  stack_t ss{};
  ss.ss_sp = alt_stack;
  ss.ss_size = sizeof alt_stack;
  sigaltstack(&ss, nullptr);
  struct sigaction sa {};
  sa.sa_sigaction = on_fatal_signal;
  sa.sa_flags = SA_ONSTACK | SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) sigaction(sig, &sa, nullptr);
  struct sigaction flush {};
  flush.sa_handler = on_flush_signal;
  flush.sa_flags = SA_ONSTACK;
  sigfillset(&flush.sa_mask);
  sigaction(SIGUSR1, &flush, nullptr);
}

}  // namespace

int worker_main(int argc, char** argv) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  prefer_for_oom_kill();
  std::string arch_name = argc > 1 ? argv[1] : "p100a";
  const Arch& arch = find_arch(arch_name);
  void* dram = mmap(nullptr, arch.dram_bytes(), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, kWorkerDramFd, 0);
  void* control = mmap(nullptr, sizeof(ControlBlock), PROT_READ | PROT_WRITE, MAP_SHARED, kWorkerControlFd, 0);
  // MAP_32BIT: the 32-bit L1 addresses kernels compute are real pointers.
  void* l1 = mmap(nullptr, l1_arena_bytes(arch), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_32BIT, kWorkerL1Fd, 0);
  if (dram == MAP_FAILED || control == MAP_FAILED || l1 == MAP_FAILED) {
    emulator_log().critical("zyx-tt-device-worker: cannot map the runtime's memory: {}", std::strerror(errno));
    return 2;
  }
  g_control = static_cast<ControlBlock*>(control);
  if (!l1_window_reserve(arch.l1_bytes))
    spdlog::debug("device worker: L1 addresses are taken in this process; kernels cannot use them as pointers");
  install_crash_handlers();
  arm_memory_guard(g_control);
  FrameReader link(kWorkerSocketFd);
  // The first frame: options for the worker's whole life.
  std::optional<std::string> frame = link.read();
  if (!frame) return 0;
  WorkerOptions options;
  std::unique_ptr<RunExecutor> executor;
  try {
    options = decode_options(*frame);
    spdlog::set_level(static_cast<spdlog::level::level_enum>(options.log_level));
    emulator_log().set_level(static_cast<spdlog::level::level_enum>(options.log_level));
    spdlog::debug("device worker: options received (threads {}, noc alignment {}, dprint {}, strict {}, unpack to "
                  "dest {}, idle spin {} us)",
                  options.threads, static_cast<int>(options.align_policy), options.dprint, options.strict,
                  options.unpack_fp32_to_dest, options.idle_spin_us);
    std::optional<LinkedChips> linked =
        map_linked_chips(options, kFirstFreeFd, static_cast<uint8_t*>(dram), static_cast<uint8_t*>(l1));
    executor = std::make_unique<RunExecutor>(arch, static_cast<uint8_t*>(dram), static_cast<uint8_t*>(l1), g_control, options,
                                             SharedRegions::attach(kWorkerRegionsFd), std::move(linked));
  } catch (const std::exception& e) {
    emulator_log().critical("zyx-tt-device-worker: {}", e.what());
    return 2;
  }
  // The warning channel opens what it needs (terminal check, time zone file)
  // now: inside the sandbox only the dynamic loader may open files.
  emulator_log();
  tzset();
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  if (!enter_sandbox(g_control)) {
    emulator_log().critical("zyx-tt-device-worker: cannot enter the kernel sandbox (seccomp): {}", std::strerror(errno));
    return 2;
  }
  const std::chrono::microseconds idle_spin(options.idle_spin_us);
  for (;;) {
    frame = link.read_after_spin(idle_spin, g_control->frames_to_worker);
    if (!frame) break;
    RunOutcome outcome;
    try {
      g_control->phase.store(static_cast<int32_t>(WorkerPhase::kLoading));
      outcome = executor->execute(decode_job(*frame));
    } catch (const Error& e) {
      outcome = RunOutcome{false, e.code(), std::string("device worker: ") + e.what()};
    } catch (const std::exception& e) {
      outcome = RunOutcome{false, Code::kInternal, std::string("device worker: ") + e.what()};
    }
    g_control->phase.store(static_cast<int32_t>(WorkerPhase::kIdle));
    // A leak of descriptors (dup, pipe, eventfd...) must not keep the next
    // run from loading its kernels, which needs one free descriptor. Each new
    // one takes the lowest free number, so a run that left kFirstFreeFd open
    // has all from it on closed; sweeping the whole table after every run
    // cost more (3 us) than a run of small kernels.
    if (fcntl(kFirstFreeFd, F_GETFD) != -1) close_range(kFirstFreeFd, ~0u, 0);
    if (!write_frame(kWorkerSocketFd, encode(outcome), &g_control->frames_from_worker)) break;
  }
  // Without destructors: closing its own descriptors is the sandbox's to refuse.
  std::fflush(nullptr);
  _exit(0);
}

}  // namespace zyxtt::emu
