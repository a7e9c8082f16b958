// The advanced, niche or unsafe options of the Metal 2.0 specs (tt-metal's
// advanced_options.hpp): each spec carries one of these structs last.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <tt-metalium/experimental/metal2_host_api/node_coord.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/group.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/table.hpp>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::experimental {

// A DataflowBufferSpec's name; declared here, the lowest header that uses it.
using DFBSpecName = ttsl::StrongType<std::string, struct DFBSpecNameTag>;

struct KernelAdvancedOptions {
  // Per-node thread counts: refused (tt-metal does not implement them either).
  Table<Nodes, uint32_t> node_specific_thread_counts;

  // Unnamed runtime args after the named ones, read by position in the
  // kernel (get_vararg / get_common_vararg); values come in ProgramRunArgs.
  uint32_t num_runtime_varargs = 0;
  uint32_t num_common_runtime_varargs = 0;

  // A different vararg count on some nodes; unlisted nodes take num_runtime_varargs.
  [[deprecated("Per-node-vararg-count feature is deprecated and will be removed.")]]
  Table<Nodes, uint32_t> num_runtime_varargs_per_node;

  // For a compute kernel that both produces and consumes a DFB: each thread
  // loops on its own (INTRA, the only one supported) or threads feed each other (INTER).
  enum class DFBSelfLoopConnectivity { INTRA, INTER };
  Table<DFBSpecName, DFBSelfLoopConnectivity> dfb_self_loop_connectivities;
};

using DFBSelfLoopConnectivity = KernelAdvancedOptions::DFBSelfLoopConnectivity;

struct DFBAdvancedOptions {
  // DFBs sharing one backing memory: every member lists every other one, and
  // all have the same total size and nodes. Nothing guards their data.
  Group<DFBSpecName> alias_with;
};

struct AdvancedKernelRunArgs {
  using Varargs = std::vector<uint32_t>;
  // Per-node values of KernelAdvancedOptions::num_runtime_varargs.
  Table<NodeCoord, Varargs> runtime_varargs;
  // Values of num_common_runtime_varargs, the same on every node.
  Varargs common_runtime_varargs;
};

struct SemaphoreAdvancedOptions {
  [[deprecated("Non-zero semaphore initialization is deprecated and will be removed.")]]
  uint32_t initial_value = 0;
};

struct TensorParameterRelaxations {
  // A tensor argument may differ from the declared spec in its logical shape
  // (padded shape equal) ...
  bool match_padded_shape_only = false;
  // ... or in both shapes.
  bool dynamic_tensor_shape = false;
};

}  // namespace tt::tt_metal::experimental
