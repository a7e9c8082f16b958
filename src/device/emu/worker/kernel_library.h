// Compiled kernels loaded into the worker, each once per process, and bound
// to the emulator through the kernel ABI (kernel-api/zyxtt/krt_abi.h).
#pragma once

#include <map>
#include <string>

#include "zyxtt/krt_abi.h"

namespace zyxtt::emu {

using KernelEntry = zyxtt_kernel_entry_fn;

struct LoadedKernel {
  KernelEntry entry = nullptr;
  zyxtt_kernel_info info{};  // what the object was built for
};

class KernelLibrary {
 public:
  KernelLibrary() = default;
  ~KernelLibrary();
  KernelLibrary(const KernelLibrary&) = delete;
  KernelLibrary& operator=(const KernelLibrary&) = delete;

  // Throws Error when the object is not trustworthy, cannot be loaded, or
  // was built for another kernel ABI.
  const LoadedKernel& load(const std::string& path);
  bool loaded_any() const { return !loaded_.empty(); }

 private:
  struct Handle {
    void* dl = nullptr;
    LoadedKernel kernel;
  };
  std::map<std::string, Handle> loaded_;
};

}  // namespace zyxtt::emu
