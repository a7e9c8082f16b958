// Typed commands of the wire protocol (reference/protocol.md) and the parser
// that turns one JSON line into one of them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "zyxtt/cb_format.h"

namespace zyxtt::protocol {

using zyxtt::CbFormat;

struct CbConfig {
  uint32_t index = 0;
  CbFormat format = CbFormat::kFloat32;
  uint32_t tile_bytes = 0;
};

struct Init {
  std::optional<std::string> cache_dir;
};
struct AllocBuf {
  uint64_t size = 0;
  uint64_t tile_bytes = 0;
};
struct FreeBuf {
  uint32_t index = 0;
};
struct WriteBuf {
  uint32_t index = 0;
  std::string shm_path;
  uint64_t size = 0;
};
struct ReadBuf {
  uint32_t index = 0;
  std::string shm_path;
  uint64_t size = 0;
};
// The three sources follow the line as raw bytes; the server reads them.
struct CompileProgram {
  uint32_t id = 0;
  uint64_t reader_len = 0;
  uint64_t compute_len = 0;
  uint64_t writer_len = 0;
  std::vector<CbConfig> cbs;
};
struct Run {
  uint32_t id = 0;
  uint32_t gd0 = 0;
  uint32_t gd1 = 0;
  std::vector<uint32_t> srcs;
  std::vector<uint32_t> dsts;
};
// zyx V3: the worker grid's rows and columns.
struct Grid {};
struct Exit {};

using Command = std::variant<Init, AllocBuf, FreeBuf, WriteBuf, ReadBuf, CompileProgram, Run, Grid, Exit>;

// Largest source the runtime accepts per kernel.
inline constexpr uint64_t kMaxSourceBytes = 16ull << 20;
// Runtime args one kernel may take per core (tt-metal's limit): a run's
// reader gets each src address, then row and column; the writer each dst.
inline constexpr uint32_t kMaxKernelArgs = 341;
// Most circular buffers a program may configure (cb_idx < 32).
inline constexpr uint32_t kMaxCircularBuffers = 32;

// Parses one command line (without its newline). Throws Error with
// INVALID_ARGUMENT, OUT_OF_RANGE or UNIMPLEMENTED (unknown cmd).
Command parse_command(std::string_view line);

// True when `line` is, within the bounds of line_bounds.h, a JSON object
// with a string cmd field: a command, valid or not. Never throws.
bool is_command_line(std::string_view line);

// The command name for log lines and keep-alive text.
std::string_view command_name(const Command& command);

}  // namespace zyxtt::protocol
