// Descriptor patching: the runtime args and CBs of a descriptor-built
// program that hold tensor buffers' addresses, as indices into the caller's
// enumeration of its tensors' buffers, and rewriting them for other buffers.
#include <tt-metalium/experimental/program_descriptor_patching.hpp>

#include <tt-metalium/circular_buffer.hpp>
#include <tt-metalium/experimental/tensor/mesh_tensor.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/program.hpp>

#include <algorithm>
#include <string_view>
#include <tuple>
#include <unordered_set>

#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

namespace {

// Whether a buffer's binding would be ambiguous: it repeats among the inputs
// (the first num_inputs), or among the outputs. An output that is also an
// input (an op in place) is one address either way.
bool ambiguous(std::span<Buffer* const> buffers, size_t num_inputs) {
  std::unordered_set<Buffer*> inputs, outputs;
  for (size_t i = 0; i < buffers.size(); ++i) {
    Buffer* b = buffers[i];
    if (b == nullptr) continue;
    const bool input = i < num_inputs;
    if (!input && inputs.contains(b)) continue;
    if (!(input ? inputs : outputs).insert(b).second) return true;
  }
  return false;
}

// The binding's arg must hold the buffer's address (emplace_runtime_args put it there).
void check_arg(const RuntimeArgsData& args, uint32_t k, std::string_view where, uint32_t arg_idx, const Buffer& b) {
  TT_FATAL(arg_idx < args.size() && args[arg_idx] == b.address(),
           "Buffer binding of kernel {} {} arg[{}]: stored value {:#x} does not match buffer->address() {:#x}. Wrong "
           "arg_idx, or the arg was written without emplace_runtime_args()",
           k, where, arg_idx, arg_idx < args.size() ? args[arg_idx] : 0u, b.address());
}

}  // namespace

ResolvedBindings resolve_bindings(Program& program, const ProgramDescriptor& desc,
                                  std::span<Buffer* const> tensor_buffers, size_t num_input_buffers) {
  if (ambiguous(tensor_buffers, num_input_buffers)) return {};
  auto index_of = [&](Buffer* b, std::string_view kind) {
    const auto it = std::find(tensor_buffers.begin(), tensor_buffers.end(), b);
    TT_FATAL(it != tensor_buffers.end(),
             "Buffer* in {} not found in tensor_args/tensor_return_value enumeration. All buffer bindings must come "
             "directly from input/output tensors.",
             kind);
    return static_cast<uint32_t>(it - tensor_buffers.begin());
  };

  ResolvedBindings out;
  for (uint32_t k = 0; k < desc.kernels.size(); ++k) {
    for (const BufferBinding& b : desc.kernels[k].buffer_bindings) {
      check_arg(GetRuntimeArgs(program, k, b.core), k, "at core " + b.core.str(), b.arg_idx, *b.buffer);
      out.rt_args.push_back({k, b.core, b.arg_idx, index_of(b.buffer, "buffer_bindings"), false});
    }
    for (const CommonBufferBinding& b : desc.kernels[k].common_buffer_bindings) {
      check_arg(GetCommonRuntimeArgs(program, k), k, "common", b.arg_idx, *b.buffer);
      out.rt_args.push_back({k, {}, b.arg_idx, index_of(b.buffer, "common_buffer_bindings"), true});
    }
  }

  // A CB in a buffer the caller did not enumerate (a workload's own, whose
  // address does not change) keeps its address: no binding.
  const auto cbs = program.circular_buffers();
  for (size_t i = 0; i < desc.cbs.size(); ++i) {
    const CBDescriptor& cb = desc.cbs[i];
    TT_FATAL(!(cb.buffer && cb.tensor),
             "CBDescriptor cannot specify both buffer and tensor as the globally-allocated backing storage");
    Buffer* backing = cb.buffer != nullptr  ? cb.buffer
                      : cb.tensor != nullptr ? cb.tensor->mesh_buffer().get_reference_buffer()
                                             : nullptr;
    if (backing == nullptr) continue;
    const auto it = std::find(tensor_buffers.begin(), tensor_buffers.end(), backing);
    if (it != tensor_buffers.end())
      out.cbs.push_back({cbs.at(i)->id(), static_cast<uint32_t>(it - tensor_buffers.begin()), cb.address_offset});
  }

  // Per-core bindings before common ones, then by kernel, core (x, y) and arg,
  // so that apply_resolved_bindings looks each core's args up once.
  std::sort(out.rt_args.begin(), out.rt_args.end(), [](const ResolvedRtArgBinding& a, const ResolvedRtArgBinding& b) {
    const auto key = [](const ResolvedRtArgBinding& r) {
      return std::tuple(r.is_common, r.kernel_idx, r.is_common ? 0 : r.core.x, r.is_common ? 0 : r.core.y, r.arg_idx);
    };
    return key(a) < key(b);
  });
  return out;
}

void apply_resolved_bindings(Program& program, const ResolvedBindings& bindings,
                             std::span<Buffer* const> current_buffers) {
  RuntimeArgsData* args = nullptr;
  const ResolvedRtArgBinding* group = nullptr;  // the binding `args` was looked up for
  for (const ResolvedRtArgBinding& b : bindings.rt_args) {
    if (group == nullptr || b.is_common != group->is_common || b.kernel_idx != group->kernel_idx ||
        (!b.is_common && b.core != group->core)) {
      args = b.is_common ? &GetCommonRuntimeArgs(program, b.kernel_idx) : &GetRuntimeArgs(program, b.kernel_idx, b.core);
      group = &b;
    }
    (*args)[b.arg_idx] = current_buffers[b.tensor_buffer_idx]->address();
  }
  for (const ResolvedCbBinding& cb : bindings.cbs)
    UpdateDynamicCircularBufferAddress(program, cb.cb_id, *current_buffers[cb.tensor_buffer_idx], cb.address_offset);
}

void apply_dynamic_runtime_args(Program& program, std::span<const DynamicRuntimeArg> dynamic_args) {
  for (const DynamicRuntimeArg& d : dynamic_args) {
    RuntimeArgsData& args =
        d.is_common ? GetCommonRuntimeArgs(program, d.kernel_idx) : GetRuntimeArgs(program, d.kernel_idx, d.core);
    TT_FATAL(d.arg_idx < args.size(), "DynamicRuntimeArg for kernel {} {}arg[{}] is out of range (runtime args size {})",
             d.kernel_idx, d.is_common ? "common " : "", d.arg_idx, args.size());
    args[d.arg_idx] = d.value;
  }
}

}  // namespace tt::tt_metal
