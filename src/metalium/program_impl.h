// What a tt_metal::Program holds: the program model being built, each
// kernel's runtime args, and the device's compiled form once launched.
#pragma once

#include <map>
#include <memory>
#include <vector>

#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/program.hpp>
#include <tt-metalium/runtime_args_data.hpp>

#include "device/device.h"
#include "program/program.h"

namespace tt::tt_metal::detail {

// One core's args and the writable view GetRuntimeArgs hands out.
struct ArgsSlot {
  std::vector<uint32_t> values;
  RuntimeArgsData view{nullptr, 0};
  void set(std::vector<uint32_t> v) {
    values = std::move(v);
    view = {values.data(), values.size()};
  }
};

struct KernelArgs {
  std::map<CoreCoord, ArgsSlot> per_core;  // map nodes stay put: views stay valid
  ArgsSlot common;
  std::vector<std::vector<RuntimeArgsData>> grid_view;  // GetRuntimeArgs(program, kernel)
};

class ProgramImpl {
 public:
  ProgramId runtime_id = 0;
  zyxtt::program::Program model;
  std::vector<KernelArgs> args;  // by kernel handle
  std::vector<CircularBufferConfig> cb_configs;  // by CB handle
  std::vector<std::shared_ptr<const Buffer>> held_buffers;  // AssignGlobalBufferToProgram

  // The device's compiled form, valid while `compiled_model` equals `model`.
  std::shared_ptr<zyxtt::Device> compiled_on;
  std::shared_ptr<zyxtt::CompiledProgram> compiled;
  zyxtt::program::Program compiled_model;

  // Compiles (when the model changed since) and runs the program on `device`;
  // `call` (EnqueueMeshWorkload ...) names the run in failures.
  void launch(const std::shared_ptr<zyxtt::Device>& device, const char* call);
  zyxtt::program::Run make_run() const;
};

// The program model's core set of a core spec.
zyxtt::program::CoreRangeSet to_model(const CoreRangeSet& set);

}  // namespace tt::tt_metal::detail
