// tt-metal's program descriptors: a whole program (kernels with their args,
// circular buffers, semaphores) as plain values, from which Program's
// constructor builds the program; ttnn's generic op and descriptor-built op
// factories describe their programs this way.
#pragma once

#include <tt-metalium/detail/std_surface.hpp>

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include <tt-metalium/circular_buffer_constants.h>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/face_geometry.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>
#include <tt_stl/small_vector.hpp>
#include <umd/device/types/core_coordinates.hpp>

namespace tt::tt_metal {

struct Tile;
class Buffer;
class Program;
class MeshTensor;

namespace experimental {
class GlobalCircularBuffer;
}  // namespace experimental

struct TileDescriptor {
  TileDescriptor() = default;
  TileDescriptor(const Tile& tile);
  TileDescriptor(uint32_t height, uint32_t width, bool transpose) : height(height), width(width), transpose(transpose) {}

  uint32_t height = constants::TILE_HEIGHT;
  uint32_t width = constants::TILE_WIDTH;
  bool transpose = false;  // of faces

  bool operator==(const TileDescriptor& other) const {
    return height == other.height && width == other.width && transpose == other.transpose;
  }
};

// One CB index of a circular buffer.
struct CBFormatDescriptor {
  uint8_t buffer_index = 0;
  tt::DataFormat data_format = tt::DataFormat::Float32;
  uint32_t page_size = 0;
  std::optional<TileDescriptor> tile;
  std::optional<FaceGeometry> face_geometry;
};

// A circular buffer; placed in L1 by the program unless `buffer` or `tensor`
// (at most one) holds it, at their address plus address_offset.
struct CBDescriptor {
  using FormatDescriptors = ttsl::SmallVector<CBFormatDescriptor, 1>;

  uint32_t total_size = 0;
  CoreRangeSet core_ranges;
  FormatDescriptors format_descriptors;
  FormatDescriptors remote_format_descriptors;

  Buffer* buffer = nullptr;
  const MeshTensor* tensor = nullptr;
  uint32_t address_offset = 0;
  const experimental::GlobalCircularBuffer* global_circular_buffer = nullptr;
};

struct SemaphoreDescriptor {
  uint32_t id{};
  CoreType core_type = CoreType::WORKER;
  CoreRangeSet core_ranges;
  uint32_t initial_value = 0;
};

// A kernel's processor config: a reader (RISCV_1 on NOC 1's default), a
// writer (RISCV_0), a data movement kernel as configured, or compute.
struct ReaderConfigDescriptor {};
struct WriterConfigDescriptor {};
struct DataMovementConfigDescriptor {
  DataMovementProcessor processor = DataMovementProcessor::RISCV_0;
  NOC noc = NOC::RISCV_0_default;
  NOC_MODE noc_mode = NOC_MODE::DM_DEDICATED_NOC;
};
struct ComputeConfigDescriptor {
  using UnpackToDestModes = std::vector<UnpackToDestMode>;

  MathFidelity math_fidelity = MathFidelity::HiFi4;
  bool fp32_dest_acc_en = false;
  bool dst_full_sync_en = false;
  UnpackToDestModes unpack_to_dest_mode;
  bool bfp8_pack_precise = false;
  bool math_approx_mode = false;
};

// A per-core runtime arg that holds `buffer`'s address (patched when the
// program is reused with other buffers: program_descriptor_patching.hpp).
struct BufferBinding {
  CoreCoord core;
  uint32_t arg_idx;
  Buffer* buffer = nullptr;
};

// The same for a common runtime arg.
struct CommonBufferBinding {
  uint32_t arg_idx;
  Buffer* buffer = nullptr;
};

struct KernelDescriptor {
  using CompileTimeArgs = std::vector<uint32_t>;
  using NamedCompileTimeArgs = std::vector<std::pair<std::string, uint32_t>>;
  using Defines = std::vector<std::pair<std::string, std::string>>;
  using IncludePaths = std::vector<std::filesystem::path>;
  using CoreRuntimeArgs = std::vector<uint32_t>;
  using RuntimeArgs = std::vector<std::pair<CoreCoord, CoreRuntimeArgs>>;
  using CommonRuntimeArgs = CoreRuntimeArgs;
  using BufferBindings = ttsl::SmallVector<BufferBinding, 4>;
  using CommonBufferBindings = ttsl::SmallVector<CommonBufferBinding, 2>;
  using ConfigDescriptor =
      std::variant<ReaderConfigDescriptor, WriterConfigDescriptor, DataMovementConfigDescriptor, ComputeConfigDescriptor>;
  enum class SourceType { FILE_PATH, SOURCE_CODE };

  std::string kernel_source;  // a file path or the source itself, as source_type says
  SourceType source_type = SourceType::FILE_PATH;

  CoreRangeSet core_ranges;
  CompileTimeArgs compile_time_args;
  NamedCompileTimeArgs named_compile_time_args;
  Defines defines;

