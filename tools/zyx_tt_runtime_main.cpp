// zyx-tt-runtime: the process zyx's Tenstorrent backend spawns. zyx passes no
// arguments, so every option also reads an environment variable.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <filesystem>
#include <thread>
#include <iostream>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "common/byte_size.h"
#include "common/error.h"
#include "device/device_choice.h"
#include "device/emu/emu_device.h"
#include "server/server.h"

namespace {

// The worker maps L1 for a whole grid and stacks for its threads and fibers.
constexpr uint64_t kMinWorkerMemory = uint64_t{512} << 20;

int g_stop_pipe[2] = {-1, -1};

void on_stop_signal(int) {
  char byte = 1;
  [[maybe_unused]] ssize_t n = write(g_stop_pipe[1], &byte, 1);
}

void install_signal_handlers() {
  if (pipe2(g_stop_pipe, O_CLOEXEC | O_NONBLOCK) != 0) std::abort();
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGTERM, &sa, nullptr);
  sigaction(SIGINT, &sa, nullptr);
  signal(SIGPIPE, SIG_IGN);  // a vanished client shows up as EOF instead
}

std::chrono::milliseconds to_ms(double seconds) {
  return std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000.0));
}

// The directory of this executable: the worker and, once installed, the
// kernel headers live beside it.
std::filesystem::path own_directory() {
  std::error_code ec;
  auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path(".") : exe.parent_path();
}

// Half of the host's RAM: room for the runtime's buffers beside the worker.
std::string default_worker_memory() {
  const std::optional<uint64_t> total = zyxtt::host_memory_bytes();
  return total ? std::to_string(*total / 2 >> 20) + "M" : "0";
}

