// What a Program made from a Metal 2.0 ProgramSpec remembers of it: each
// kernel's handle, nodes and runtime-arg schema, which SetProgramRunArgs
// checks a run's values against and lays out as runtime args.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/kernel_types.hpp>

namespace tt::tt_metal::detail {

struct Metal2Kernel {
  std::string name;
  KernelHandle handle = 0;
  CoreRangeSet nodes;
  // Per-node args: named ones in schema order, then the node's varargs.
  std::vector<std::string> runtime_arg_names;
  std::map<CoreCoord, uint32_t> num_runtime_varargs;  // nodes without varargs absent
  // Common args: named ones in schema order, then the varargs.
  std::vector<std::string> common_runtime_arg_names;
  uint32_t num_common_runtime_varargs = 0;
  // The TensorParameter whose address each binding slot holds (after the named common args).
  std::vector<std::string> tensor_bindings;
  std::vector<uint32_t> common_args;  // as last set, for UpdateTensorArgs
};

struct Metal2Program {
  std::string name;
  std::vector<Metal2Kernel> kernels;        // in spec order
  std::vector<std::string> tensor_parameters;
  bool run_args_set = false;

  const Metal2Kernel* kernel(const std::string& name) const {
    for (const Metal2Kernel& k : kernels) {
      if (k.name == name) return &k;
    }
    return nullptr;
  }
  Metal2Kernel* kernel_mut(const std::string& name) { return const_cast<Metal2Kernel*>(kernel(name)); }
};

}  // namespace tt::tt_metal::detail
