// Typed commands of the wire protocol (reference/protocol.md) and the parser
// that turns one JSON line into one of them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "zyxtt/cb_format.h"

namespace zyxtt::protocol {

using zyxtt::CbFormat;

struct CbConfig {
  uint32_t index = 0;
  CbFormat format = CbFormat::kFloat32;
  uint32_t tile_bytes = 0;
  uint32_t pages = 2;  // cb_nt (V3); V1 means 2
  bool operator==(const CbConfig&) const = default;
};

// The kernels' three sections, in the order the protocol lists their params.
enum class Section : uint32_t { kReader = 0, kCompute = 1, kWriter = 2 };
inline constexpr uint32_t kSections = 3;

// V2: the kernel's parameters (inputs, Variables, outputs by global ordinal)
// and, per section, the ordinals it uses, ascending.
struct ParamLayout {
  uint32_t n_params = 0;
  std::vector<uint32_t> sections[kSections];
  bool operator==(const ParamLayout&) const = default;
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
  std::optional<ParamLayout> params;  // V2: present with n_params
  std::optional<bool> fp32_dest_acc;  // V2.5: absent means as V1
};
struct Run {
  uint32_t id = 0;
  uint32_t gd0 = 0;
  uint32_t gd1 = 0;
  std::vector<uint32_t> srcs;
  std::vector<uint32_t> dsts;
  // V2: Variable values by ordinal (vord{i}, vval{i}); absent without n_vars.
  std::optional<std::vector<std::pair<uint32_t, uint32_t>>> vars;
};
// zyx V3: the worker grid's rows and columns.
struct Grid {};
struct Exit {};

using Command = std::variant<Init, AllocBuf, FreeBuf, WriteBuf, ReadBuf, CompileProgram, Run, Grid, Exit>;

// Largest source the runtime accepts per kernel.
inline constexpr uint64_t kMaxSourceBytes = 16ull << 20;
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
