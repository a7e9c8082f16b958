// Program descriptors: building a Program from one (its kernels in order, so
// that kernel handles are descriptor indices), the runtime-arg builders that
// record buffer bindings, merging, hashing, and re-applying a descriptor's
// args to a program built from one of the same shape.
#include <tt-metalium/program_descriptors.hpp>

#include <tt-metalium/circular_buffer.hpp>
#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/experimental/tensor/mesh_tensor.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/program.hpp>
#include <tt-metalium/tile.hpp>

#include <map>
#include <unordered_map>

#include <tt_stl/assert.hpp>
#include <tt_stl/reflection.hpp>

#include "metalium/program_impl.h"
#include "zyxtt/core_limits.h"

namespace tt::tt_metal {

namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};

Buffer* reference_buffer(const MeshTensor& tensor) { return tensor.mesh_buffer().get_reference_buffer(); }

// The buffer a CB descriptor places its CB in, if any.
const Buffer* cb_backing(const CBDescriptor& cb) {
  TT_FATAL(!(cb.buffer && cb.tensor),
           "CBDescriptor cannot specify both buffer and tensor as the globally-allocated backing storage");
  return cb.buffer != nullptr ? cb.buffer : cb.tensor != nullptr ? reference_buffer(*cb.tensor) : nullptr;
}

// Appends `arg`'s value to `values`, recording a binding (through `bind`,
// given the arg's index) for a buffer or tensor.
template <class Arg, class Bind>
void push_arg(const Arg& arg, std::vector<uint32_t>& values, Bind&& bind) {
  std::visit(Overloaded{[&](uint32_t v) { values.push_back(v); },
                        [&](Buffer* b) {
                          if (b == nullptr) {  // an absent optional input: 0, nothing to patch
                            values.push_back(0u);
                            return;
                          }
                          bind(static_cast<uint32_t>(values.size()), b);
                          values.push_back(b->address());
                        },
                        [&](std::reference_wrapper<const MeshTensor> t) {
                          Buffer* b = reference_buffer(t.get());
                          bind(static_cast<uint32_t>(values.size()), b);
                          values.push_back(b->address());
                        }},
             arg);
}

template <class Range>
void emplace_core(KernelDescriptor& kd, const CoreCoord& core, const Range& args) {
  KernelDescriptor::CoreRuntimeArgs values;
  values.reserve(args.size());
  for (const auto& arg : args)
    push_arg(arg, values, [&](uint32_t at, Buffer* b) { kd.buffer_bindings.push_back({core, at, b}); });
  kd.runtime_args.emplace_back(core, std::move(values));
}

template <class Range>
void emplace_common(KernelDescriptor& kd, const Range& args) {
  for (const auto& arg : args)
    push_arg(arg, kd.common_runtime_args, [&](uint32_t at, Buffer* b) { kd.common_buffer_bindings.push_back({at, b}); });
}

std::variant<DataMovementConfig, ComputeConfig> kernel_config(const KernelDescriptor& kd) {
  std::vector<uint32_t> compile_args(kd.compile_time_args.begin(), kd.compile_time_args.end());
  std::map<std::string, std::string> defines(kd.defines.begin(), kd.defines.end());
  std::unordered_map<std::string, uint32_t> named(kd.named_compile_time_args.begin(), kd.named_compile_time_args.end());
  std::vector<std::filesystem::path> includes(kd.compiler_include_paths.begin(), kd.compiler_include_paths.end());
  const KernelBuildOptLevel dm_opt = kd.opt_level.value_or(KernelBuildOptLevel::O2);
  return std::visit(
      Overloaded{
          [&](const ReaderConfigDescriptor&) -> std::variant<DataMovementConfig, ComputeConfig> {
            return ReaderDataMovementConfig(compile_args, defines, named, dm_opt, includes);
          },
          [&](const WriterConfigDescriptor&) -> std::variant<DataMovementConfig, ComputeConfig> {
            return WriterDataMovementConfig(compile_args, defines, named, dm_opt, includes);
          },
          [&](const DataMovementConfigDescriptor& dm) -> std::variant<DataMovementConfig, ComputeConfig> {
            return DataMovementConfig{.processor = dm.processor,
                                      .noc = dm.noc,
                                      .noc_mode = dm.noc_mode,
                                      .compile_args = compile_args,
                                      .defines = defines,
                                      .named_compile_args = named,
                                      .opt_level = dm_opt,
                                      .compiler_include_paths = includes};
          },
          [&](const ComputeConfigDescriptor& c) -> std::variant<DataMovementConfig, ComputeConfig> {
            return ComputeConfig{.math_fidelity = c.math_fidelity,
                                 .fp32_dest_acc_en = c.fp32_dest_acc_en,
                                 .dst_full_sync_en = c.dst_full_sync_en,
                                 .unpack_to_dest_mode = c.unpack_to_dest_mode,
                                 .bfp8_pack_precise = c.bfp8_pack_precise,
                                 .math_approx_mode = c.math_approx_mode,
                                 .compile_args = compile_args,
                                 .defines = defines,
                                 .named_compile_args = named,
                                 .opt_level = kd.opt_level.value_or(KernelBuildOptLevel::O3),
                                 .compiler_include_paths = includes};
          }},
      kd.config);
}

