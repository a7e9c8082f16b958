#include "device/emu/worker/kernel_library.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <utility>

#include <fmt/format.h>

#include "common/error.h"
#include "device/emu/jit/kernel_compiler.h"
#include "device/emu/krt_table.h"

namespace zyxtt::emu {
namespace {

// Closes the object unless released: every failure path below unloads it.
struct DlGuard {
  void* handle;
  ~DlGuard() {
    if (handle != nullptr) dlclose(handle);
  }
  void* release() { return std::exchange(handle, nullptr); }
};

// The record tells the ABI before anything of the object is called, so an
// object of another version is refused without running its code.
zyxtt_kernel_info read_record(void* handle, const std::string& path) {
  const auto* record = static_cast<const zyxtt_kernel_info*>(dlsym(handle, "zyxtt_kernel_record"));
  if (record == nullptr) {
    throw Error(Code::kFailedPrecondition,
                fmt::format("kernel '{}' carries no kernel ABI record: it was not built by this runtime's kernel "
                            "compiler (ABI {}); remove it from the cache to rebuild",
                            path, krt::kKrtAbiVersion));
  }
  zyxtt_kernel_info info{};
  std::memcpy(&info, record, std::min<size_t>(sizeof info, record->size));
  if (info.abi_version != krt::kKrtAbiVersion || info.size != sizeof(zyxtt_kernel_info)) {
    throw Error(Code::kFailedPrecondition,
                fmt::format("kernel '{}' was built for kernel ABI {}, this runtime speaks ABI {}: remove it from the "
                            "cache to rebuild",
                            path, info.abi_version, krt::kKrtAbiVersion));
  }
  return info;
}

}  // namespace

KernelLibrary::~KernelLibrary() {
  for (auto& [path, handle] : loaded_) dlclose(handle.dl);
}

void KernelLibrary::unload_beyond_capacity() {
  while (loaded_.size() > capacity_) {
    auto oldest = loaded_.end();
    for (auto it = loaded_.begin(); it != loaded_.end(); ++it)
      if (it->second.last_use < run_start_ && (oldest == loaded_.end() || it->second.last_use < oldest->second.last_use))
        oldest = it;
    if (oldest == loaded_.end()) return;  // all in use by this run
    dlclose(oldest->second.dl);
    loaded_.erase(oldest);
  }
}

const LoadedKernel& KernelLibrary::load(const std::string& path) {
  auto it = loaded_.find(path);
  if (it != loaded_.end()) {
    it->second.last_use = ++clock_;
    return it->second.kernel;
  }
  if (!is_trusted_file(path)) {
    throw Error(Code::kFailedPrecondition,
                fmt::format("refusing to load kernel '{}': not a file owned by this user and closed to others", path));
  }
  DlGuard dl{dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)};
  if (dl.handle == nullptr) throw Error(Code::kInternal, fmt::format("cannot load kernel '{}': {}", path, dlerror()));
  LoadedKernel kernel;
  kernel.info = read_record(dl.handle, path);
  auto bind = reinterpret_cast<zyxtt_kernel_bind_fn>(dlsym(dl.handle, "zyxtt_kernel_bind"));
  kernel.entry = reinterpret_cast<KernelEntry>(dlsym(dl.handle, "zyxtt_kernel_entry"));
  if (bind == nullptr || kernel.entry == nullptr) {
    throw Error(Code::kInternal, fmt::format("kernel '{}' has no entry point", path));
  }
  if (bind(&krt_table()) != 0) {
    throw Error(Code::kFailedPrecondition, fmt::format("kernel '{}' refused this runtime's kernel ABI table", path));
  }
  Handle& slot = loaded_[path];
  slot.dl = dl.release();
  slot.kernel = kernel;
  slot.last_use = ++clock_;
  unload_beyond_capacity();
  return slot.kernel;
}

}  // namespace zyxtt::emu
