// A whole program's immutable description (tt-metal's program_spec.hpp):
// kernels, DFBs, semaphores and tensor parameters, and the work units that
// place kernels on nodes. MakeProgramFromSpec (program.hpp) turns it into a
// Program; ProgramRunArgs (program_run_args.hpp) gives each run's values.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <tt-metalium/experimental/metal2_host_api/dataflow_buffer_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/kernel_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/node_coord.hpp>
#include <tt-metalium/experimental/metal2_host_api/semaphore_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/tensor_parameter.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/group.hpp>

namespace tt::tt_metal::experimental {

// Kernels that run together, one instance each on every target node.
struct WorkUnitSpec {
  std::string name;  // for messages only
  Group<KernelSpecName> kernels;
  Nodes target_nodes;
};

struct ProgramSpec {
  std::string name;  // for messages only

  Group<KernelSpec> kernels;
  Group<DataflowBufferSpec> dataflow_buffers;
  Group<RemoteDataflowBufferSpec> remote_dataflow_buffers;
  Group<SemaphoreSpec> semaphores;
  Group<TensorParameter> tensor_parameters;

  // At least one; every kernel in at least one.
  Group<WorkUnitSpec> work_units;
};

}  // namespace tt::tt_metal::experimental