  RuntimeArgs runtime_args;  // (core, that core's args)
  CommonRuntimeArgs common_runtime_args;

  std::optional<KernelBuildOptLevel> opt_level = std::nullopt;  // else O2 for data movement, O3 for compute

  ConfigDescriptor config;

  IncludePaths compiler_include_paths;

  // Filled by emplace_runtime_args / emplace_common_runtime_args.
  BufferBindings buffer_bindings;
  CommonBufferBindings common_buffer_bindings;

  // A core's args built one at a time: a Buffer* or MeshTensor stands for
  // its address and registers a binding.
  struct RTArgList {
    void push_back(uint32_t v) { items_.emplace_back(v); }
    void push_back(Buffer* b) { items_.emplace_back(b); }
    void push_back(const MeshTensor& t) { items_.emplace_back(t); }
    void reserve(size_t n) { items_.reserve(n); }
    void append(const std::vector<uint32_t>& v) {
      for (uint32_t x : v) items_.emplace_back(x);
    }

   private:
    std::vector<std::variant<uint32_t, Buffer*, std::reference_wrapper<const MeshTensor>>> items_;
    friend struct KernelDescriptor;
  };

  // Appends a core's args. A Buffer* puts its address and a binding at its
  // place (a null Buffer*, an absent optional input, puts 0 and no binding);
  // a MeshTensor its reference buffer's.
  void emplace_runtime_args(const CoreCoord& core, std::initializer_list<uint32_t> args);
  void emplace_runtime_args(const CoreCoord& core, std::initializer_list<std::variant<uint32_t, Buffer*>> args);
  void emplace_runtime_args(const CoreCoord& core,
                            std::initializer_list<std::variant<uint32_t, std::reference_wrapper<const MeshTensor>>> args);
  void emplace_runtime_args(const CoreCoord& core, const RTArgList& args);
  void emplace_runtime_args(const CoreCoord& core,
                            const std::vector<std::variant<uint32_t, std::reference_wrapper<const MeshTensor>>>& args);
  void emplace_runtime_args(const CoreCoord& core, const std::vector<std::variant<uint32_t, Buffer*>>& args);

  // Appends common args, the same way.
  void emplace_common_runtime_args(std::initializer_list<uint32_t> args);
  void emplace_common_runtime_args(
      std::initializer_list<std::variant<uint32_t, std::reference_wrapper<const MeshTensor>>> args);
  void emplace_common_runtime_args(std::initializer_list<std::variant<uint32_t, Buffer*>> args);
  void emplace_common_runtime_args(const RTArgList& args);
};

struct ProgramDescriptor {
  using KernelDescriptors = ttsl::SmallVector<KernelDescriptor, 3>;
  using SemaphoreDescriptors = ttsl::SmallVector<SemaphoreDescriptor, 3>;
  using CBDescriptors = ttsl::SmallVector<CBDescriptor, 5>;

  KernelDescriptors kernels;  // the program's kernel handles are their indices
  SemaphoreDescriptors semaphores;
  CBDescriptors cbs;
  std::optional<std::uint64_t> custom_program_hash;

  // The lowest semaphore id no semaphore of `core_type` on `core` uses, if any is left.
  std::optional<uint32_t> find_available_semaphore_id(const CoreCoord& core, CoreType core_type) const;
};

// One descriptor with every kernel, semaphore and CB of `descriptors`, in
// order, and no custom hash; throws if kernels of two descriptors share a core.
ProgramDescriptor merge_program_descriptors(const std::vector<ProgramDescriptor>& descriptors);

// Writes `desc`'s runtime args (per core and common) and its CBs' buffer or
// tensor addresses into `program`, built from a descriptor of the same shape.
void apply_descriptor_runtime_args(Program& program, const ProgramDescriptor& desc);

}  // namespace tt::tt_metal

template <>
struct std::hash<tt::tt_metal::TileDescriptor> {
  std::size_t operator()(const tt::tt_metal::TileDescriptor& tile_desc) const noexcept;
};

// The program's shape: kernel sources, cores, compile args, defines, configs,
// runtime arg counts (not values), CBs and semaphores; custom_program_hash
// instead when set.
template <>
struct std::hash<tt::tt_metal::ProgramDescriptor> {
  std::size_t operator()(const tt::tt_metal::ProgramDescriptor& descriptor) const noexcept;
};

template <>
struct fmt::formatter<tt::tt_metal::TileDescriptor> {
  constexpr auto parse(format_parse_context& ctx) -> format_parse_context::iterator { return ctx.end(); }
  auto format(const tt::tt_metal::TileDescriptor& t, format_context& ctx) const -> format_context::iterator {
    return fmt::format_to(ctx.out(), "TileDescriptor({}x{}{})", t.height, t.width, t.transpose ? ",T" : "");
  }
};
