#include "device/device_choice.h"

#include <dlfcn.h>

#include <filesystem>
#include <spdlog/spdlog.h>
#include <vector>

#include "common/error.h"
#include "device/metal_plugin.h"

namespace zyxtt {

namespace {

std::string try_emulator(const DeviceChoice& choice) {
  return "or run on the emulator with " + option_hint(choice.hints, "device", "emu");
}

void plugin_log(int level, const char* message) {
  spdlog::log(static_cast<spdlog::level::level_enum>(level), "metal: {}", message);
}

// Tries its candidates at open() in order and drives the first that opens.
class OpeningDevice final : public Device {
 public:
  struct Candidate {
    std::string name;
    std::function<std::unique_ptr<Device>()> make;  // throws Error when unavailable
  };

  OpeningDevice(std::vector<Candidate> candidates, std::unique_ptr<Device> premade, const Arch* arch)
      : candidates_(std::move(candidates)), current_(std::move(premade)) {
    placeholder_.kind = "none";
    placeholder_.arch = arch;
  }

  void open(const std::string& cache_dir) override {
    if (opened_) return current_->open(cache_dir);
    for (size_t i = 0; i < candidates_.size(); ++i) {
      try {
        std::unique_ptr<Device> device = current_ ? std::move(current_) : candidates_[i].make();
        device->open(cache_dir);
        current_ = std::move(device);
        opened_ = true;
        const DeviceCapabilities& caps = current_->capabilities();
        spdlog::info("init: device in use: {} ({}, {} x {} worker grid)", candidates_[i].name, caps.arch->name,
                     caps.arch->grid_rows, caps.arch->grid_cols);
        return;
      } catch (const Error& e) {
        if (i + 1 == candidates_.size()) throw;
        spdlog::info("init: {} unavailable ({}); trying {}", candidates_[i].name, e.what(), candidates_[i + 1].name);
      }
    }
  }

  const DeviceCapabilities& capabilities() const override {
    return current_ ? current_->capabilities() : placeholder_;
  }
  uint64_t free_bytes(program::MemoryKind memory) const override { return device().free_bytes(memory); }
  BankStatistics bank_statistics(program::MemoryKind memory) const override {
    return device().bank_statistics(memory);
  }
  program::PlacedBuffer allocate(const program::BufferSpec& spec) override { return device().allocate(spec); }
  void free(const program::PlacedBuffer& buffer) override { device().free(buffer); }
  void write(const program::PlacedBuffer& buffer, uint64_t offset, std::span<const std::byte> bytes) override {
    device().write(buffer, offset, bytes);
  }
  void read(const program::PlacedBuffer& buffer, uint64_t offset, std::span<std::byte> bytes) override {
    device().read(buffer, offset, bytes);
  }
  void write_from_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) override {
    device().write_from_fd(buffer, fd, length);
  }
  void read_to_fd(const program::PlacedBuffer& buffer, int fd, uint64_t length) override {
    device().read_to_fd(buffer, fd, length);
  }
  std::shared_ptr<CompiledProgram> compile(const program::Program& program) override {
    return device().compile(program);
  }
  void run(CompiledProgram& program, const program::Run& run, const std::string& what) override {
    device().run(program, run, what);
  }

 private:
  Device& device() const {
    if (!opened_) throw Error(Code::kFailedPrecondition, "no device is open yet; send init first");
    return *current_;
  }

  std::vector<Candidate> candidates_;
  std::unique_ptr<Device> current_;
  bool opened_ = false;
  DeviceCapabilities placeholder_;
};

}  // namespace

bool metal_plugin_built() { return ZYXTT_METAL_BUILT; }

std::optional<DeviceKind> parse_device_kind(std::string_view text) {
  if (text == "emu") return DeviceKind::kEmu;
  if (text == "metal") return DeviceKind::kMetal;
  if (text == "auto") return DeviceKind::kAuto;
  return std::nullopt;
}

std::unique_ptr<Device> load_metal_device(const DeviceChoice& choice) {
  const std::string& path = choice.metal_plugin;
  if (!std::filesystem::exists(path)) {
    if (!choice.metal_built) {
      throw Error(Code::kFailedPrecondition,
                  std::string("the metal device is not built: no TT-Metalium was found when this runtime was built; "
                              "install TT-Metalium (tt-metal's package, or a built tt-metal tree named by "
                              "TT_METAL_RUNTIME_ROOT or TT_METAL_ROOT) and rebuild, ") +
                      try_emulator(choice));
    }
    throw Error(Code::kFailedPrecondition,
                "the metal device plugin " + path +
                    " is missing; reinstall the runtime or name the plugin with " +
                    option_hint(choice.hints, "metal-plugin") + ", " + try_emulator(choice));
  }
  // Local: the plugin's TT-Metalium brings its own fmt and spdlog.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    throw Error(Code::kFailedPrecondition,
                "cannot load the metal device plugin " + path + ": " + (why ? why : "unknown error") +
                    "; its TT-Metalium libraries must be where it was built against, or on LD_LIBRARY_PATH, " +
                    try_emulator(choice));
  }
  // Kept loaded for the process: devices and TT-Metalium's threads live in it.
  auto create = reinterpret_cast<decltype(&zyxtt_metal_device_create)>(dlsym(handle, "zyxtt_metal_device_create"));
  auto abi = reinterpret_cast<decltype(&zyxtt_metal_plugin_abi)>(dlsym(handle, "zyxtt_metal_plugin_abi"));
  auto tt_metalium =
      reinterpret_cast<decltype(&zyxtt_metal_plugin_tt_metalium)>(dlsym(handle, "zyxtt_metal_plugin_tt_metalium"));
  if (create == nullptr || abi == nullptr || tt_metalium == nullptr) {
    throw Error(Code::kFailedPrecondition, path + " is not a metal device plugin of this runtime (its entry points "
                                                  "are missing); rebuild it with the runtime");
  }
  if (std::string_view(abi()) != ZYXTT_DEVICE_ABI) {
    throw Error(Code::kFailedPrecondition, "the metal device plugin " + path +
                                               " was built from another version of this runtime (device ABI " + abi() +
                                               ", the runtime's " + ZYXTT_DEVICE_ABI + "); rebuild it with the runtime");
  }
  ZyxttMetalPluginOptions options;
  options.device_id = choice.device_id;
  options.run_timeout_ms = static_cast<uint32_t>(choice.run_timeout.count());
  options.fallback_arch = choice.arch;
  options.log = plugin_log;
  options.hints = choice.hints;
  options.options = choice.options;
  options.stop_fd = choice.stop_fd;
  std::unique_ptr<Device> device(create(&options));
  if (!device) throw Error(Code::kInternal, "the metal device plugin " + path + " refused its options");
  spdlog::debug("metal device plugin {} loaded (TT-Metalium: {})", path, tt_metalium());
  return device;
}

std::unique_ptr<Device> choose_device(const DeviceChoice& choice) {
  std::vector<OpeningDevice::Candidate> candidates;
  std::unique_ptr<Device> premade;
  if (choice.kind != DeviceKind::kEmu) {
    candidates.push_back({"the card (--device metal)", [choice] { return load_metal_device(choice); }});
  }
  if (choice.kind != DeviceKind::kMetal) {
    candidates.push_back({"the emulator", choice.make_emulator});
    // Made now, so its capabilities hold before init as they always did.
    if (choice.kind == DeviceKind::kEmu) premade = choice.make_emulator();
  }
  return std::make_unique<OpeningDevice>(std::move(candidates), std::move(premade), choice.arch);
}

}  // namespace zyxtt
