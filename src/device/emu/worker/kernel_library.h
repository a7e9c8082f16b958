// Compiled kernels loaded into the worker, each once per process.
#pragma once

#include <map>
#include <string>

namespace zyxtt::emu {

using KernelEntry = int (*)();

class KernelLibrary {
 public:
  KernelLibrary() = default;
  ~KernelLibrary();
  KernelLibrary(const KernelLibrary&) = delete;
  KernelLibrary& operator=(const KernelLibrary&) = delete;

  // Throws Error when the object is not trustworthy or cannot be loaded.
  KernelEntry load(const std::string& path);

 private:
  std::map<std::string, std::pair<void*, KernelEntry>> loaded_;
};

}  // namespace zyxtt::emu