// A semaphore at the descriptor's id (CreateSemaphore picks the lowest free one).
void add_semaphore(Program& program, const SemaphoreDescriptor& s) {
  TT_FATAL(s.core_type == CoreType::WORKER, "Semaphores are emulated on worker cores only (CoreType::WORKER)");
  TT_FATAL(s.id < zyxtt::limits::kMaxSemaphores, "Semaphore id {} is past the {} a core has", s.id,
           zyxtt::limits::kMaxSemaphores);
  detail::ProgramImpl& p = program.impl();
  for (const auto& other : p.model.semaphores) {
    if (other.id != s.id) continue;
    for (const auto& r : other.cores.ranges)
      TT_FATAL(!s.core_ranges.intersects(CoreRange({r.start.x, r.start.y}, {r.end.x, r.end.y})),
               "Semaphore id {} is already in use on cores {}", s.id, s.core_ranges.str());
  }
  p.model.semaphores.push_back({s.id, detail::to_model(s.core_ranges), s.initial_value});
}

}  // namespace

TileDescriptor::TileDescriptor(const Tile& tile)
    : height(tile.get_height()), width(tile.get_width()), transpose(tile.get_transpose_of_faces()) {}

CircularBufferConfig::CircularBufferConfig(const CBDescriptor& descriptor) : total_size_(descriptor.total_size) {
  if (const Buffer* backing = cb_backing(descriptor)) {
    set_globally_allocated_address(*backing);
    if (descriptor.address_offset != 0) {
      const uint32_t alignment = hal::get_l1_alignment();
      TT_FATAL(descriptor.address_offset % alignment == 0, "address_offset ({}) must be aligned to L1 alignment ({})",
               descriptor.address_offset, alignment);
      address_offset_ = descriptor.address_offset;
      globally_allocated_address_ = *globally_allocated_address_ + descriptor.address_offset;
      TT_FATAL(descriptor.address_offset <= max_size_ && total_size_ <= max_size_ - descriptor.address_offset,
               "address_offset ({}) + total_size ({}) exceeds buffer bank size ({})", descriptor.address_offset,
               total_size_, max_size_);
      max_size_ -= descriptor.address_offset;
    }
  }
  auto add = [&](const CBFormatDescriptor& f, std::unordered_set<uint8_t>& kind) {
    check_index(f.buffer_index);
    TT_FATAL(f.page_size != 0 && total_size_ % f.page_size == 0,
             "Total circular buffer size {} B must be divisible by page size {} B", total_size_, f.page_size);
    TT_FATAL(!f.face_geometry || *f.face_geometry == FaceGeometry{},
             "Circular buffer index {}: the emulator unpacks whole 32x32 tiles' faces; face geometry {}x{} faces is "
             "not supported",
             f.buffer_index, f.face_geometry ? f.face_geometry->face_r_dim : 0,
             f.face_geometry ? f.face_geometry->num_faces : 0);
    data_formats_[f.buffer_index] = f.data_format;
    page_sizes_[f.buffer_index] = f.page_size;
    if (f.tile) tiles_[f.buffer_index] = Tile({f.tile->height, f.tile->width}, f.tile->transpose);
    buffer_indices_.insert(f.buffer_index);
    kind.insert(f.buffer_index);
  };
  for (const CBFormatDescriptor& f : descriptor.format_descriptors) add(f, local_buffer_indices_);
  for (const CBFormatDescriptor& f : descriptor.remote_format_descriptors) add(f, remote_buffer_indices_);
}

