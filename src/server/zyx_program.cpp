#include "server/zyx_program.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <regex>
#include <tuple>

#include "common/error.h"

namespace zyxtt::server {
namespace {

using protocol::Section;

constexpr const char* kSectionNames[protocol::kSections] = {"reader", "compute", "writer"};

bool blank(const std::string& source) { return source.find_first_not_of(" \t\r\n") == std::string::npos; }

bool reads_compile_args(const std::string& source) {
  for (const char* word : {"TensorAccessorArgs", "compile_time_arg", "KERNEL_COMPILE_TIME_ARG"})
    if (source.find(word) != std::string::npos) return true;
  return false;
}

// Compute gets no compile-time args (zyx-newer-protocol.md).
uint32_t effective_buffers(const ZyxProgram& zyx, uint32_t section, uint32_t buffers) {
  return section == uint32_t(Section::kCompute) || !reads_compile_args(zyx.sources[section]) ? 0 : buffers;
}

bool fp32_dest(const ZyxProgram& zyx) { return zyx.fp32_dest_acc.value_or(true); }

program::CoreRangeSet grid(const ZyxShape& shape) {
  return program::CoreRangeSet{{program::CoreRange{{0, 0}, {shape.cols - 1, shape.rows - 1}}}};
}

}  // namespace

uint32_t guess_buffer_count(const std::string& source) {
  // Chained args (TensorAccessorArgs<prev.next_compile_time_args_offset()>, as
  // tt-metal's examples write them) carry no literal offset, so every mention
  // also counts as one buffer: guessing high costs one rebuild at the first
  // run, guessing low fails compile_program for a valid kernel.
  static const std::regex pattern(R"(TensorAccessorArgs\s*<\s*(\d+)\s*[,>])");
  static const std::regex mention(R"(TensorAccessorArgs\s*<)");
  int highest = -1;
  for (auto it = std::sregex_iterator(source.begin(), source.end(), pattern); it != std::sregex_iterator(); ++it)
    highest = std::max(highest, std::stoi((*it)[1]));
  const auto mentions = std::distance(std::sregex_iterator(source.begin(), source.end(), mention), std::sregex_iterator());
  return std::max(highest < 0 ? 0u : static_cast<uint32_t>(highest / 2 + 1), static_cast<uint32_t>(mentions));
}

tt::DataFormat data_format_of(CbFormat format) {
  switch (format) {
    case CbFormat::kFloat32: return tt::DataFormat::Float32;
    case CbFormat::kFloat16: return tt::DataFormat::Float16;
    case CbFormat::kFloat16_b: return tt::DataFormat::Float16_b;
    case CbFormat::kUInt16: return tt::DataFormat::UInt16;
    case CbFormat::kFp8_e4m3: return tt::DataFormat::Fp8_e4m3;
    case CbFormat::kUInt8: return tt::DataFormat::UInt8;
    case CbFormat::kInt8: return tt::DataFormat::Int8;
    case CbFormat::kUInt32: return tt::DataFormat::UInt32;
    case CbFormat::kInt32: return tt::DataFormat::Int32;
  }
  return tt::DataFormat::Invalid;
}

program::BufferSpec dram_buffer(uint64_t bytes, const DeviceCapabilities& caps) {
  program::BufferSpec spec;
  spec.size = bytes;
  spec.page_size = kZyxPageBytes;
  spec.memory = program::MemoryKind::kDram;
  return spec;
}

ZyxShape compile_shape(const ZyxProgram& zyx) {
  ZyxShape shape;
  for (uint32_t s = 0; s < protocol::kSections; ++s)
    shape.accessor_buffers[s] = effective_buffers(zyx, s, guess_buffer_count(zyx.sources[s]));
  return shape;
}

ZyxShape run_shape(const ZyxProgram& zyx, const protocol::Run& run,
                   const std::array<ZyxSectionArgs, protocol::kSections>& args) {
  ZyxShape shape;
  shape.rows = run.gd0;
  shape.cols = run.gd1;
  for (uint32_t s = 0; s < protocol::kSections; ++s)
    shape.accessor_buffers[s] = effective_buffers(zyx, s, args[s].accessor_buffers);
  return shape;
}

program::Program to_model(const ZyxProgram& zyx, const ZyxShape& shape, const DeviceCapabilities& caps) {
  program::Program p;
  const program::CoreRangeSet cores = grid(shape);
  for (uint32_t s = 0; s < protocol::kSections; ++s) {
    if (blank(zyx.sources[s])) continue;
    program::KernelSpec k;
    k.name = kSectionNames[s];
    k.source = zyx.sources[s];
    k.cores = cores;
    switch (Section(s)) {
      case Section::kReader: k.processor = program::Processor::kRiscv0, k.noc = 0; break;
      case Section::kWriter: k.processor = program::Processor::kRiscv1, k.noc = 1; break;
      case Section::kCompute: k.processor = program::Processor::kCompute; break;
    }
    // TensorAccessorArgs of an interleaved DRAM buffer: its config word, then
    // its aligned page size.
    for (uint32_t b = 0; b < shape.accessor_buffers[s]; ++b)
      k.compile_args.insert(k.compile_args.end(), {0x2u, kZyxPageBytes});
    if (Section(s) == Section::kCompute) {
      k.compute.fp32_dest_acc = fp32_dest(zyx);
      for (const protocol::CbConfig& cb : zyx.cbs)
        if (fp32_dest(zyx) && cb.format == CbFormat::kFloat32) k.compute.unpack_to_dest.push_back(cb.index);
    }
    p.kernels.push_back(std::move(k));
  }
  for (const protocol::CbConfig& cb : zyx.cbs) {
    program::CircularBufferSpec spec;
    spec.cores = cores;
    spec.total_size = cb.tile_bytes * cb.pages;
    spec.indices.push_back(program::CbIndexSpec{cb.index, data_format_of(cb.format), cb.tile_bytes});
    p.circular_buffers.push_back(std::move(spec));
  }
  return p;
}

void check_v1_buffer_counts(const protocol::Run& run, const DeviceCapabilities& caps) {
  if (run.vars) return;
  for (const auto& [list, prefix, role] :
       {std::tuple{&run.srcs, "src", "reader"}, std::tuple{&run.dsts, "dst", "writer"}}) {
    if (list->size() + 2 > caps.max_runtime_args) {
      throw Error(Code::kOutOfRange,
                  fmt::format("run: {} {} buffers give the {} {} runtime args (one address each, then row and "
                              "column); a kernel takes at most {}, so at most {} {} buffers",
                              list->size(), prefix, role, list->size() + 2, caps.max_runtime_args, caps.max_runtime_args - 2,
                              prefix));
    }
  }
}

void check_run_args(const ZyxProgram& zyx, const std::array<ZyxSectionArgs, protocol::kSections>& args,
                    const DeviceCapabilities& caps) {
  for (uint32_t s = 0; s < protocol::kSections; ++s) {
    if (blank(zyx.sources[s])) continue;
    const ZyxSectionArgs& a = args[s];
    if (a.runtime.size() + (a.coords ? 2 : 0) > caps.max_runtime_args) {
      throw Error(Code::kOutOfRange,
                  fmt::format("run: the {} kernel would get {} runtime args before its row and column; a kernel "
                              "takes at most {} in all, so at most {} buffers and variables",
                              kSectionNames[s], a.runtime.size(), caps.max_runtime_args, caps.max_runtime_args - 2));
    }
  }
}

void fill_model_run(const ZyxProgram& zyx, const ZyxShape& shape,
                    const std::array<ZyxSectionArgs, protocol::kSections>& args, const DeviceCapabilities& caps,
                    program::Run& run) {
  size_t kernel = 0;
  for (uint32_t s = 0; s < protocol::kSections; ++s) {
    if (blank(zyx.sources[s])) continue;
    const ZyxSectionArgs& a = args[s];
    const size_t n = a.runtime.size() + (a.coords ? 2 : 0);
    if (run.kernels.size() <= kernel) run.kernels.emplace_back();
    std::map<program::Core, std::vector<uint32_t>>& per_core = run.kernels[kernel++].per_core;
    if (per_core.size() != uint64_t{shape.rows} * shape.cols) {
      per_core.clear();
      // x outer: the map's order, so every insert goes at its end.
      for (uint32_t x = 0; x < shape.cols; ++x)
        for (uint32_t y = 0; y < shape.rows; ++y) per_core.emplace_hint(per_core.end(), program::Core{x, y}, n);
    }
    for (auto& [core, values] : per_core) {
      values.resize(n);  // in place: the map and its vectors are kept from run to run
      std::copy(a.runtime.begin(), a.runtime.end(), values.begin());
      if (a.coords) values[n - 2] = core.y, values[n - 1] = core.x;
    }
  }
  run.kernels.resize(kernel);
}

}  // namespace zyxtt::server