std::string default_kernel_api() {
  auto installed = own_directory() / "kernel-api";
  if (std::filesystem::exists(installed / "zyxtt" / "krt.h")) return installed.string();
  return ZYXTT_SOURCE_KERNEL_API;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"zyx-tt-runtime: serves zyx's Tenstorrent protocol (JSON lines on stdin, answers on stdout)"};
  app.set_version_flag("--version", std::string("zyx-tt-runtime ") + ZYXTT_VERSION);

  std::string log_level = "warn";
  std::string arch_name = "p100a";
  bool virtual_grid = false;
  double keepalive_after = 2.0;
  double keepalive_every = 4.0;
  uint32_t threads = std::max(1u, std::thread::hardware_concurrency());
  double run_timeout = 120.0;
  double max_run_time = 0.0;
  std::string noc_alignment = "error";
  bool dprint = false;
  bool strict = false;
  std::string kernel_api = default_kernel_api();
  std::string compiler = "g++";
  double compile_timeout = 120.0;
  std::string unpack_to_dest = "fp32";
  uint32_t idle_spin_us = 200;
  size_t max_line_bytes = zyxtt::server::ServerOptions::kDefaultMaxLineBytes;
  std::string worker_memory = default_worker_memory();
  std::string device_kind = "emu";
  int device_id = 0;
  std::string metal_plugin = (own_directory() / zyxtt::kMetalPluginFile).string();

  app.add_option("--log-level", log_level, "stderr log level: trace, debug, info, warn, error, off")
      ->envname("ZYX_TT_LOG")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
      ->capture_default_str();
  app.add_option("--device", device_kind,
                 "what runs programs: emu (the emulator), metal (a Tenstorrent card through TT-Metalium) or auto "
                 "(the card when one opens at init, else the emulator)")
      ->envname("ZYX_TT_DEVICE")
      ->check(CLI::IsMember({"emu", "metal", "auto"}))
      ->capture_default_str();
  app.add_option("--device-id", device_id, "which Tenstorrent card --device metal opens (0 is the first)")
      ->envname("ZYX_TT_DEVICE_ID")
      ->check(CLI::Range(0, 255))
      ->capture_default_str();
  app.add_option("--metal-plugin", metal_plugin, "the metal device plugin (built only where TT-Metalium was found)")
      ->envname("ZYX_TT_METAL_PLUGIN")
      ->capture_default_str();
  app.add_option("--arch", arch_name, "emulated architecture: p100a (7 DRAM banks) or p150 (8)")
      ->envname("ZYX_TT_ARCH")
      ->capture_default_str();
  app.add_flag("--virtual-grid", virtual_grid,
               "accept grids larger than the arch's worker grid and run them on virtual cores")
      ->envname("ZYX_TT_VIRTUAL_GRID");
  app.add_option("--keepalive-after", keepalive_after,
                 "seconds a command runs before the first keep-alive line on stdout")
      ->envname("ZYX_TT_KEEPALIVE_AFTER")
      ->check(CLI::Range(0.0, 5.0))
      ->capture_default_str();
  app.add_option("--keepalive-every", keepalive_every, "seconds between keep-alive lines (at most 5)")
      ->envname("ZYX_TT_KEEPALIVE_EVERY")
      ->check(CLI::Range(0.01, 5.0))
      ->capture_default_str();
  app.add_option("--threads", threads, "host threads that run emulated cores (1: deterministic single-thread mode)")
      ->envname("ZYX_TT_THREADS")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app.add_option("--run-timeout", run_timeout,
                 "seconds a run may go with nothing moving (no CB page pushed or popped, NOC transaction issued, wait "
                 "satisfied or kernel returning) before the watchdog ends it")
      ->envname("ZYX_TT_RUN_TIMEOUT")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--max-run-time", max_run_time,
                 "seconds a run may take in all, progress or not, before it is ended (emulator; 0: no limit)")
      ->envname("ZYX_TT_MAX_RUN_TIME")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  app.add_option("--noc-alignment", noc_alignment,
                 "NOC transfers whose source and destination differ modulo the alignment (shifted data on "
                 "silicon): error, warn or ignore")
      ->envname("ZYX_TT_NOC_ALIGNMENT")
      ->check(CLI::IsMember({"error", "warn", "ignore"}))
      ->capture_default_str();
  app.add_flag("--dprint", dprint, "print kernels' DPRINT / DEVICE_PRINT lines to stderr, prefixed with core and role")
      ->envname("ZYX_TT_DPRINT");
  app.add_flag("--strict", strict,
               "make every sanitizer finding an error, also those silicon tolerates and computes right (a pack or "
               "push without cb_reserve_back into free pages), which otherwise warn naming kernel, core and line")
      ->envname("ZYX_TT_STRICT");
  app.add_option("--unpack-to-dest", unpack_to_dest,
                 "how copy_tile unpacks Float32 CBs: fp32 (UnpackToDestFp32, exact) or default (through SrcA, "
                 "truncated to TF32 as tt-metal's default mode does)")
      ->envname("ZYX_TT_UNPACK_TO_DEST")
      ->check(CLI::IsMember({"fp32", "default"}))
      ->capture_default_str();
  app.add_option("--kernel-api", kernel_api, "directory of the headers kernels are compiled against")
      ->envname("ZYX_TT_KERNEL_API")
      ->capture_default_str();
  app.add_option("--idle-spin-us", idle_spin_us,
                 "microseconds the runtime and its device worker poll for the next message before sleeping "
                 "(0: sleep at once); waking a sleeping process costs tens of microseconds on VMs; polls stop "
                 "for 100 ms when the machine has no CPU to spare")
      ->envname("ZYX_TT_IDLE_SPIN_US")
      ->check(CLI::Range(0u, 100000u))
      ->capture_default_str();
  app.add_option("--max-line-bytes", max_line_bytes,
                 "longest command line accepted; a longer one is dropped as it arrives and answered with an "
                 "error (compile_program sources follow their line and do not count)")
      ->envname("ZYX_TT_MAX_LINE_BYTES")
      ->check(CLI::Range(size_t{4096}, size_t{1} << 30))
      ->capture_default_str();
  app.add_option("--worker-memory", worker_memory,
                 "private memory the device worker (and so every kernel) may use, e.g. 4G or 512M (0: no limit); "
                 "a run that exceeds it fails and the worker restarts")
      ->envname("ZYX_TT_WORKER_MEMORY")
      ->check([](const std::string& text) -> std::string {
        const std::optional<uint64_t> bytes = zyxtt::parse_byte_size(text);
        if (!bytes) return "expected a size such as 4G, 512M or 1073741824";
        if (*bytes != 0 && *bytes < kMinWorkerMemory) return "the device worker needs at least 512M";
        return {};
      })
      ->capture_default_str();
  app.add_option("--compiler", compiler, "host C++ compiler for kernels")
      ->envname("ZYX_TT_COMPILER")
      ->capture_default_str();
  app.add_option("--compile-timeout", compile_timeout,
                 "seconds one kernel's compile may take; past it the compiler's processes are killed and "
                 "compile_program answers DEADLINE_EXCEEDED naming the kernel")
      ->envname("ZYX_TT_COMPILE_TIMEOUT")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.footer(
      "Every option can also be set by the environment variable shown beside it.\n"
      "zyx spawns this program with no arguments from $XDG_CONFIG_HOME/zyx/zyx-tt-runtime\n"
      "(else ~/.config/zyx/zyx-tt-runtime); see the README for the protocol.");
  CLI11_PARSE(app, argc, argv);

  auto logger = spdlog::stderr_color_mt("zyx-tt-runtime");
  logger->set_pattern("[%H:%M:%S.%e] [zyx-tt-runtime] [%l] %v");
  spdlog::set_default_logger(logger);
  spdlog::set_level(spdlog::level::from_str(log_level));
  setenv("ZYX_TT_LOG", log_level.c_str(), 1);  // the device worker's emulator_log() reads it
  if (device_kind != "emu") {
    // The emulator behind the project's TT-Metalium (what --device metal
    // drives in tests) reads the runtime's options from their environment twins.
    for (const auto& [name, value] :
         {std::pair<const char*, std::string>{"ZYX_TT_ARCH", arch_name}, {"ZYX_TT_KERNEL_API", kernel_api},
          {"ZYX_TT_COMPILER", compiler}, {"ZYX_TT_THREADS", std::to_string(threads)},
          {"ZYX_TT_NOC_ALIGNMENT", noc_alignment}, {"ZYX_TT_DPRINT", dprint ? "1" : "0"},
          {"ZYX_TT_WORKER_MEMORY", worker_memory}}) {
      setenv(name, value.c_str(), 1);
    }
  }

  install_signal_handlers();
  try {
    zyxtt::emu::EmuOptions emu_options;
    emu_options.arch = &zyxtt::find_arch(arch_name);
    emu_options.worker_path = (own_directory() / "zyx-tt-device-worker").string();
    emu_options.kernel_api_dir = kernel_api;
    emu_options.compiler.program = compiler;
    emu_options.compiler.timeout = to_ms(compile_timeout);
    emu_options.compiler.stop_fd = g_stop_pipe[0];
    emu_options.threads = threads;
    emu_options.run_timeout = to_ms(run_timeout);
    emu_options.max_run_time = to_ms(max_run_time);
    emu_options.align_policy = noc_alignment == "error"  ? zyxtt::emu::AlignPolicy::kError
                               : noc_alignment == "warn" ? zyxtt::emu::AlignPolicy::kWarn
                                                         : zyxtt::emu::AlignPolicy::kIgnore;
    emu_options.dprint = dprint;
    emu_options.strict = strict;
    emu_options.unpack_fp32_to_dest = unpack_to_dest == "fp32";
    emu_options.idle_spin = std::chrono::microseconds(idle_spin_us);
    emu_options.stop_fd = g_stop_pipe[0];
    emu_options.worker_memory = *zyxtt::parse_byte_size(worker_memory);
    // Compilers are bounded by address space (RLIMIT_AS), which counts their
    // shared libraries too: never below 1 GiB, or ordinary kernels would not build.
    constexpr uint64_t kCompilerFloor = uint64_t{1} << 30;
    emu_options.compiler.memory_limit_bytes =
        emu_options.worker_memory == 0 ? 0 : std::max(emu_options.worker_memory, kCompilerFloor);
    emu_options.log_level = static_cast<int>(spdlog::get_level());
    zyxtt::DeviceChoice choice;
    choice.kind = *zyxtt::parse_device_kind(device_kind);
    choice.metal_plugin = metal_plugin;
    choice.device_id = device_id;
    choice.run_timeout = to_ms(run_timeout);
    choice.arch = emu_options.arch;
    choice.make_emulator = [emu_options] { return std::make_unique<zyxtt::emu::EmuDevice>(emu_options); };
    std::unique_ptr<zyxtt::Device> device = zyxtt::choose_device(choice);

    zyxtt::server::ServerOptions options;
    options.virtual_grid = virtual_grid;
    options.keep_alive.first_after = to_ms(keepalive_after);
    options.keep_alive.every = to_ms(keepalive_every);
    options.idle_spin = std::chrono::microseconds(idle_spin_us);
    options.max_line_bytes = max_line_bytes;
    options.on_client_gone = [] {
      spdlog::info("stdin closed with nothing left to serve: the client is gone, ending what runs");
      on_stop_signal(0);
    };
    zyxtt::server::Server server(*device, options, STDIN_FILENO, STDOUT_FILENO, g_stop_pipe[0]);
    return server.serve();
  } catch (const std::exception& e) {
    spdlog::critical("{}", e.what());
    return 1;
  }
}
