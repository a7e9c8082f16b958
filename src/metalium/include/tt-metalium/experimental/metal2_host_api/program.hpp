// Programs from Metal 2.0 specs (tt-metal's metal2_host_api/program.hpp):
// a ProgramSpec becomes an ordinary Program (its kernels, circular buffers
// for its DFBs, semaphores), which ProgramRunArgs then fill for each run.
#pragma once

#include <span>

#include <tt-metalium/experimental/metal2_host_api/program_run_args.hpp>
#include <tt-metalium/experimental/metal2_host_api/program_spec.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/program.hpp>

namespace tt::tt_metal::experimental {

// Checks the spec (unless skip_validation) and builds the Program: each
// refusal throws std::runtime_error with tt-metal's message.
Program MakeProgramFromSpec(const distributed::MeshDevice& mesh_device, const ProgramSpec& spec,
                            bool skip_validation = false);

// Sets every kernel's runtime args from `params`, which must give all the
// values the spec's schemas name and no others.
void SetProgramRunArgs(Program& program, const ProgramRunArgs& params);

// Only the tensor arguments of a Program whose run args were set.
void UpdateTensorArgs(Program& program, const Table<TensorParamName, ProgramRunArgs::TensorArgument>& tensor_args);

// Not implemented (nor in tt-metal): throws.
ProgramRunArgsView& GetProgramRunArgsView(Program& program);

}  // namespace tt::tt_metal::experimental
