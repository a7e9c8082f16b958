// The program model's Programs on the card: kernels, circular buffers and
// semaphores created once per run signature, runtime args updated per run.
#include <tt-metalium/circular_buffer_constants.h>
#include <tt-metalium/tt_metal.hpp>

#include <map>

#include "device/metal/card_impl.h"

namespace zyxtt::metal {

namespace tm = tt::tt_metal;

namespace {

tm::CoreRangeSet core_set(const program::CoreRangeSet& set) {
  std::vector<tm::CoreRange> out;
  for (const program::CoreRange& r : set.ranges)
    out.emplace_back(tm::CoreCoord{r.start.x, r.start.y}, tm::CoreCoord{r.end.x, r.end.y});
  return tm::CoreRangeSet(std::move(out));
}

// Members that not every TT-Metalium version has (metal-headers.md).
template <typename Config>
void set_named_args(Config& config, const program::KernelSpec& kernel) {
  if constexpr (requires { config.named_compile_args; }) {
    for (const auto& [name, value] : kernel.named_compile_args) config.named_compile_args[name] = value;
  } else if (!kernel.named_compile_args.empty()) {
    throw Error(Code::kUnimplemented,
                kernel.name + ": this TT-Metalium has no named compile-time args (0.62 or newer has them)");
  }
}

template <typename Config>
void set_include_paths(Config& config, const program::KernelSpec& kernel) {
  if constexpr (requires { config.compiler_include_paths; }) {
    for (const std::string& dir : kernel.include_dirs) config.compiler_include_paths.emplace_back(dir);
  } else if (!kernel.include_dirs.empty()) {
    throw Error(Code::kUnimplemented,
                kernel.name + ": this TT-Metalium has no compiler_include_paths for extra include folders (0.72 "
                "or newer has them)");
  }
}

tm::KernelHandle create_kernel(tm::Program& program, const program::KernelSpec& k) {
  const tm::CoreRangeSet cores = core_set(k.cores);
  if (k.processor == program::Processor::kCompute) {
    const program::ComputeSettings& c = k.compute;
    tm::ComputeConfig config;
    config.math_fidelity = static_cast<tm::MathFidelity>(c.math_fidelity);  // the same values
    config.fp32_dest_acc_en = c.fp32_dest_acc;
    config.dst_full_sync_en = c.dst_full_sync;
    config.math_approx_mode = c.math_approx_mode;
    if (!c.unpack_to_dest.empty()) {
      config.unpack_to_dest_mode.assign(NUM_CIRCULAR_BUFFERS, tm::UnpackToDestMode::Default);
      for (uint32_t cb : c.unpack_to_dest) config.unpack_to_dest_mode.at(cb) = tm::UnpackToDestMode::UnpackToDestFp32;
    }
    config.compile_args = k.compile_args;
    config.defines = k.defines;
    set_named_args(config, k);
    set_include_paths(config, k);
    return tm::CreateKernelFromString(program, k.source, cores, config);
  }
  tm::DataMovementConfig config;
  config.processor = k.processor == program::Processor::kRiscv0 ? tm::DataMovementProcessor::RISCV_0
                                                                : tm::DataMovementProcessor::RISCV_1;
  config.noc = k.noc == 0 ? tm::NOC::NOC_0 : tm::NOC::NOC_1;
  config.compile_args = k.compile_args;
  config.defines = k.defines;
  set_named_args(config, k);
  set_include_paths(config, k);
  return tm::CreateKernelFromString(program, k.source, cores, config);
}

// One Program in a MeshWorkload, with its kernels' handles.
struct Built {
  dist::MeshWorkload workload;
  tm::Program* program = nullptr;
  std::vector<tm::KernelHandle> kernels;
};

class MetalProgram final : public CardProgram {
 public:
  MetalProgram(MetalCard& card, CardProgramSpec spec) : card_(card), spec_(std::move(spec)) {
    // Built now so that compile errors answer compile_program; kept for the
    // first run signature.
    first_ = make();
    translating(Code::kInvalidArgument, "compiling the kernels",
                [&] { tm::detail::CompileProgram(&card_.mesh(), first_->program_storage); });
  }

