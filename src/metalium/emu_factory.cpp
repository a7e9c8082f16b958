// The emulator behind libtt_metal: an EmuDevice whose worker and kernel
// headers sit beside the library once installed (lib/zyx-tt/), or in the
// build and source trees. The runtime's environment variables tune it.
#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>

#include <tt_stl/assert.hpp>

#include "common/byte_size.h"
#include "device/arch.h"
#include "device/emu/emu_device.h"
#include "metalium/backend.h"

namespace zyxtt::metalium {
namespace {

namespace fs = std::filesystem;

std::string env(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v && *v ? v : fallback;
}

// The folder holding this library.
fs::path library_directory() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&default_device_factory), &info) == 0 || info.dli_fname == nullptr) return {};
  std::error_code ec;
  return fs::canonical(info.dli_fname, ec).parent_path();
}

emu::EmuOptions options_from_environment() {
  const fs::path beside = library_directory() / "zyx-tt";
  const bool installed = fs::exists(beside / "zyx-tt-device-worker");
  emu::EmuOptions o;
  o.arch = &find_arch(env("ZYX_TT_ARCH", std::string(default_arch().name)));
  o.worker_path = installed ? (beside / "zyx-tt-device-worker").string() : ZYXTT_METALIUM_BUILD_WORKER;
  o.kernel_api_dir = env("ZYX_TT_KERNEL_API", installed ? (beside / "kernel-api").string() : ZYXTT_SOURCE_KERNEL_API);
  o.compiler.program = env("ZYX_TT_COMPILER", "g++");
  o.threads = static_cast<uint32_t>(std::stoul(env("ZYX_TT_THREADS", std::to_string(std::max(1u, std::thread::hardware_concurrency())))));
  const std::string align = env("ZYX_TT_NOC_ALIGNMENT", "error");
  o.align_policy = align == "warn" ? emu::AlignPolicy::kWarn : align == "ignore" ? emu::AlignPolicy::kIgnore : emu::AlignPolicy::kError;
  // DPRINT lines reach stderr when asked for as on a card (TT_METAL_DPRINT_CORES) or as the runtime asks.
  o.dprint = std::getenv("TT_METAL_DPRINT_CORES") != nullptr || env("ZYX_TT_DPRINT", "0") == "1";
  o.strict = env("ZYX_TT_STRICT", "0") == "1";  // every sanitizer finding an error, as --strict
  o.unpack_fp32_to_dest = true;  // each compute kernel's unpack_to_dest_mode decides
  if (auto bytes = parse_byte_size(env("ZYX_TT_WORKER_MEMORY", "0"))) o.worker_memory = *bytes;
  o.log_level = 4;  // errors only: TT-Metalium programs own their stderr
  return o;
}

}  // namespace

DeviceFactory default_device_factory() {
  return []() -> std::unique_ptr<Device> { return std::make_unique<emu::EmuDevice>(options_from_environment()); };
}

}  // namespace zyxtt::metalium
