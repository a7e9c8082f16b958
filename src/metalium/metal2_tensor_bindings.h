// A Metal 2.0 kernel's tensor bindings, laid out as tt-metal's JIT lays them
// out: each binding's TensorAccessorArgs as positional compile-time args, in
// binding order from 0; each binding's base address one common runtime arg
// after the kernel's named ones (its varargs follow them); and ta::<name>
// tokens that say where both are.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <tt-metalium/allocator.hpp>
#include <tt-metalium/experimental/metal2_host_api/program_spec.hpp>

namespace tt::tt_metal::experimental {

struct KernelTensorBindings {
  std::vector<uint32_t> compile_args;     // the kernel's positional compile-time args
  std::vector<std::string> parameters;    // the bound TensorParameter of each address slot, in order
  std::string prelude;                    // namespace ta { ... }, empty without bindings
};

// Throws, naming the parameter, for a sharded tensor parameter (not provided).
KernelTensorBindings lay_out_tensor_bindings(const KernelSpec& kernel, const ProgramSpec& spec,
                                             const Allocator& allocator);

}  // namespace tt::tt_metal::experimental
