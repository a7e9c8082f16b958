#include "metalium/metal2_tensor_bindings.h"

#include <sstream>

#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal::experimental {

namespace {

const TensorParameter& parameter(const ProgramSpec& spec, const TensorParamName& name) {
  for (const TensorParameter& t : spec.tensor_parameters) {
    if (t.unique_id == name) return t;
  }
  TT_THROW("Kernel references unknown TensorParameter '{}'", name.get());
}

// What the kernel's TensorAccessorArgs<offset> reads for an interleaved
// tensor: [its ArgsConfig bits, its page size aligned to its memory].
std::vector<uint32_t> accessor_args(const TensorParameter& t, const Allocator& allocator) {
  const MemoryConfig& memory = t.spec.memory_config();
  TT_FATAL(!memory.is_sharded(),
           "TensorParameter '{}' is sharded: sharded tensor parameters are not provided by the emulator's Metal 2.0 "
           "host API (interleaved ones are)",
           t.unique_id.get());
  const uint32_t alignment = allocator.get_alignment(memory.buffer_type());
  const auto page = static_cast<uint32_t>(t.spec.compute_page_size_bytes());
  const uint32_t aligned = (page + alignment - 1) / alignment * alignment;
  const uint32_t config = memory.is_dram() ? static_cast<uint32_t>(tensor_accessor::ArgConfig::IsDram) : 0u;
  return {config, aligned};
}

}  // namespace

KernelTensorBindings lay_out_tensor_bindings(const KernelSpec& kernel, const ProgramSpec& spec,
                                             const Allocator& allocator) {
  KernelTensorBindings out;
  if (kernel.tensor_bindings.empty()) return out;
  const size_t named_crtas = kernel.runtime_arg_schema.common_runtime_arg_names.size();
  std::ostringstream ta;
  ta << "#include \"api/tensor/tensor_accessor.h\"\nnamespace ta {\n";
  for (const auto& binding : kernel.tensor_bindings) {
    const auto cta_offset = static_cast<uint32_t>(out.compile_args.size());
    const auto addr_offset = static_cast<uint32_t>((named_crtas + out.parameters.size()) * sizeof(uint32_t));
    const std::vector<uint32_t> args = accessor_args(parameter(spec, binding.tensor_parameter_name), allocator);
    out.compile_args.insert(out.compile_args.end(), args.begin(), args.end());
    out.parameters.push_back(binding.tensor_parameter_name.get());
    ta << "using " << binding.accessor_name << "_t = ::tensor_accessor::TensorAccessorBindingToken<" << cta_offset
       << "u, " << addr_offset << "u>;\nconstexpr " << binding.accessor_name << "_t " << binding.accessor_name
       << "{};\n";
  }
  ta << "}  // namespace ta\n";
  out.prelude = ta.str();
  return out;
}

}  // namespace tt::tt_metal::experimental
