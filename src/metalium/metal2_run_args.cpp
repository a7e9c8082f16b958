// SetProgramRunArgs: a run's named values checked against the schemas the
// ProgramSpec declared (tt-metal's messages), then laid out as each kernel's
// runtime args: named args in schema order, then varargs (what args:: and
// get_vararg in the kernel's prelude read).
#include <tt-metalium/experimental/metal2_host_api/program.hpp>

#include <set>
#include <unordered_set>

#include <tt-metalium/experimental/tensor/mesh_tensor.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt_stl/assert.hpp>

#include "metalium/metal2_program.h"
#include "metalium/program_impl.h"

namespace tt::tt_metal::experimental {

namespace {

detail::Metal2Program& record_of(Program& program) {
  const auto& record = program.impl().metal2;
  TT_FATAL(record != nullptr, "The Program was not created from a ProgramSpec (MakeProgramFromSpec)");
  return *record;
}

void check_tensor_args(const detail::Metal2Program& record,
                       const Table<TensorParamName, ProgramRunArgs::TensorArgument>& tensor_args) {
  for (const auto& [name, arg] : tensor_args) {
    TT_FATAL(std::find(record.tensor_parameters.begin(), record.tensor_parameters.end(), name.get()) !=
                 record.tensor_parameters.end(),
             "TensorArgument references unknown TensorParameter '{}'.", name.get());
  }
  for (const std::string& name : record.tensor_parameters) {
    TT_FATAL(tensor_args.get(TensorParamName{name}).has_value(),
             "TensorParameter '{}' is declared in the Program but has no TensorArgument entry.", name);
  }
}

void check_kernel_args(const detail::Metal2Kernel& k, const KernelRunArgs& a) {
  const std::string& kn = k.name;
  std::set<CoreCoord> with_varargs;
  for (const auto& [node, values] : a.advanced_options.runtime_varargs) {
    with_varargs.insert(node);
    TT_FATAL(k.nodes.contains(node),
             "Kernel '{}' is setting runtime_varargs for node {}, but the kernel does not run on that node.", kn,
             node.str());
    const auto it = k.num_runtime_varargs.find(node);
    const size_t expected = it == k.num_runtime_varargs.end() ? 0 : it->second;
    TT_FATAL(values.size() == expected, "Kernel '{}' node {} expects {} vararg runtime args, but {} were provided", kn,
             node.str(), expected, values.size());
  }
  for (const auto& [node, expected] : k.num_runtime_varargs) {
    TT_FATAL(with_varargs.contains(node), "Kernel '{}' is missing vararg runtime args for node {} (expected {} args)",
             kn, node.str(), expected);
  }
  TT_FATAL(a.advanced_options.common_runtime_varargs.size() == k.num_common_runtime_varargs,
           "Kernel '{}' expects {} vararg common runtime args, but {} were provided", kn, k.num_common_runtime_varargs,
           a.advanced_options.common_runtime_varargs.size());

  const std::unordered_set<std::string> declared(k.runtime_arg_names.begin(), k.runtime_arg_names.end());
  std::set<CoreCoord> with_named;
  for (const auto& [node, values] : a.runtime_arg_values) {
    TT_FATAL(with_named.insert(node).second, "Duplicate node_coord {} in runtime_arg_values for kernel '{}'.",
             node.str(), kn);
    TT_FATAL(k.nodes.contains(node),
             "Kernel '{}' is setting runtime_arg_values for node {}, but the kernel does not run on that node.", kn,
             node.str());
    TT_FATAL(values.size() == k.runtime_arg_names.size(),
             "Kernel '{}' node {} expects {} named RTAs, but {} were provided", kn, node.str(),
             k.runtime_arg_names.size(), values.size());
    for (const auto& [name, value] : values) {
      TT_FATAL(declared.contains(name), "Kernel '{}' node {} sets named RTA '{}' which is not declared in the schema.",
               kn, node.str(), name);
    }
  }
  if (!k.runtime_arg_names.empty()) {
    for (const CoreCoord& node : corerange_to_cores(k.nodes)) {
      TT_FATAL(with_named.contains(node),
               "Kernel '{}' has named RTAs declared but no runtime_arg_values provided for node {}.", kn, node.str());
    }
  }
  for (const std::string& name : k.common_runtime_arg_names) {
    TT_FATAL(a.common_runtime_arg_values.get(name).has_value(), "Kernel '{}' is missing named CRTA '{}'.", kn, name);
  }
  TT_FATAL(a.common_runtime_arg_values.size() == k.common_runtime_arg_names.size(),
           "Kernel '{}' expects {} user-named CRTAs, but {} were provided", kn, k.common_runtime_arg_names.size(),
           a.common_runtime_arg_values.size());
}

void validate(const detail::Metal2Program& record, const ProgramRunArgs& params) {
  std::unordered_set<std::string> given;
  for (const KernelRunArgs& a : params.kernel_run_args) {
    TT_FATAL(given.insert(a.kernel.get()).second,
             "Duplicate kernel '{}' in ProgramRunArgs.kernel_run_args. Each kernel must appear exactly once.",
             a.kernel.get());
    const detail::Metal2Kernel* k = record.kernel(a.kernel.get());
    TT_FATAL(k != nullptr, "Kernel '{}' has no RTA schema registered. Was the Program created from a ProgramSpec?",
             a.kernel.get());
    check_kernel_args(*k, a);
  }
  for (const detail::Metal2Kernel& k : record.kernels) {
    if (given.contains(k.name)) continue;
    const bool needs_args = !k.runtime_arg_names.empty() || !k.common_runtime_arg_names.empty() ||
                            !k.num_runtime_varargs.empty() || k.num_common_runtime_varargs > 0 ||
                            !k.tensor_bindings.empty();
    TT_FATAL(!needs_args,
             "Kernel '{}' is registered in the Program with a non-empty RTA/CRTA schema but has no runtime parameters "
             "specified in ProgramRunArgs (the schema is non-empty, or the kernel binds tensor parameters whose "
             "addresses are filled from kernel_run_args)",
             k.name);
  }
  std::unordered_set<std::string> overridden;
  for (const DFBRunOverrides& o : params.dfb_run_overrides) {
    TT_FATAL(overridden.insert(o.dfb.get()).second,
             "Duplicate DFB '{}' in ProgramRunArgs.dfb_run_overrides. Each DFB must appear at most once.", o.dfb.get());
    TT_FATAL(!o.entry_size.has_value() && !o.num_entries.has_value(),
             "DFB size overrides are not yet implemented for DFB '{}'.", o.dfb.get());
  }
  check_tensor_args(record, params.tensor_args);
}

// The base address of each tensor a kernel binds, into its slots after the named common args.
void place_tensor_addresses(detail::Metal2Kernel& k, const Table<TensorParamName, ProgramRunArgs::TensorArgument>& tensors) {
  for (size_t i = 0; i < k.tensor_bindings.size(); ++i) {
    const auto address = mesh_tensor_of(*tensors.get(TensorParamName{k.tensor_bindings[i]})).address();
    TT_FATAL(address <= UINT32_MAX, "TensorParameter '{}' lies at {:#x}, past what a 32-bit kernel arg holds",
             k.tensor_bindings[i], address);
    k.common_args.at(k.common_runtime_arg_names.size() + i) = static_cast<uint32_t>(address);
  }
}

}  // namespace

void SetProgramRunArgs(Program& program, const ProgramRunArgs& params) {
  detail::Metal2Program& record = record_of(program);
  validate(record, params);
  for (const KernelRunArgs& a : params.kernel_run_args) {
    detail::Metal2Kernel& k = *record.kernel_mut(a.kernel.get());
    // Each node's args: named ones, then its varargs.
    std::map<CoreCoord, std::vector<uint32_t>> per_node;
    for (const auto& [node, values] : a.runtime_arg_values) {
      auto& out = per_node[node];
      for (const std::string& name : k.runtime_arg_names) out.push_back(*values.get(name));
    }
    for (const auto& [node, values] : a.advanced_options.runtime_varargs) {
      auto& out = per_node[node];
      out.insert(out.end(), values.begin(), values.end());
    }
    for (const auto& [node, values] : per_node) SetRuntimeArgs(program, k.handle, node, values);
    // Common args: named ones, the tensor addresses, then the varargs.
    std::vector<uint32_t>& common = k.common_args;
    common.clear();
    for (const std::string& name : k.common_runtime_arg_names) common.push_back(*a.common_runtime_arg_values.get(name));
    common.resize(common.size() + k.tensor_bindings.size());
    place_tensor_addresses(k, params.tensor_args);
    const auto& varargs = a.advanced_options.common_runtime_varargs;
    common.insert(common.end(), varargs.begin(), varargs.end());
    if (!common.empty()) SetCommonRuntimeArgs(program, k.handle, common);
  }
  record.run_args_set = true;
}

void UpdateTensorArgs(Program& program, const Table<TensorParamName, ProgramRunArgs::TensorArgument>& tensor_args) {
  detail::Metal2Program& record = record_of(program);
  TT_FATAL(record.run_args_set, "UpdateTensorArgs called on Program before SetProgramRunArgs");
  check_tensor_args(record, tensor_args);
  for (detail::Metal2Kernel& k : record.kernels) {
    if (k.tensor_bindings.empty()) continue;
    place_tensor_addresses(k, tensor_args);
    SetCommonRuntimeArgs(program, k.handle, k.common_args);
  }
}

ProgramRunArgsView& GetProgramRunArgsView(Program&) {
  TT_THROW("GetProgramRunArgsView is not yet implemented.");
}

}  // namespace tt::tt_metal::experimental
