// zyx-tt-runtime: the process zyx's Tenstorrent backend spawns. zyx passes no
// arguments, so every option also reads an environment variable
// (options/options_parser.h); the parsed options go to every device.
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

#include "device/device_choice.h"
#include "device/emu/emu_device.h"
#include "options/options_parser.h"
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

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"zyx-tt-runtime: serves zyx's Tenstorrent protocol (JSON lines on stdin, answers on stdout)"};
  app.set_version_flag("--version", std::string("zyx-tt-runtime ") + ZYXTT_VERSION);

  zyxtt::Options o = zyxtt::default_options(own_directory());
  zyxtt::add_options(app, o);
  app.footer(
      "Every option can also be set by the environment variable shown beside it.\n"
      "zyx spawns this program with no arguments from $XDG_CONFIG_HOME/zyx/zyx-tt-runtime\n"
      "(else ~/.config/zyx/zyx-tt-runtime); see the README for the protocol.");
  CLI11_PARSE(app, argc, argv);

  auto logger = spdlog::stderr_color_mt("zyx-tt-runtime");
  logger->set_pattern("[%H:%M:%S.%e] [zyx-tt-runtime] [%l] %v");
  spdlog::set_default_logger(logger);
  spdlog::set_level(spdlog::level::from_str(o.log_level));

  install_signal_handlers();
  try {
    // The runtime names options as flags with their variables.
    zyxtt::emu::EmuOptions emu_options = zyxtt::emulator_options(o, zyxtt::OptionHints::kFlagAndVariable);
    emu_options.worker_path = (own_directory() / "zyx-tt-device-worker").string();
    emu_options.compiler.stop_fd = g_stop_pipe[0];
    emu_options.stop_fd = g_stop_pipe[0];
    zyxtt::DeviceChoice choice;
    choice.kind = *zyxtt::parse_device_kind(o.device);
    choice.metal_plugin = o.metal_plugin;
    choice.device_id = o.device_id;
    choice.run_timeout = to_ms(o.run_timeout);
    choice.arch = emu_options.arch;
    choice.options = &o;
    choice.stop_fd = g_stop_pipe[0];
    choice.make_emulator = [emu_options] { return std::make_unique<zyxtt::emu::EmuDevice>(emu_options); };
    std::unique_ptr<zyxtt::Device> device = zyxtt::choose_device(choice);

    zyxtt::server::ServerOptions options;
    options.virtual_grid = o.virtual_grid;
    options.keep_alive.first_after = to_ms(o.keepalive_after);
    options.keep_alive.every = to_ms(o.keepalive_every);
    options.idle_spin = std::chrono::microseconds(o.idle_spin_us);
    options.max_line_bytes = o.max_line_bytes;
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
