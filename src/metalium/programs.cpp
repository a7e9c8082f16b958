// Programs: kernels, circular buffers, semaphores and runtime args onto the
// program model; launching them on the device.
#include <tt-metalium/graph_tracking.hpp>
#include <tt-metalium/host_api.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string_view>

#include <tt_stl/assert.hpp>

#include "common/error.h"
#include "device/emu/cb_layout.h"
#include "device/emu/jit/defines.h"
#include "device/program_checks.h"
#include "metalium/backend.h"
#include "metalium/emulator_options.h"
#include "metalium/fabric_kernel_defines.h"
#include "metalium/kernel_paths.h"
#include "tt_metal/impl/buffers/semaphore.hpp"
#include "tt_metal/impl/kernels/kernel.hpp"
#include "metalium/program_impl.h"
#include "zyxtt/core_limits.h"

// tt-metal's public names for the core's limits, held to the one home.
static_assert(tt::tt_metal::max_runtime_args == zyxtt::limits::kMaxRuntimeArgs);
static_assert(NUM_CIRCULAR_BUFFERS == zyxtt::limits::kMaxCircularBuffers);

namespace tt::tt_metal {

namespace model = zyxtt::program;
using detail::RuntimeArgViews;
using detail::ProgramImpl;

Program::Program() : internal_(std::make_shared<ProgramImpl>()) {}
Program::~Program() noexcept = default;
Program::Program(Program&& other) noexcept = default;
Program& Program::operator=(Program&& other) noexcept = default;
// The runtime id travels with every launch's args: the device profiler's "run host ID".
void Program::set_runtime_id(ProgramId id) { internal_->run.host_id = id; }
ProgramId Program::get_runtime_id() const { return static_cast<ProgramId>(internal_->run.host_id); }

Program CreateProgram() { return Program(); }

namespace detail {

model::CoreRangeSet to_model(const CoreRangeSet& set) {
  model::CoreRangeSet out;
  for (const CoreRange& r : set.ranges()) {
    out.ranges.push_back({{static_cast<uint32_t>(r.start_coord.x), static_cast<uint32_t>(r.start_coord.y)},
                          {static_cast<uint32_t>(r.end_coord.x), static_cast<uint32_t>(r.end_coord.y)}});
  }
  return out;
}

RuntimeArgViews::RuntimeArgViews(const model::CoreRangeSet& cores)
    : box_(cores.bounding_box()),
      width_(box_.end.x - box_.start.x + 1),
      cells_(width_ * (box_.end.y - box_.start.y + 1)) {
  cores.for_each_core([&](model::Core c) { cells_[(c.y - box_.start.y) * width_ + (c.x - box_.start.x)].placed = true; });
}

RuntimeArgViews::Core* RuntimeArgViews::at(const CoreCoord& core) {
  if (!box_.contains({static_cast<uint32_t>(core.x), static_cast<uint32_t>(core.y)})) return nullptr;
  Core& c = cells_[(core.y - box_.start.y) * width_ + (core.x - box_.start.x)];
  return c.placed ? &c : nullptr;
}

// ZYX_TT_VIRTUAL_GRID lets the emulator run core ranges beyond the arch's
// grid, as the runtime's --virtual-grid does.
static zyxtt::GridPermission virtual_grid() {
  const zyxtt::metalium::EmulatorOptions& o = zyxtt::metalium::emulator_options();
  return {o.options.virtual_grid, o.hints};
}

std::shared_ptr<zyxtt::CompiledProgram> ProgramImpl::compiled_for(const std::shared_ptr<zyxtt::Device>& device) {
  if (!(compiled_model == model)) {
    compiled.clear();
    compiled_model = model;
  }
  auto it = std::find_if(compiled.begin(), compiled.end(), [&](const auto& c) { return c.first == device; });
  if (it == compiled.end()) {
    zyxtt::check_program(model, device->capabilities(), virtual_grid());
    compiled.emplace_back(device, device->compile(model));
    it = std::prev(compiled.end());
  }
  return it->second;
}

void ProgramImpl::track_circular_buffers(const IDevice* chip, const zyxtt::Device& device) {
  if (cb_views.empty() || !cb_devices.insert(chip).second) return;
  GraphTracker& tracker = GraphTracker::instance();
  if (tracker.get_processors().empty()) return;  // nobody listens: no layout to work out
  const std::vector<uint64_t> addresses = zyxtt::emu::cb_addresses(model, *device.capabilities().arch);
  for (const CircularBufferImpl& cb : cb_views) {
    const CircularBufferConfig& config = cb_configs[cb.handle];
    tracker.track_allocate_cb(cb.cores, addresses[cb.handle], config.total_size(),
                              config.globally_allocated_address().has_value(), chip);
  }
}

ProgramImpl::~ProgramImpl() {
  for (const IDevice* chip : cb_devices) GraphTracker::instance().track_deallocate_cb(chip);
}

void ProgramImpl::launch(const std::shared_ptr<zyxtt::Device>& device, const char* call) {
  const auto program = compiled_for(device);
  device->run(*program, run, call);
}

}  // namespace detail

namespace {

CoreRangeSet to_set(const std::variant<CoreCoord, CoreRange, CoreRangeSet>& spec) {
  return std::visit([](const auto& s) { return CoreRangeSet(s); }, spec);
}

ProgramImpl& impl_of(const Program& program) { return const_cast<Program&>(program).impl(); }

RuntimeArgViews& arg_views(const Program& program, KernelHandle kernel) {
  ProgramImpl& p = impl_of(program);
  TT_FATAL(kernel < p.args.size(), "Kernel id {} is not a kernel of this program (it has {})", kernel, p.args.size());
  return p.args[kernel];
}

model::KernelSpec& kernel_spec(const Program& program, KernelHandle kernel) {
  arg_views(program, kernel);
  return impl_of(program).model.kernels[kernel];
}

std::vector<std::string> include_dirs(const std::vector<std::filesystem::path>& paths) {
  std::vector<std::string> out;
  for (const auto& p : paths) out.push_back(std::filesystem::absolute(p).string());
  return out;
}

template <class Map>
std::map<std::string, uint32_t> ordered(const Map& m) {
  return {m.begin(), m.end()};
}

// tt-metal's CreateKernel refuses a define it cannot pass to the compiler (a
// NUL in its value) with std::invalid_argument; the emulator's rules for a
// define are the ones checked, now rather than at the first launch.
// Before the kernel's file is looked for, as tt-metal does.
void check_defines(const std::variant<DataMovementConfig, ComputeConfig>& config, const std::string& kernel) {
  const auto& defines = std::visit([](const auto& c) -> const std::map<std::string, std::string>& { return c.defines; },
                                   config);
  for (const auto& [name, value] : defines) {
    try {
      zyxtt::emu::define_argument(name, value, kernel);
    } catch (const zyxtt::Error& e) {
      if (e.code() == zyxtt::Code::kInvalidArgument) throw std::invalid_argument(e.what());
      throw;
    }
  }
}

KernelHandle add_kernel(Program& program, model::KernelSpec spec, const CoreRangeSet& cores,
                        const std::variant<DataMovementConfig, ComputeConfig>& config,
                        model::CoreType core_type = model::CoreType::kTensix) {
  spec.cores = detail::to_model(cores);
  spec.core_type = core_type;
  if (const auto* dm = std::get_if<DataMovementConfig>(&config)) {
    switch (dm->processor) {
      case DataMovementProcessor::RISCV_0: spec.processor = model::Processor::kRiscv0; break;
      case DataMovementProcessor::RISCV_1: spec.processor = model::Processor::kRiscv1; break;
      default: TT_THROW("Data movement processor RISCV_{} does not exist on Blackhole Tensix cores (RISCV_0 and RISCV_1 do)", static_cast<int>(dm->processor));
    }
    spec.noc = static_cast<uint8_t>(dm->noc);
    spec.compile_args = dm->compile_args;
    spec.named_compile_args = ordered(dm->named_compile_args);
    spec.defines = dm->defines;
    auto extra = include_dirs(dm->compiler_include_paths);
    spec.include_dirs.insert(spec.include_dirs.end(), extra.begin(), extra.end());
  } else {
    const auto& c = std::get<ComputeConfig>(config);
    spec.processor = model::Processor::kCompute;
    TT_FATAL(c.math_fidelity != MathFidelity::Invalid, "Compute kernel {} has math fidelity Invalid", spec.name);
    spec.compute.math_fidelity = static_cast<model::MathFidelity>(static_cast<uint8_t>(c.math_fidelity));
    spec.compute.fp32_dest_acc = c.fp32_dest_acc_en;
    spec.compute.math_approx_mode = c.math_approx_mode;
    spec.compute.dst_full_sync = c.dst_full_sync_en;
    for (size_t i = 0; i < c.unpack_to_dest_mode.size(); ++i) {
      if (c.unpack_to_dest_mode[i] == UnpackToDestMode::UnpackToDestFp32) {
        spec.compute.unpack_to_dest.push_back(static_cast<uint32_t>(i));
      }
    }
    spec.compile_args = c.compile_args;
    spec.named_compile_args = ordered(c.named_compile_args);
    spec.defines = c.defines;
    auto extra = include_dirs(c.compiler_include_paths);
    spec.include_dirs.insert(spec.include_dirs.end(), extra.begin(), extra.end());
  }
  // The fabric's routing mode, as tt-metal's build defines it (the kernel's own defines win).
  for (auto& [name, value] : tt::tt_fabric::detail::fabric_kernel_defines()) spec.defines.try_emplace(name, value);
  // Two data movement kernels on one core must use different processors.
  for (const model::KernelSpec& other : program.impl().model.kernels) {
    if (other.processor != spec.processor || other.core_type != spec.core_type) continue;
    for (const CoreRange& r : cores.ranges()) {
      for (const auto& o : other.cores.ranges) {
        const CoreRange theirs({o.start.x, o.start.y}, {o.end.x, o.end.y});
        TT_FATAL(!r.intersects(theirs), "Kernel {} and kernel {} both run on the same processor of core {}", spec.name,
                 other.name, r.intersection(theirs)->start_coord.str());
      }
    }
  }
  ProgramImpl& p = program.impl();
  p.model.kernels.push_back(std::move(spec));
  p.args.emplace_back(p.model.kernels.back().cores);
  p.run.kernels.emplace_back();
  return static_cast<KernelHandle>(p.model.kernels.size() - 1);
}

}  // namespace

namespace {

KernelHandle kernel_from_file(Program& program, const std::string& file_name,
                              const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                              const std::variant<DataMovementConfig, ComputeConfig>& config,
                              model::CoreType core_type) {
  check_defines(config, file_name);
  const std::filesystem::path path = zyxtt::metalium::resolve_kernel_path(file_name);
  std::ifstream in(path, std::ios::binary);
  TT_FATAL(in.good(), "Cannot read kernel file {}", path.string());
  std::ostringstream text;
  text << in.rdbuf();
  model::KernelSpec spec;
  spec.name = path.filename().string();
  spec.source = text.str();
  spec.include_dirs.push_back(path.parent_path().string());  // its own folder, as tt-metal's build adds
  return add_kernel(program, std::move(spec), to_set(core_spec), config, core_type);
}

// An ethernet kernel is a data-movement kernel on ethernet cores.
DataMovementConfig data_movement(const EthernetConfig& e) {
  return DataMovementConfig{.processor = e.processor,
                            .noc = e.noc,
                            .noc_mode = e.noc_mode,
                            .compile_args = e.compile_args,
                            .defines = e.defines,
                            .named_compile_args = e.named_compile_args,
                            .opt_level = e.opt_level,
                            .compiler_include_paths = {}};
}

}  // namespace

KernelHandle CreateKernel(Program& program, const std::string& file_name,
                          const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                          const std::variant<DataMovementConfig, ComputeConfig>& config) {
  return kernel_from_file(program, file_name, core_spec, config, model::CoreType::kTensix);
}

KernelHandle CreateKernel(Program& program, const std::string& file_name,
                          const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                          const EthernetConfig& config) {
  return kernel_from_file(program, file_name, core_spec, data_movement(config), model::CoreType::kEthernet);
}

namespace {
[[noreturn]] void refuse_dram_kernel(const std::string& name) {
  TT_THROW("Kernel {}: DRAM cores run no kernels on the emulator (Blackhole's DRAM programmable cores are opt-in "
           "and not emulated; Hal::has_programmable_core_type(DRAM) is false); place it on Tensix or ethernet cores",
           name);
}
}  // namespace

KernelHandle CreateKernel(Program&, const std::string& file_name,
                          const std::variant<CoreCoord, CoreRange, CoreRangeSet>&, const DramConfig&) {
  refuse_dram_kernel(file_name);
}

KernelHandle CreateKernelFromString(Program&, const std::string&,
                                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>&, const DramConfig&) {
  refuse_dram_kernel("from a string");
}

KernelHandle CreateKernelFromString(Program& program, const std::string& kernel_src_code,
                                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                                    const EthernetConfig& config) {
  model::KernelSpec spec;
  spec.name = "kernel_" + std::to_string(program.impl().model.kernels.size()) + ".cpp";
  const DataMovementConfig dm = data_movement(config);
  check_defines(dm, spec.name);
  spec.source = kernel_src_code;
  return add_kernel(program, std::move(spec), to_set(core_spec), dm, model::CoreType::kEthernet);
}

KernelHandle CreateKernelFromString(Program& program, const std::string& kernel_src_code,
                                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                                    const std::variant<DataMovementConfig, ComputeConfig>& config) {
  model::KernelSpec spec;
  spec.name = "kernel_" + std::to_string(program.impl().model.kernels.size()) + ".cpp";
  check_defines(config, spec.name);
  spec.source = kernel_src_code;
  return add_kernel(program, std::move(spec), to_set(core_spec), config);
}

// ---- Circular buffers --------------------------------------------------------------

namespace {

model::CircularBufferSpec cb_spec(const CircularBufferConfig& config, const CoreRangeSet& cores) {
  model::CircularBufferSpec spec;
  spec.cores = detail::to_model(cores);
  spec.total_size = config.total_size();
  const std::set<uint8_t> indices(config.buffer_indices().begin(), config.buffer_indices().end());
  TT_FATAL(!indices.empty(), "A circular buffer config needs at least one buffer index");
  for (uint8_t i : indices) {
    const auto& format = config.data_formats()[i];
    const auto& page = config.page_sizes()[i];
    TT_FATAL(format.has_value(), "Circular buffer index {} has no data format", i);
    TT_FATAL(page.has_value(), "Circular buffer index {} has no page size: call set_page_size({}, bytes)", i, i);
    const Tile tile = config.tiles()[i].value_or(Tile{});
    // Transposed tiles would need the unpacker's transposes, which the emulator does not model.
    TT_FATAL(!tile.get_transpose_within_face() && !tile.get_transpose_of_faces(),
             "Circular buffer index {} has a transposed tile, which the emulator does not support", i);
    spec.indices.push_back({i, *format, *page, {tile.get_height(), tile.get_width()}});
  }
  if (auto a = config.globally_allocated_address()) {
    // An offset into the buffer counts from the buffer's address as it is now
    // (UpdateDynamicCircularBufferAddress with an offset keeps the config's at the buffer's).
    spec.address = config.address_offset() != 0 && config.shadow_global_buffer != nullptr
                       ? config.shadow_global_buffer->address() + config.address_offset()
                       : *a;
  }
  return spec;
}

ProgramImpl& cb_owner(Program& program, CBHandle handle) {
  ProgramImpl& p = program.impl();
  TT_FATAL(handle < p.cb_configs.size(), "Circular buffer handle {} is not a circular buffer of this program", handle);
  return p;
}

}  // namespace

CBHandle CreateCircularBuffer(Program& program, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                              const CircularBufferConfig& config) {
  const CoreRangeSet cores = to_set(core_spec);
  model::CircularBufferSpec spec = cb_spec(config, cores);
  ProgramImpl& p = program.impl();
  for (const model::CircularBufferSpec& other : p.model.circular_buffers) {
    for (const auto& mine : spec.indices) {
      for (const auto& theirs : other.indices) {
        if (mine.index != theirs.index) continue;
        for (const CoreRange& r : cores.ranges()) {
          for (const auto& o : other.cores.ranges) {
            TT_FATAL(!r.intersects(CoreRange({o.start.x, o.start.y}, {o.end.x, o.end.y})),
                     "Invalid circular buffer index: cannot add circular buffer at index {}, another circular buffer "
                     "already exists on core range {}",
                     mine.index, r.str());
          }
        }
      }
    }
  }
  p.model.circular_buffers.push_back(std::move(spec));
  p.cb_configs.push_back(config);
  p.cb_views.push_back(CircularBufferImpl{&p, p.cb_configs.size() - 1, cores});
  return p.cb_configs.size() - 1;
}

std::vector<std::shared_ptr<CircularBuffer>> Program::circular_buffers() const {
  std::vector<std::shared_ptr<CircularBuffer>> out;
  for (const CircularBufferImpl& view : internal_->cb_views) out.push_back(std::make_shared<CircularBuffer>(&view));
  return out;
}

CircularBuffer::CircularBuffer(const CircularBufferImpl* impl) : impl_(impl) {}
CBHandle CircularBuffer::id() const { return impl_->handle; }
const CoreRangeSet& CircularBuffer::core_ranges() const { return impl_->cores; }
std::size_t CircularBuffer::size() const { return impl_->program->cb_configs[impl_->handle].total_size(); }
bool CircularBuffer::globally_allocated() const {
  return impl_->program->cb_configs[impl_->handle].globally_allocated_address().has_value();
}
const std::unordered_set<uint8_t>& CircularBuffer::buffer_indices() const {
  return impl_->program->cb_configs[impl_->handle].buffer_indices();
}
uint32_t CircularBuffer::page_size(uint32_t buffer_index) const {
  const CircularBufferConfig& config = impl_->program->cb_configs[impl_->handle];
  TT_FATAL(buffer_index < NUM_CIRCULAR_BUFFERS && config.page_sizes()[buffer_index].has_value(),
           "Cannot access page size for buffer index {} because circular buffer is not configured on that index",
           buffer_index);
  return *config.page_sizes()[buffer_index];
}
uint32_t CircularBuffer::num_pages(uint32_t buffer_index) const {
  return static_cast<uint32_t>(size() / page_size(buffer_index));
}
DataFormat CircularBuffer::data_format(uint32_t buffer_index) const {
  const CircularBufferConfig& config = impl_->program->cb_configs[impl_->handle];
  TT_FATAL(buffer_index < NUM_CIRCULAR_BUFFERS && config.data_formats()[buffer_index].has_value(),
           "Cannot access data format for buffer index {} because circular buffer is not configured on that index",
           buffer_index);
  return *config.data_formats()[buffer_index];
}

const CircularBufferConfig& GetCircularBufferConfig(Program& program, CBHandle cb_handle) {
  return cb_owner(program, cb_handle).cb_configs[cb_handle];
}

namespace {
void refresh_cb(Program& program, CBHandle handle) {
  ProgramImpl& p = program.impl();
  model::CircularBufferSpec& spec = p.model.circular_buffers[handle];
  const model::CoreRangeSet cores = spec.cores;
  spec = cb_spec(p.cb_configs[handle], CoreRangeSet());
  spec.cores = cores;
}
}  // namespace

void UpdateCircularBufferTotalSize(Program& program, CBHandle cb_handle, uint32_t total_size) {
  cb_owner(program, cb_handle).cb_configs[cb_handle].set_total_size(total_size);
  refresh_cb(program, cb_handle);
}

void UpdateCircularBufferPageSize(Program& program, CBHandle cb_handle, uint8_t buffer_index, uint32_t page_size) {
  cb_owner(program, cb_handle).cb_configs[cb_handle].set_page_size(buffer_index, page_size);
  refresh_cb(program, cb_handle);
}

void UpdateDynamicCircularBufferAddress(Program& program, CBHandle cb_handle, const Buffer& buffer) {
  cb_owner(program, cb_handle).cb_configs[cb_handle].set_globally_allocated_address(buffer);
  refresh_cb(program, cb_handle);
}

void UpdateDynamicCircularBufferAddress(Program& program, CBHandle cb_handle, const Buffer& buffer,
                                        uint32_t address_offset) {
  CircularBufferConfig& config = cb_owner(program, cb_handle).cb_configs[cb_handle];
  config.set_address_offset(address_offset);
  config.set_globally_allocated_address(buffer);
  refresh_cb(program, cb_handle);
}

void UpdateDynamicCircularBufferAddressAndTotalSize(Program& program, CBHandle cb_handle, const Buffer& buffer,
                                                    uint32_t total_size) {
  CircularBufferConfig& config = cb_owner(program, cb_handle).cb_configs[cb_handle];
  config.set_globally_allocated_address(buffer);
  config.set_total_size(total_size);
  refresh_cb(program, cb_handle);
}

// ---- Semaphores ----------------------------------------------------------------------

uint32_t CreateSemaphore(Program& program, const std::variant<CoreRange, CoreRangeSet>& core_spec,
                         uint32_t initial_value, CoreType core_type) {
  TT_FATAL(core_type == CoreType::WORKER, "Semaphores are emulated on worker cores only (CoreType::WORKER)");
  const CoreRangeSet cores = std::visit([](const auto& s) { return CoreRangeSet(s); }, core_spec);
  ProgramImpl& p = program.impl();
  // The lowest id free on every core of the set, as tt-metal numbers them.
  std::set<uint32_t> taken;
  for (const model::SemaphoreSpec& s : p.model.semaphores) {
    for (const auto& o : s.cores.ranges) {
      if (cores.intersects(CoreRange({o.start.x, o.start.y}, {o.end.x, o.end.y}))) taken.insert(s.id);
    }
  }
  uint32_t id = 0;
  while (taken.contains(id)) ++id;
  TT_FATAL(id < zyxtt::limits::kMaxSemaphores, "Unable to initialize semaphore on CoreRangeSet {}: all {} IDs are in use",
           cores.str(), zyxtt::limits::kMaxSemaphores);
  p.model.semaphores.push_back({id, detail::to_model(cores), initial_value});
  return id;
}

uint32_t CreateSemaphore(Program& program, const std::variant<CoreRange, CoreRangeSet>& core_spec,
                         uint32_t initial_value) {
  return CreateSemaphore(program, core_spec, initial_value, CoreType::WORKER);
}

void AssignGlobalBufferToProgram(const std::shared_ptr<Buffer>& buffer, Program& program) {
  program.impl().held_buffers.push_back(buffer);
}

// ---- Runtime args --------------------------------------------------------------------
// Checked here, as they are set (a kernel's cores, the count limit every
// device shares: kMaxRuntimeArgs, asserted above), and a kernel gets its
// entry in `run` as it is created: an enqueue does not walk them again (a
// walk of 12x10 cores x 3 kernels took 2.9 us).

namespace {

void check_count(const Program& program, KernelHandle kernel, const CoreCoord& core, size_t per_core, size_t common) {
  TT_FATAL(per_core + common <= max_runtime_args,
           "{} unique+common runtime args targeting kernel {} on {} are too large. Max allowable is {}",
           per_core + common, kernel_spec(program, kernel).name, core.str(), max_runtime_args);
}

void set_core_args(const Program& program, KernelHandle kernel, const CoreCoord& core,
                   std::span<const uint32_t> values) {
  RuntimeArgViews::Core* c = arg_views(program, kernel).at(core);
  TT_FATAL(c != nullptr, "Kernel {} is not placed on core {}: runtime args can only be set on the kernel's cores",
           kernel_spec(program, kernel).name, core.str());
  model::KernelRunArgs& run = impl_of(program).run.kernels[kernel];
  check_count(program, kernel, core, values.size(), run.common.size());
  if (c->values == nullptr) c->values = &run.per_core[{static_cast<uint32_t>(core.x), static_cast<uint32_t>(core.y)}];
  c->slot.set(*c->values, values);
}

}  // namespace

void SetRuntimeArgs(const Program& program, KernelHandle kernel,
                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                    ttsl::Span<const uint32_t> runtime_args) {
  const std::span<const uint32_t> values(runtime_args.data(), runtime_args.size());
  if (const CoreCoord* core = std::get_if<CoreCoord>(&core_spec)) return set_core_args(program, kernel, *core, values);
  const CoreRangeSet cores = to_set(core_spec);
  for (const CoreRange& r : cores.ranges()) {
    for (const CoreCoord& c : r) set_core_args(program, kernel, c, values);
  }
}

void SetRuntimeArgs(const Program& program, KernelHandle kernel,
                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                    std::initializer_list<uint32_t> runtime_args) {
  SetRuntimeArgs(program, kernel, core_spec, ttsl::Span<const uint32_t>(runtime_args.begin(), runtime_args.size()));
}

void SetRuntimeArgs(const Program& program, KernelHandle kernel, const std::vector<CoreCoord>& core_spec,
                    const std::vector<std::vector<uint32_t>>& runtime_args) {
  TT_FATAL(core_spec.size() == runtime_args.size(), "Mistmatch between number of cores {} and number of runtime args {} getting updated",
           core_spec.size(), runtime_args.size());
  for (size_t i = 0; i < core_spec.size(); ++i) set_core_args(program, kernel, core_spec[i], runtime_args[i]);
}

void SetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id, ttsl::Span<const uint32_t> runtime_args) {
  RuntimeArgViews& k = arg_views(program, kernel_id);
  k.for_each_set([&](const CoreCoord& core, const RuntimeArgViews::Core& c) {
    check_count(program, kernel_id, core, c.values->size(), runtime_args.size());
  });
  check_count(program, kernel_id, CoreCoord{}, 0, runtime_args.size());
  k.common.set(impl_of(program).run.kernels[kernel_id].common, {runtime_args.data(), runtime_args.size()});
}

void SetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id,
                          std::initializer_list<uint32_t> runtime_args) {
  SetCommonRuntimeArgs(program, kernel_id, ttsl::Span<const uint32_t>(runtime_args.begin(), runtime_args.size()));
}

RuntimeArgsData& GetRuntimeArgs(const Program& program, KernelHandle kernel_id, const CoreCoord& logical_core) {
  RuntimeArgViews& k = arg_views(program, kernel_id);
  RuntimeArgViews::Core* c = k.at(logical_core);
  TT_FATAL(c != nullptr && c->values != nullptr, "Kernel {} has no runtime args on core {}: call SetRuntimeArgs first",
           kernel_spec(program, kernel_id).name, logical_core.str());
  return c->slot.view;
}

std::vector<std::vector<RuntimeArgsData>>& GetRuntimeArgs(const Program& program, KernelHandle kernel_id) {
  RuntimeArgViews& k = arg_views(program, kernel_id);
  const model::CoreRange box = kernel_spec(program, kernel_id).cores.bounding_box();
  k.grid_view.assign(box.end.x + 1, std::vector<RuntimeArgsData>(box.end.y + 1, RuntimeArgsData{nullptr, 0}));
  k.for_each_set([&](const CoreCoord& core, const RuntimeArgViews::Core& c) { k.grid_view[core.x][core.y] = c.slot.view; });
  return k.grid_view;
}

RuntimeArgsData& GetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id) {
  return arg_views(program, kernel_id).common.view;
}

}  // namespace tt::tt_metal
