// zyx's programs as special cases of the program model
// (reference/protocol.md, zyx-newer-protocol.md): a reader on RISCV_0 / NOC 0,
// a compute kernel and a writer on RISCV_1 / NOC 1, all on the gd0 x gd1
// rectangle; reader and writer get TensorAccessorArgs of their DRAM buffers
// as compile-time args and [args..., row, col] as runtime args on each core.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "device/device.h"
#include "program/program.h"
#include "protocol/command.h"
#include "server/kernel_args.h"

namespace zyxtt::server {

// zyx's interleaved DRAM buffers are laid out in pages of this many bytes.
inline constexpr uint32_t kZyxPageBytes = 4096;
// Throws Error(OUT_OF_RANGE) when a V1 run lists more srcs (or dsts) than
// its reader's (writer's) args hold: each address, then row and column, at
// most caps.max_runtime_args. Checked before any buffer is looked up. A V2
// run (n_vars) gives each kernel its section's parameters only;
// check_run_args bounds those.
void check_v1_buffer_counts(const protocol::Run& run, const DeviceCapabilities& caps);

struct ZyxProgram {
  std::array<std::string, protocol::kSections> sources;  // by protocol::Section; blank: no kernel
  std::vector<protocol::CbConfig> cbs;
  std::optional<bool> fp32_dest_acc;  // absent: as V1 ran (fp32 DST, Float32 CBs unpack to DST)
  std::optional<protocol::ParamLayout> params;
  bool operator==(const ZyxProgram&) const = default;
};

// What a program's model depends on beyond its sources: the grid and, per
// section, the TensorAccessorArgs buffer count its objects are built for.
struct ZyxShape {
  uint32_t rows = 1;  // gd0
  uint32_t cols = 1;  // gd1
  std::array<uint32_t, protocol::kSections> accessor_buffers{};
  auto operator<=>(const ZyxShape&) const = default;
};

// The shape compile_program builds for, so that compile errors surface there:
// one core, and the buffer counts the reader's and writer's sources suggest.
ZyxShape compile_shape(const ZyxProgram& zyx);
// The shape of a run; sections whose source never reads compile-time args
// get 0 (their object is the same for any count, so it is built once).
ZyxShape run_shape(const ZyxProgram& zyx, const protocol::Run& run,
                   const std::array<ZyxSectionArgs, protocol::kSections>& args);

program::Program to_model(const ZyxProgram& zyx, const ZyxShape& shape, const DeviceCapabilities& caps);
// Throws Error(OUT_OF_RANGE) when a kernel's args with row and column exceed
// what a kernel may take; checked before anything is built for the run.
void check_run_args(const ZyxProgram& zyx, const std::array<ZyxSectionArgs, protocol::kSections>& args,
                    const DeviceCapabilities& caps);
// Writes a run's args (checked) into `run`, reusing its storage when it last
// held a run of the same shape (a run then allocates nothing per core).
void fill_model_run(const ZyxProgram& zyx, const ZyxShape& shape,
                    const std::array<ZyxSectionArgs, protocol::kSections>& args, const DeviceCapabilities& caps,
                    program::Run& run);

// An interleaved DRAM buffer of zyx's pages.
program::BufferSpec dram_buffer(uint64_t bytes, const DeviceCapabilities& caps);
tt::DataFormat data_format_of(CbFormat format);

// Buffer count a reader or writer source expects: one past the largest
// TensorAccessorArgs<N> offset, divided by two (zyx uses 2*i); 0 if none.
uint32_t guess_buffer_count(const std::string& source);

}  // namespace zyxtt::server
