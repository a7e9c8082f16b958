// A compiled kernel of a ProgramSpec (tt-metal's kernel_spec.hpp): its
// source, compiler options, the DFBs / semaphores / tensors it binds, its
// compile-time arg values, the names of its runtime args and its hardware
// config. Where it runs follows from the WorkUnitSpecs that list it.
//
// The kernel sees its bindings by name: dfb::<accessor>, sem::<accessor>,
// ta::<accessor> and args::<name> (get_arg(args::n)), as tt-metal's JIT
// generates them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <tt-metalium/experimental/metal2_host_api/advanced_options.hpp>
#include <tt-metalium/experimental/metal2_host_api/compute_hardware_config.hpp>
#include <tt-metalium/experimental/metal2_host_api/data_movement_hardware_config.hpp>
#include <tt-metalium/experimental/metal2_host_api/dataflow_buffer_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/node_coord.hpp>
#include <tt-metalium/experimental/metal2_host_api/semaphore_spec.hpp>
#include <tt-metalium/experimental/metal2_host_api/tensor_parameter.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/group.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/table.hpp>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::experimental {

using KernelSpecName = ttsl::StrongType<std::string, struct KernelSpecNameTag>;

struct KernelSpec {
  KernelSpecName unique_id;

  // A file (a string literal converts to the path) or the code itself.
  struct SourceCode {
    std::string code;
  };
  std::variant<std::filesystem::path, SourceCode> source;

  // Threads running the whole kernel; more than one only on Quasar.
  uint32_t num_threads = 1;

  bool is_data_movement_kernel() const { return std::holds_alternative<DataMovementHardwareConfig>(hw_config); }
  bool is_compute_kernel() const { return std::holds_alternative<ComputeHardwareConfig>(hw_config); }

  struct CompilerOptions {
    using IncludePaths = std::vector<std::filesystem::path>;
    using Defines = Table<std::string, std::string>;
    using OptLevel = tt::tt_metal::KernelBuildOptLevel;

    IncludePaths include_paths;
    Defines defines;
    OptLevel opt_level = OptLevel::O2;
  };
  CompilerOptions compiler_options = {};

  // One end of a DFB; the kernel opens it as DataflowBuffer(dfb::<accessor_name>).
  struct DFBBinding {
    enum class EndpointType { PRODUCER, CONSUMER };
    // How a multi-threaded kernel's threads share the entries: every N-th
    // (STRIDED), all of them (ALL) or blocks of N (BLOCKED, unsupported).
    enum class AccessPattern { STRIDED, ALL, BLOCKED };

    DFBSpecName dfb_spec_name;
    std::string accessor_name;
    EndpointType endpoint_type;
    AccessPattern access_pattern = AccessPattern::STRIDED;
  };
  Group<DFBBinding> dfb_bindings;

  // The kernel sees the semaphore's id as sem::<accessor_name>.
  struct SemaphoreBinding {
    SemaphoreSpecName semaphore_spec_name;
    std::string accessor_name;
  };
  Group<SemaphoreBinding> semaphore_bindings;

  // The kernel opens the tensor as TensorAccessor(ta::<accessor_name>).
  struct TensorBinding {
    TensorParamName tensor_parameter_name;
    std::string accessor_name;
  };
  Group<TensorBinding> tensor_bindings;

  // Named compile-time values: args::<name> in the kernel (and
  // get_named_compile_time_arg_val("<name>")).
  using CompileTimeArgs = Table<std::string, uint32_t>;
  CompileTimeArgs compile_time_args;

  // Names of the uint32_t runtime args (per node) and common runtime args
  // (all nodes); their values come in ProgramRunArgs.
  struct RuntimeArgSchema {
    Group<std::string> runtime_arg_names;
    Group<std::string> common_runtime_arg_names;
  };
  RuntimeArgSchema runtime_arg_schema{};

  std::variant<DataMovementHardwareConfig, ComputeHardwareConfig> hw_config;

  KernelAdvancedOptions advanced_options;
};

using DFBEndpointType = KernelSpec::DFBBinding::EndpointType;
using DFBAccessPattern = KernelSpec::DFBBinding::AccessPattern;

using DFBBinding = KernelSpec::DFBBinding;
using TensorBinding = KernelSpec::TensorBinding;
using SemaphoreBinding = KernelSpec::SemaphoreBinding;

// A producer binding (producers are always STRIDED).
inline DFBBinding ProducerOf(DFBSpecName dfb_spec_name, std::string accessor_name) {
  return DFBBinding{.dfb_spec_name = std::move(dfb_spec_name),
                    .accessor_name = std::move(accessor_name),
                    .endpoint_type = DFBEndpointType::PRODUCER,
                    .access_pattern = DFBAccessPattern::STRIDED};
}

// A consumer binding; the access pattern is the default STRIDED, which is
// all a single-threaded kernel needs.
inline DFBBinding ConsumerOf(DFBSpecName dfb_spec_name, std::string accessor_name) {
  return DFBBinding{.dfb_spec_name = std::move(dfb_spec_name),
                    .accessor_name = std::move(accessor_name),
                    .endpoint_type = DFBEndpointType::CONSUMER};
}

inline DFBBinding StridedConsumerOf(DFBSpecName dfb_spec_name, std::string accessor_name) {
  return DFBBinding{.dfb_spec_name = std::move(dfb_spec_name),
                    .accessor_name = std::move(accessor_name),
                    .endpoint_type = DFBEndpointType::CONSUMER,
                    .access_pattern = DFBAccessPattern::STRIDED};
}

inline DFBBinding AllConsumerOf(DFBSpecName dfb_spec_name, std::string accessor_name) {
  return DFBBinding{.dfb_spec_name = std::move(dfb_spec_name),
                    .accessor_name = std::move(accessor_name),
                    .endpoint_type = DFBEndpointType::CONSUMER,
                    .access_pattern = DFBAccessPattern::ALL};
}

}  // namespace tt::tt_metal::experimental
