#include "options/options_parser.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <thread>

#include "cluster/named.h"
#include "common/byte_size.h"
#include "common/error.h"
#include "device/device_choice.h"

namespace zyxtt {
namespace {

// The worker maps L1 for a whole grid and stacks for its threads and fibers.
constexpr uint64_t kMinWorkerMemory = uint64_t{512} << 20;
constexpr uint64_t kMiB = uint64_t{1} << 20;

std::chrono::milliseconds to_ms(double seconds) {
  return std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000.0));
}

std::string byte_size_text(uint64_t bytes) {
  return bytes % kMiB == 0 ? std::to_string(bytes / kMiB) + "M" : std::to_string(bytes);
}

CLI::Option* add(CLI::App& app, const std::string& flag, auto& value, const std::string& help) {
  return app.add_option("--" + flag, value, help)->envname(option_variable(flag))->capture_default_str();
}

CLI::Option* add_switch(CLI::App& app, const std::string& flag, bool& value, const std::string& help) {
  return app.add_flag("--" + flag, value, help)->envname(option_variable(flag));
}

}  // namespace

Options default_options(const std::filesystem::path& home) {
  Options o;
  o.threads = std::max(1u, std::thread::hardware_concurrency());
  // Half of the host's RAM: room for the runtime's buffers beside the worker.
  if (const std::optional<uint64_t> total = host_memory_bytes()) o.worker_memory = *total / 2 / kMiB * kMiB;
  const std::filesystem::path installed = home / "kernel-api";
  o.kernel_api = std::filesystem::exists(installed / "zyxtt" / "krt.h") ? installed.string() : ZYXTT_SOURCE_KERNEL_API;
  o.metal_plugin = (home / kMetalPluginFile).string();
  return o;
}