Program::Program(const ProgramDescriptor& descriptor) : Program() {
  for (const CBDescriptor& cb : descriptor.cbs) {
    TT_FATAL(cb.global_circular_buffer == nullptr, "GlobalCircularBuffers are not emulated");
    CreateCircularBuffer(*this, cb.core_ranges, CircularBufferConfig(cb));
  }
  for (const SemaphoreDescriptor& s : descriptor.semaphores) add_semaphore(*this, s);
  for (const KernelDescriptor& kd : descriptor.kernels) {
    const auto config = kernel_config(kd);
    const KernelHandle kernel = kd.source_type == KernelDescriptor::SourceType::FILE_PATH
                                    ? CreateKernel(*this, kd.kernel_source, kd.core_ranges, config)
                                    : CreateKernelFromString(*this, kd.kernel_source, kd.core_ranges, config);
    for (const auto& [core, args] : kd.runtime_args) SetRuntimeArgs(*this, kernel, core, args);
    SetCommonRuntimeArgs(*this, kernel, kd.common_runtime_args);
  }
}

std::optional<uint32_t> ProgramDescriptor::find_available_semaphore_id(const CoreCoord& core,
                                                                       CoreType core_type) const {
  std::bitset<zyxtt::limits::kMaxSemaphores> used;
  for (const SemaphoreDescriptor& s : semaphores)
    if (s.core_type == core_type && s.core_ranges.contains(core) && s.id < used.size()) used.set(s.id);
  for (uint32_t id = 0; id < used.size(); ++id)
    if (!used.test(id)) return id;
  return std::nullopt;
}

ProgramDescriptor merge_program_descriptors(const std::vector<ProgramDescriptor>& descriptors) {
  if (descriptors.empty()) return {};
  if (descriptors.size() == 1) return descriptors[0];
  // Kernels of one descriptor may share cores (a reader, a writer, compute);
  // kernels of two may not.
  auto ranges_of = [](const ProgramDescriptor& d) {
    std::vector<CoreRange> out;
    for (const KernelDescriptor& k : d.kernels) out.insert(out.end(), k.core_ranges.ranges().begin(), k.core_ranges.ranges().end());
    return out;
  };
  for (size_t i = 0; i < descriptors.size(); ++i)
    for (size_t j = i + 1; j < descriptors.size(); ++j)
      for (const CoreRange& a : ranges_of(descriptors[i]))
        for (const CoreRange& b : ranges_of(descriptors[j]))
          TT_FATAL(!a.intersects(b),
                   "Cannot merge ProgramDescriptors with overlapping kernel core ranges between descriptor {} and {}. "
                   "Ensure that each descriptor operates on a distinct set of cores.",
                   i, j);
  ProgramDescriptor merged = descriptors[0];
  for (size_t i = 1; i < descriptors.size(); ++i) {
    merged.kernels.insert(merged.kernels.end(), descriptors[i].kernels.begin(), descriptors[i].kernels.end());
    merged.semaphores.insert(merged.semaphores.end(), descriptors[i].semaphores.begin(), descriptors[i].semaphores.end());
    merged.cbs.insert(merged.cbs.end(), descriptors[i].cbs.begin(), descriptors[i].cbs.end());
  }
  merged.custom_program_hash = std::nullopt;  // it was the first descriptor's alone
  return merged;
}

void apply_descriptor_runtime_args(Program& program, const ProgramDescriptor& desc) {
  for (uint32_t k = 0; k < desc.kernels.size(); ++k) {
    const KernelDescriptor& kernel = desc.kernels[k];
    // In place: the program's args were set when it was built from a descriptor of this shape.
    for (const auto& [core, args] : kernel.runtime_args) {
      RuntimeArgsData& live = GetRuntimeArgs(program, k, core);
      for (size_t i = 0; i < args.size(); ++i) live[i] = args[i];
    }
    if (!kernel.common_runtime_args.empty()) {
      RuntimeArgsData& live = GetCommonRuntimeArgs(program, k);
      for (size_t i = 0; i < kernel.common_runtime_args.size(); ++i) live[i] = kernel.common_runtime_args[i];
    }
  }
  const auto cbs = program.circular_buffers();
  for (size_t i = 0; i < desc.cbs.size(); ++i) {
    if (const Buffer* backing = cb_backing(desc.cbs[i]))
      UpdateDynamicCircularBufferAddress(program, cbs.at(i)->id(), *backing, desc.cbs[i].address_offset);
  }
}

