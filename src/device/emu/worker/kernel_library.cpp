#include "device/emu/worker/kernel_library.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "common/error.h"
#include "device/emu/jit/kernel_compiler.h"
#include "device/emu/jit/kernel_record.h"
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

// Objects reach the worker from the runtime's kernel compiler, which read
// each one's record from the file before handing out its path and rebuilds
// an object of another ABI rather than handing it out
// (KernelCompiler::cached): no code of such an object runs. (The worker
// itself cannot read files: its sandbox lets only the dynamic loader open
// them.) Here the loaded record gives the role and compute configuration, and
// is checked again, against an object swapped in the cache since, before
// anything of the object is called -- its static initialisers, run by
// dlopen, excepted.
zyxtt_kernel_info read_record(void* handle, const std::string& path) {
  const auto* record = static_cast<const zyxtt_kernel_info*>(dlsym(handle, "zyxtt_kernel_record"));
  std::optional<zyxtt_kernel_info> info;
  if (record != nullptr) {
    info.emplace();
    std::memcpy(&*info, record, std::min<size_t>(sizeof *info, record->size));
  }
  return checked_record(info, path);
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
