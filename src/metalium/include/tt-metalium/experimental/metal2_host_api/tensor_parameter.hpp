// A tensor a program works on, declared by its layout (tt-metal's
// tensor_parameter.hpp); the tensor itself comes with each run's
// ProgramRunArgs.
#pragma once

#include <string>

#include <tt-metalium/experimental/metal2_host_api/advanced_options.hpp>
#include <tt-metalium/experimental/tensor/spec/tensor_spec.hpp>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::experimental {

using TensorParamName = ttsl::StrongType<std::string, struct TensorParamNameTag>;

struct TensorParameter {
  TensorParamName unique_id;
  tt::tt_metal::TensorSpec spec;
  TensorParameterRelaxations relaxations;
};

}  // namespace tt::tt_metal::experimental