void KernelDescriptor::emplace_runtime_args(const CoreCoord& core, std::initializer_list<uint32_t> args) {
  runtime_args.emplace_back(core, CoreRuntimeArgs(args));
}
void KernelDescriptor::emplace_runtime_args(const CoreCoord& core,
                                            std::initializer_list<std::variant<uint32_t, Buffer*>> args) {
  emplace_core(*this, core, args);
}
void KernelDescriptor::emplace_runtime_args(
    const CoreCoord& core, std::initializer_list<std::variant<uint32_t, std::reference_wrapper<const MeshTensor>>> args) {
  emplace_core(*this, core, args);
}
void KernelDescriptor::emplace_runtime_args(const CoreCoord& core, const RTArgList& args) {
  emplace_core(*this, core, args.items_);
}
void KernelDescriptor::emplace_runtime_args(
    const CoreCoord& core, const std::vector<std::variant<uint32_t, std::reference_wrapper<const MeshTensor>>>& args) {
  emplace_core(*this, core, args);
}
void KernelDescriptor::emplace_runtime_args(const CoreCoord& core,
                                            const std::vector<std::variant<uint32_t, Buffer*>>& args) {
  emplace_core(*this, core, args);
}

void KernelDescriptor::emplace_common_runtime_args(std::initializer_list<uint32_t> args) {
  common_runtime_args.insert(common_runtime_args.end(), args.begin(), args.end());
}
void KernelDescriptor::emplace_common_runtime_args(
    std::initializer_list<std::variant<uint32_t, std::reference_wrapper<const MeshTensor>>> args) {
  emplace_common(*this, args);
}
void KernelDescriptor::emplace_common_runtime_args(std::initializer_list<std::variant<uint32_t, Buffer*>> args) {
  emplace_common(*this, args);
}
void KernelDescriptor::emplace_common_runtime_args(const RTArgList& args) { emplace_common(*this, args.items_); }

}  // namespace tt::tt_metal

namespace {

using ttsl::hash::hash_objects;
using ttsl::hash::hash_t;
using namespace tt::tt_metal;

hash_t hash_config(const KernelDescriptor::ConfigDescriptor& config) {
  return std::visit(
      Overloaded{[](const ReaderConfigDescriptor&) -> hash_t { return 0; },
                 [](const WriterConfigDescriptor&) -> hash_t { return 0; },
                 [](const DataMovementConfigDescriptor& d) -> hash_t {
                   return hash_objects(0, d.processor, d.noc, d.noc_mode);
                 },
                 [](const ComputeConfigDescriptor& c) -> hash_t {
                   return hash_objects(0, c.math_fidelity, c.fp32_dest_acc_en, c.dst_full_sync_en,
                                       c.unpack_to_dest_mode, c.bfp8_pack_precise, c.math_approx_mode);
                 }},
      config);
}

hash_t hash_kernel(const KernelDescriptor& k) {
  std::vector<std::string> includes;
  for (const auto& p : k.compiler_include_paths) includes.push_back(p.string());
  return ttsl::hash::hash_objects_with_default_seed(
      k.kernel_source, k.source_type, k.core_ranges, k.compile_time_args, k.named_compile_time_args, k.defines,
      k.opt_level, includes, k.common_runtime_args.size(), k.runtime_args.size(), k.config.index(),
      hash_config(k.config));
}

hash_t hash_formats(const CBDescriptor::FormatDescriptors& formats) {
  hash_t h = formats.size();
  for (const CBFormatDescriptor& f : formats)
    h = hash_objects(h, f.buffer_index, f.data_format, f.page_size, f.tile, f.face_geometry);
  return h;
}

hash_t hash_cb(const CBDescriptor& cb) {
  // Where it is placed (the buffer's address) is not its shape; whether it is placed is.
  return hash_objects(cb.core_ranges.size(), cb.core_ranges, hash_formats(cb.format_descriptors),
                      hash_formats(cb.remote_format_descriptors), cb.buffer != nullptr,
                      cb.global_circular_buffer != nullptr);
}

}  // namespace

std::size_t std::hash<tt::tt_metal::TileDescriptor>::operator()(const tt::tt_metal::TileDescriptor& t) const noexcept {
  return ttsl::hash::hash_objects_with_default_seed(t.height, t.width, t.transpose);
}

std::size_t std::hash<tt::tt_metal::ProgramDescriptor>::operator()(
    const tt::tt_metal::ProgramDescriptor& d) const noexcept {
  if (d.custom_program_hash) return *d.custom_program_hash;
  hash_t h = 0;
  for (const KernelDescriptor& k : d.kernels) h = hash_objects(h, hash_kernel(k));
  for (const CBDescriptor& cb : d.cbs) h = hash_objects(h, hash_cb(cb));
  for (const SemaphoreDescriptor& s : d.semaphores) h = hash_objects(h, s.core_ranges, s.core_type, s.initial_value);
  return h;
}
