// A run's values for a Program made from a ProgramSpec (tt-metal's
// program_run_args.hpp): every kernel's named runtime args per node, its
// common runtime args and varargs, the tensors, and DFB size overrides.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include <tt-metalium/experimental/metal2_host_api/advanced_options.hpp>
#include <tt-metalium/experimental/metal2_host_api/dataflow_buffer_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/kernel_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/node_coord.hpp>
#include <tt-metalium/experimental/metal2_host_api/tensor_parameter.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/group.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/table.hpp>
#include <tt-metalium/experimental/tensor/mesh_tensor.hpp>

namespace tt::tt_metal::experimental {

struct ProgramRunArgs {
  struct KernelRunArgs {
    KernelSpecName kernel;

    // Every name of the kernel's runtime_arg_names, on every node it runs on.
    using RuntimeArgValues = Table<std::string, uint32_t>;
    struct NodeRuntimeArgs {
      NodeCoord node;
      RuntimeArgValues args;
    };
    Group<NodeRuntimeArgs> runtime_arg_values;

    // Every name of its common_runtime_arg_names.
    RuntimeArgValues common_runtime_arg_values;

    AdvancedKernelRunArgs advanced_options;
  };
  // One for each kernel of the spec.
  Group<KernelRunArgs> kernel_run_args;

  using TensorArgument = std::variant<std::reference_wrapper<const MeshTensor>>;
  // One for each tensor parameter of the spec.
  Table<TensorParamName, TensorArgument> tensor_args;

  // This run's entry size or count of a DFB, instead of the spec's.
  struct DFBRunOverrides {
    DFBSpecName dfb;
    std::optional<uint32_t> entry_size = std::nullopt;
    std::optional<uint32_t> num_entries = std::nullopt;
  };
  Group<DFBRunOverrides> dfb_run_overrides;
};

using KernelRunArgs = ProgramRunArgs::KernelRunArgs;
using DFBRunOverrides = ProgramRunArgs::DFBRunOverrides;
using TensorArgument = ProgramRunArgs::TensorArgument;

inline const MeshTensor& mesh_tensor_of(const TensorArgument& arg) {
  return std::get<std::reference_wrapper<const MeshTensor>>(arg).get();
}

// A writable view of a Program's run values (a sketch in tt-metal, which
// does not implement it; GetProgramRunArgsView throws here as there).
struct ProgramRunArgsView {
  struct KernelRunArgsView {
    KernelSpecName kernel;
    Table<NodeCoord, std::span<uint32_t>> runtime_varargs;
    std::span<uint32_t> common_runtime_varargs;
  };
  Group<KernelRunArgsView> kernel_run_args;

  struct DFBRunOverridesView {
    DFBSpecName dfb;
    uint32_t* entry_size;
    uint32_t* num_entries;
  };
  Group<DFBRunOverridesView> dfb_run_overrides;
};

}  // namespace tt::tt_metal::experimental
