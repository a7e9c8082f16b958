// tt-metal's descriptor patching (a stop-gap there until Metal 2.0's tensor
// bindings): a program built from a ProgramDescriptor is reused with other
// buffers by rewriting only the runtime args and CB addresses that hold
// buffer addresses, found once by resolve_bindings.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/program_descriptors.hpp>

namespace tt::tt_metal {

class Program;
struct ProgramDescriptor;

// A runtime arg (of kernel kernel_idx, at core unless is_common) that holds
// the address of tensor buffer tensor_buffer_idx.
struct ResolvedRtArgBinding {
  uint32_t kernel_idx = 0;
  CoreCoord core{};
  uint32_t arg_idx = 0;
  uint32_t tensor_buffer_idx = 0;
  bool is_common = false;
};

// A circular buffer (its CBHandle) placed in tensor buffer tensor_buffer_idx.
struct ResolvedCbBinding {
  uintptr_t cb_id = 0;
  uint32_t tensor_buffer_idx = 0;
  uint32_t address_offset = 0;
};

struct ResolvedBindings {
  std::vector<ResolvedRtArgBinding> rt_args;
  std::vector<ResolvedCbBinding> cbs;
  bool empty() const noexcept { return rt_args.empty() && cbs.empty(); }
};

// The bindings of `desc` (built into `program`) as indices into
// tensor_buffers: its kernels' buffer bindings, per core then common, by
// kernel, core and arg; its CBs whose buffer or tensor is among
// tensor_buffers (others keep their address). Empty when a buffer repeats
// among the first num_input_buffers entries, or among the rest other than as
// an input (which binding means which is then ambiguous). Throws for a
// kernel binding whose buffer is not in tensor_buffers or whose arg does not
// hold its address.
ResolvedBindings resolve_bindings(Program& program, const ProgramDescriptor& desc,
                                  std::span<Buffer* const> tensor_buffers,
                                  size_t num_input_buffers = std::numeric_limits<size_t>::max());

// Writes current_buffers' addresses where `bindings` say.
void apply_resolved_bindings(Program& program, const ResolvedBindings& bindings,
                             std::span<Buffer* const> current_buffers);

// A runtime arg whose value changes between runs of a reused program
// without changing its hash.
struct DynamicRuntimeArg {
  uint32_t kernel_idx = 0;
  CoreCoord core{};  // unused when is_common
  uint32_t arg_idx = 0;
  uint32_t value = 0;
  bool is_common = false;
};

// Writes each value at its arg; throws for an arg past the kernel's args.
void apply_dynamic_runtime_args(Program& program, std::span<const DynamicRuntimeArg> dynamic_args);

}  // namespace tt::tt_metal