void add_options(CLI::App& app, Options& o) {
  add(app, "log-level", o.log_level, "stderr log level: trace, debug, info, warn, error, off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}));
  add(app, "device", o.device,
      "what runs programs: emu (the emulator), metal (a Tenstorrent card through TT-Metalium) or auto (the card "
      "when one opens at init, else the emulator)")
      ->check(CLI::IsMember({"emu", "metal", "auto"}));
  add(app, "device-id", o.device_id,
      "which chip of the emulated cluster the runtime serves, or which Tenstorrent card --device metal opens (0 is "
      "the first)")
      ->check(CLI::Range(0, 255));
  add(app, "cluster", o.cluster,
      "the emulated system: " + cluster::cluster_names() +
          "; unset: the UMD cluster descriptor TT_METAL_MOCK_CLUSTER_DESC_PATH names, else one chip of --arch")
      ->check([](const std::string& name) -> std::string {
        try {
          cluster::named_cluster(name);
          return {};
        } catch (const Error& e) {
          return e.what();
        }
      });
  add(app, "metal-plugin", o.metal_plugin, "the metal device plugin (built only where TT-Metalium was found)");
  add(app, "arch", o.arch, "the chip of a one-chip cluster: p100a (7 DRAM banks) or p150 (8)")
      ->check([](const std::string& name) -> std::string {
        try {
          find_arch(name);
          return {};
        } catch (const Error& e) {
          return e.what();
        }
      });
  add_switch(app, "virtual-grid", o.virtual_grid,
             "accept grids larger than the arch's worker grid and run them on virtual cores");
  add(app, "keepalive-after", o.keepalive_after, "seconds a command runs before the first keep-alive line on stdout")
      ->check(CLI::Range(0.0, 5.0));
  add(app, "keepalive-every", o.keepalive_every, "seconds between keep-alive lines (at most 5)")
      ->check(CLI::Range(0.01, 5.0));
  add(app, "threads", o.threads, "host threads that run emulated cores (1: deterministic single-thread mode)")
      ->check(CLI::Range(1, 64));
  add(app, "run-timeout", o.run_timeout,
      "seconds a run may go with nothing moving (no CB page pushed or popped, NOC transaction issued, wait "
      "satisfied or kernel returning) before the watchdog ends it")
      ->check(CLI::PositiveNumber);
  add(app, "max-run-time", o.max_run_time,
      "seconds a run may take in all, progress or not, before it is ended (emulator; 0: no limit)")
      ->check(CLI::NonNegativeNumber);
  add(app, "noc-alignment", o.noc_alignment,
      "NOC transfers whose source and destination differ modulo the alignment (shifted data on silicon): error, "
      "warn or ignore")
      ->check(CLI::IsMember({"error", "warn", "ignore"}));
  add_switch(app, "dprint", o.dprint, "print kernels' DPRINT / DEVICE_PRINT lines to stderr, prefixed with core and role");
  add_switch(app, "strict", o.strict,
             "make every sanitizer finding an error, also those silicon tolerates and computes right (a pack or push "
             "without cb_reserve_back into free pages), which otherwise warn naming kernel, core and line");
  add(app, "unpack-to-dest", o.unpack_to_dest,
      "how copy_tile unpacks Float32 CBs: fp32 (UnpackToDestFp32, exact) or default (through SrcA, truncated to "
      "TF32 as tt-metal's default mode does)")
      ->check(CLI::IsMember({"fp32", "default"}));
  add(app, "kernel-api", o.kernel_api, "directory of the headers kernels are compiled against");
  add(app, "idle-spin-us", o.idle_spin_us,
      "microseconds the runtime and its device worker poll for the next message before sleeping (0: sleep at "
      "once); waking a sleeping process costs tens of microseconds on VMs; polls stop for 100 ms when the machine "
      "has no CPU to spare")
      ->check(CLI::Range(0u, 100000u));
  add(app, "max-line-bytes", o.max_line_bytes,
      "longest command line accepted; a longer one is dropped as it arrives and answered with an error "
      "(compile_program sources follow their line and do not count)")
      ->check(CLI::Range(size_t{4096}, size_t{1} << 30));
  app.add_option_function<std::string>(
         "--worker-memory", [&o](const std::string& text) { o.worker_memory = *parse_byte_size(text); },
         "private memory the device worker (and so every kernel) may use, e.g. 4G or 512M (0: no limit); a run that "
         "exceeds it fails and the worker restarts")
      ->envname(option_variable("worker-memory"))
      ->check([](const std::string& text) -> std::string {
        const std::optional<uint64_t> bytes = parse_byte_size(text);
        if (!bytes) return "expected a size such as 4G, 512M or 1073741824";
        if (*bytes != 0 && *bytes < kMinWorkerMemory) return "the device worker needs at least 512M";
        return {};
      })
      ->default_str(byte_size_text(o.worker_memory));
  add(app, "trace", o.trace,
      "write a timeline of every run the emulator makes to this file, in the Trace Event format that "
      "https://ui.perfetto.dev and chrome://tracing open: a process per chip, a track per core and processor, "
      "kernels, blocking waits, CB pushes and pops, NOC writes between cores (wall time; unset: no trace)");
  add(app, "model-contention", o.model_contention,
      "timing model: count the contention of a run's transfers for NOC links, ejection ports and DRAM banks: on, "
      "off (each core reads DRAM at its share of the banks), or auto (on when a trace or the device profiler "
      "records); it costs up to about 0.4 us of host time per transfer of 64 bytes or more")
      ->check(CLI::IsMember({"auto", "on", "off"}));
  add(app, "compiler", o.compiler, "host C++ compiler for kernels");
  add(app, "compile-timeout", o.compile_timeout,
      "seconds one kernel's compile may take; past it the compiler's processes are killed and compile_program "
      "answers DEADLINE_EXCEEDED naming the kernel")
      ->check(CLI::PositiveNumber);
}

Options options_from_environment(const std::filesystem::path& home) {
  Options o = default_options(home);
  CLI::App app;
  add_options(app, o);
  try {
    const char* argv[] = {"zyx-tt-runtime"};
    app.parse(1, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 names the flag; a TT-Metalium program knows only the variable.
    // Longest names first: --device is a prefix of --device-id.
    std::vector<std::pair<std::string, std::string>> names;
    for (const CLI::Option* option : app.get_options())
      if (!option->get_envname().empty()) names.emplace_back(option->get_name(), option->get_envname());
    std::ranges::sort(names, [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
    std::string message = e.what();
    for (const auto& [flag, variable] : names)
      for (size_t at = message.find(flag); at != std::string::npos; at = message.find(flag, at + variable.size()))
        message.replace(at, flag.size(), variable);
    throw Error(Code::kInvalidArgument, "zyx-tt-runtime's emulator: " + message);
  }
  return o;
}

emu::EmuOptions emulator_options(const Options& o, OptionHints hints) {
  const cluster::Cluster cluster = cluster::choose_cluster(o.cluster, o.arch, hints);
  if (static_cast<size_t>(o.device_id) < cluster.size()) return emulator_options(o, hints, *cluster.chip(o.device_id).arch);
  // With --device metal the id is a card's, not a chip of the emulated cluster.
  if (o.device == "metal") return emulator_options(o, hints, *cluster.chip(0).arch);
  throw Error(Code::kInvalidArgument,
              fmt::format("{}: cluster {} has chips 0 to {}; more chips: {} or TT_METAL_MOCK_CLUSTER_DESC_PATH",
                          option_hint(hints, "device-id", std::to_string(o.device_id)), cluster.source(),
                          cluster.size() - 1, option_hint(hints, "cluster")));
}

emu::EmuOptions emulator_options(const Options& o, OptionHints hints, const Arch& chip) {
  emu::EmuOptions e;
  e.arch = &chip;
  e.kernel_api_dir = o.kernel_api;
  e.compiler.program = o.compiler;
  e.compiler.timeout = to_ms(o.compile_timeout);
  // Compilers are bounded by address space (RLIMIT_AS), which counts their
  // shared libraries too: never below 1 GiB, or ordinary kernels would not build.
  constexpr uint64_t kCompilerFloor = uint64_t{1} << 30;
  e.compiler.memory_limit_bytes = o.worker_memory == 0 ? 0 : std::max(o.worker_memory, kCompilerFloor);
  e.compiler.hints = hints;
  e.threads = o.threads;
  e.run_timeout = to_ms(o.run_timeout);
  e.max_run_time = to_ms(o.max_run_time);
  e.align_policy = o.noc_alignment == "error"  ? emu::AlignPolicy::kError
                   : o.noc_alignment == "warn" ? emu::AlignPolicy::kWarn
                                               : emu::AlignPolicy::kIgnore;
  e.dprint = o.dprint;
  e.strict = o.strict;
  e.unpack_fp32_to_dest = o.unpack_to_dest == "fp32";
  e.idle_spin = std::chrono::microseconds(o.idle_spin_us);
  e.worker_memory = o.worker_memory;
  e.log_level = static_cast<int>(spdlog::level::from_str(o.log_level));
  e.hints = hints;
  e.chip = static_cast<uint32_t>(o.device_id);
  e.trace_path = o.trace;
  if (o.model_contention != "auto") e.model_contention = o.model_contention == "on";
  return e;
}

}  // namespace zyxtt
