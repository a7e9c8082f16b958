// What a tt_metal::Program holds: the program model being built, each
// kernel's runtime args, and the device's compiled form once launched.
#pragma once

#include <deque>
#include <memory>
#include <set>
#include <span>
#include <vector>

#include <tt-metalium/circular_buffer.hpp>
#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/program.hpp>
#include <tt-metalium/runtime_args_data.hpp>

#include "device/device.h"
#include "program/program.h"

namespace tt::tt_metal::detail {

// The writable view GetRuntimeArgs hands out of one core's args, which live
// in ProgramImpl::run. Setting them again reuses their storage: a reused
// Program's new args cost no allocation.
struct ArgsSlot {
  RuntimeArgsData view{nullptr, 0};
  void set(std::vector<uint32_t>& values, std::span<const uint32_t> v) {
    values.assign(v.begin(), v.end());
    view = {values.data(), values.size()};
  }
};

// One kernel's views, a cell per core of its cores' bounding box (row-major),
// so that setting one core's args is an index, not a search.
class RuntimeArgViews {
 public:
  struct Core {
    bool placed = false;                      // one of the kernel's cores
    std::vector<uint32_t>* values = nullptr;  // in ProgramImpl::run (a map node: it stays put); null until set
    ArgsSlot slot;
  };
  explicit RuntimeArgViews(const zyxtt::program::CoreRangeSet& cores);
  // The cell of `core`, or nullptr where the kernel does not run.
  Core* at(const CoreCoord& core);
  // Each cell with args set, as (core, cell).
  template <class Visit>
  void for_each_set(Visit&& visit) {
    for (size_t i = 0; i < cells_.size(); ++i) {
      if (cells_[i].values != nullptr) visit(CoreCoord{box_.start.x + i % width_, box_.start.y + i / width_}, cells_[i]);
    }
  }

  ArgsSlot common;
  std::vector<std::vector<RuntimeArgsData>> grid_view;  // GetRuntimeArgs(program, kernel)

 private:
  zyxtt::program::CoreRange box_;
  size_t width_ = 0;
  std::vector<Core> cells_;
};

struct Metal2Program;
class ProgramImpl;

}  // namespace tt::tt_metal::detail

namespace tt::tt_metal {
class IDevice;

// What a CircularBuffer views: a CB of a program, by handle.
class CircularBufferImpl {
 public:
  const detail::ProgramImpl* program;
  CBHandle handle;
  CoreRangeSet cores;
};
}  // namespace tt::tt_metal

namespace tt::tt_metal::detail {

class ProgramImpl {
 public:
  ProgramImpl() = default;
  ProgramImpl(const ProgramImpl&) = delete;
  ProgramImpl& operator=(const ProgramImpl&) = delete;
  ~ProgramImpl();  // reports its CBs freed on each chip track_circular_buffers saw

  zyxtt::program::Program model;
  std::deque<RuntimeArgViews> args;  // by kernel handle (a deque: views stay put as kernels join)
  zyxtt::program::Run run;      // every kernel's args (and the runtime id), as the device takes them
  std::vector<CircularBufferConfig> cb_configs;  // by CB handle
  std::deque<CircularBufferImpl> cb_views;       // by CB handle (a deque: Program::circular_buffers points into it)
  std::vector<std::shared_ptr<const Buffer>> held_buffers;  // AssignGlobalBufferToProgram
  std::shared_ptr<Metal2Program> metal2;  // set when made from a Metal 2.0 ProgramSpec

  // Each device's compiled form (a mesh runs the program on several), valid
  // while `compiled_model` equals `model`.
  std::vector<std::pair<std::shared_ptr<zyxtt::Device>, std::shared_ptr<zyxtt::CompiledProgram>>> compiled;
  zyxtt::program::Program compiled_model;

  // The form `device->run` takes, compiled when the model changed since or
  // it has not been compiled for `device`.
  std::shared_ptr<zyxtt::CompiledProgram> compiled_for(const std::shared_ptr<zyxtt::Device>& device);
  // Reports the program's CBs to the GraphTracker's processors as allocated
  // on `chip` (whose device is `device`), the first time it runs or is
  // compiled there, as tt-metal reports them when it places them.
  void track_circular_buffers(const IDevice* chip, const zyxtt::Device& device);
  std::set<const IDevice*> cb_devices;  // the chips track_circular_buffers saw

  // compiled_for(), then runs the program on `device` (its args were checked
  // as they were set: SetRuntimeArgs, SetCommonRuntimeArgs);
  // `call` (EnqueueMeshWorkload ...) names the run in failures.
  void launch(const std::shared_ptr<zyxtt::Device>& device, const char* call);
};

// The program model's core set of a core spec.
zyxtt::program::CoreRangeSet to_model(const CoreRangeSet& set);

}  // namespace tt::tt_metal::detail
