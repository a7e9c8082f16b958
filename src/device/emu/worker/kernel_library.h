// Compiled kernels loaded into the worker and bound to the emulator through
// the kernel ABI (kernel-api/zyxtt/krt_abi.h). A bounded set stays loaded:
// the objects unused for longest are unloaded, never one the current run
// uses, so a long-lived runtime that sees thousands of programs keeps a
// bounded number of mappings.
#pragma once

#include <cstddef>
#include <cstdint>
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
  static constexpr size_t kDefaultCapacity = 64;

  explicit KernelLibrary(size_t capacity = kDefaultCapacity) : capacity_(capacity) {}
  ~KernelLibrary();
  KernelLibrary(const KernelLibrary&) = delete;
  KernelLibrary& operator=(const KernelLibrary&) = delete;

  // Throws Error when the object is not trustworthy, cannot be loaded, or
  // was built for another kernel ABI.
  // The reference stays valid until the next begin_run().
  const LoadedKernel& load(const std::string& path);
  // Objects loaded from now on belong to a new run; earlier ones may be unloaded.
  void begin_run() { run_start_ = clock_ + 1; }
  size_t loaded() const { return loaded_.size(); }

 private:
  struct Handle {
    void* dl = nullptr;
    LoadedKernel kernel;
    uint64_t last_use = 0;
  };
  void unload_beyond_capacity();

  size_t capacity_;
  uint64_t clock_ = 0;
  uint64_t run_start_ = 1;
  std::map<std::string, Handle> loaded_;
};

}  // namespace zyxtt::emu