  void run(const std::vector<program::KernelRunArgs>& args, const std::string& what) override {
    card_.check_usable();
    Built& built = for_signature(args);
    translating(Code::kInvalidArgument, what, [&] {
      for (size_t k = 0; k < args.size() && k < built.kernels.size(); ++k) {
        // Every core of a kernel in one call.
        std::vector<tm::CoreCoord> cores;
        std::vector<std::vector<uint32_t>> values;
        for (const auto& [core, core_args] : args[k].per_core) {
          cores.emplace_back(core.x, core.y);
          values.push_back(core_args);
        }
        if (!cores.empty()) tm::SetRuntimeArgs(*built.program, built.kernels[k], cores, values);
        if (!args[k].common.empty()) tm::SetCommonRuntimeArgs(*built.program, built.kernels[k], args[k].common);
      }
    });
    dist::MeshCommandQueue& queue = card_.queue();
    card_.launch_and_finish(what, [&queue, &built] { dist::EnqueueMeshWorkload(queue, built.workload, false); });
  }

  size_t programs_built() const override { return built_.size() + (first_ ? 1 : 0); }

 private:
  // A Program not yet in a workload.
  struct Fresh {
    tm::Program program_storage;
    std::vector<tm::KernelHandle> kernels;
  };

  std::unique_ptr<Fresh> make() {
    return translating(Code::kInvalidArgument, "creating the program", [&] {
      auto fresh = std::make_unique<Fresh>(Fresh{tm::CreateProgram(), {}});
      tm::Program& program = fresh->program_storage;
      for (const program::KernelSpec& k : spec_.kernels) fresh->kernels.push_back(create_kernel(program, k));
      for (const CardCircularBuffer& cb : spec_.circular_buffers) {
        std::map<uint8_t, tt::DataFormat> formats;
        for (const CardCbIndex& i : cb.indices) formats[static_cast<uint8_t>(i.index)] = static_cast<tt::DataFormat>(i.format);
        tm::CircularBufferConfig config(cb.total_size, formats);
        for (const CardCbIndex& i : cb.indices) {
          config.set_page_size(static_cast<uint8_t>(i.index), i.page_size);
          if (i.tile_rows != 32 || i.tile_cols != 32)
            config.set_tile_dims(static_cast<uint8_t>(i.index), tm::Tile({i.tile_rows, i.tile_cols}));
        }
        tm::CreateCircularBuffer(program, core_set(cb.cores), config);
      }
      for (const program::SemaphoreSpec& s : spec_.semaphores) {
        const uint32_t id = tm::CreateSemaphore(program, core_set(s.cores), s.initial_value);
        if (id != s.id) {
          throw Error(Code::kInvalidArgument, "semaphore " + std::to_string(s.id) + " became semaphore " +
                                                  std::to_string(id) +
                                                  " on the card: semaphores must be numbered in creation order");
        }
      }
      return fresh;
    });
  }

  static std::vector<uint32_t> signature(const std::vector<program::KernelRunArgs>& args) {
    std::vector<uint32_t> key;
    for (const program::KernelRunArgs& k : args) {
      key.push_back(static_cast<uint32_t>(k.per_core.size()));
      for (const auto& [c, core_args] : k.per_core)
        key.insert(key.end(), {c.x, c.y, static_cast<uint32_t>(core_args.size())});
      key.push_back(static_cast<uint32_t>(k.common.size()));
    }
    return key;
  }

  Built& for_signature(const std::vector<program::KernelRunArgs>& args) {
    std::vector<uint32_t> key = signature(args);
    if (auto it = built_.find(key); it != built_.end()) return *it->second;
    std::unique_ptr<Fresh> fresh = first_ ? std::move(first_) : make();
    auto built = std::make_unique<Built>();
    translating(Code::kInternal, "placing the program on the card", [&] {
      built->workload.add_program(dist::MeshCoordinateRange(card_.mesh().shape()), std::move(fresh->program_storage));
      built->program = &built->workload.get_programs().begin()->second;
    });
    built->kernels = std::move(fresh->kernels);
    Built& placed = *built_.emplace(std::move(key), std::move(built)).first->second;
    card_.log(1, "built a Program for a new run signature (" + std::to_string(built_.size()) + " for this program)");
    return placed;
  }

  MetalCard& card_;
  CardProgramSpec spec_;
  std::unique_ptr<Fresh> first_;
  std::map<std::vector<uint32_t>, std::unique_ptr<Built>> built_;
};

}  // namespace

std::unique_ptr<CardProgram> MetalCard::build(const CardProgramSpec& spec) {
  check_usable();
  return std::make_unique<MetalProgram>(*this, spec);
}

}  // namespace zyxtt::metal
