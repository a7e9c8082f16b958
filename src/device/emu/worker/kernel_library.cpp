#include "device/emu/worker/kernel_library.h"

#include <dlfcn.h>

#include <fmt/format.h>

#include "common/error.h"
#include "device/emu/jit/kernel_compiler.h"

namespace zyxtt::emu {

KernelLibrary::~KernelLibrary() {
  for (auto& [path, handle] : loaded_) dlclose(handle.first);
}

KernelEntry KernelLibrary::load(const std::string& path) {
  auto it = loaded_.find(path);
  if (it != loaded_.end()) return it->second.second;
  if (!is_trusted_file(path)) {
    throw Error(Code::kFailedPrecondition,
                fmt::format("refusing to load kernel '{}': not a file owned by this user and closed to others", path));
  }
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    throw Error(Code::kInternal, fmt::format("cannot load kernel '{}': {}", path, dlerror()));
  }
  auto entry = reinterpret_cast<KernelEntry>(dlsym(handle, "zyxtt_kernel_entry"));
  if (entry == nullptr) {
    dlclose(handle);
    throw Error(Code::kInternal, fmt::format("kernel '{}' has no entry point", path));
  }
  loaded_[path] = {handle, entry};
  return entry;
}

}  // namespace zyxtt::emu
