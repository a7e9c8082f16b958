// zyx-tt-runtime's options as one value: parsed once (options_parser.h), from
// the command line and the ZYX_TT_* environment for the runtime, from the
// environment alone for a TT-Metalium program, then handed to every device,
// including the emulator behind the metal plugin's TT-Metalium. Plain data:
// it crosses into the plugin (device/metal_plugin.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace zyxtt {

struct Options {
  // The runtime's.
  std::string log_level = "warn";
  std::string device = "emu";  // emu, metal, auto
  int device_id = 0;
  std::string metal_plugin;  // default: beside the installation
  bool virtual_grid = false;
  double keepalive_after = 2.0;
  double keepalive_every = 4.0;
  size_t max_line_bytes = size_t{1} << 20;
  uint32_t idle_spin_us = 200;
  // The emulator's.
  std::string cluster;  // a named system; empty: TT_METAL_MOCK_CLUSTER_DESC_PATH's descriptor, else one chip of `arch`
  std::string arch = "p100a";
  uint32_t threads = 1;  // default: the host's cores
  double run_timeout = 120.0;
  double max_run_time = 0.0;  // seconds in all, progress or not; 0: no limit
  std::string noc_alignment = "error";  // error, warn, ignore
  bool dprint = false;
  bool strict = false;
  std::string unpack_to_dest = "fp32";  // fp32, default
  std::string kernel_api;  // default: beside the installation, else the source tree
  std::string compiler = "g++";
  double compile_timeout = 120.0;
  uint64_t worker_memory = 0;  // bytes; 0: no limit; default: half the host's RAM
  std::string trace;  // a Chrome trace of every run written here; empty: none
  // Timing model: NOC link, port and DRAM bank contention: auto (when a
  // trace or the device profiler records), on or off.
  std::string model_contention = "auto";
};

}  // namespace zyxtt
