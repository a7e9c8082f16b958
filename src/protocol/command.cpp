#include "protocol/command.h"

#include <fmt/format.h>

#include <limits>
#include <map>
#include <tuple>
#include <nlohmann/json.hpp>

#include "common/error.h"
#include "protocol/line_bounds.h"

namespace zyxtt::protocol {
namespace {

using nlohmann::json;

class Fields {
 public:
  Fields(const json& object, std::string_view cmd) : object_(object), cmd_(cmd) {}

  bool has(const std::string& key) const { return object_.contains(key); }

  uint64_t u64(const std::string& key, uint64_t max = std::numeric_limits<uint64_t>::max()) const {
    const json& value = get(key);
    if (value.is_number_integer() && !value.is_number_unsigned()) {  // negative
      throw Error(Code::kOutOfRange,
                  fmt::format("{}: '{}' is {}, expected a non-negative integer", cmd_, key, value.dump()));
    }
    if (!value.is_number_unsigned()) {
      throw Error(Code::kInvalidArgument,
                  fmt::format("{}: '{}' must be a non-negative integer, got {}", cmd_, key, describe(value)));
    }
    uint64_t n = value.get<uint64_t>();
    if (n > max) {
      throw Error(Code::kOutOfRange,
                  fmt::format("{}: '{}' is {}, expected at most {}", cmd_, key, n, max));
    }
    return n;
  }

  uint32_t u32(const std::string& key) const {
    return static_cast<uint32_t>(u64(key, std::numeric_limits<uint32_t>::max()));
  }

  std::string str(const std::string& key) const {
    const json& value = get(key);
    if (!value.is_string()) {
      throw Error(Code::kInvalidArgument,
                  fmt::format("{}: '{}' must be a string, got {}", cmd_, key, describe(value)));
    }
    return value.get<std::string>();
  }

 private:
  const json& get(const std::string& key) const {
    auto it = object_.find(key);
    if (it == object_.end()) {
      throw Error(Code::kInvalidArgument, fmt::format("{}: required field '{}' is missing", cmd_, key));
    }
    return *it;
  }

  static std::string describe(const json& value) {
    std::string text = value.dump();
    if (text.size() > 40) text = text.substr(0, 40) + "...";
    return fmt::format("{} {}", value.type_name(), text);
  }

  const json& object_;
  std::string_view cmd_;
};

CbConfig parse_cb(const Fields& f, uint32_t i) {
  CbConfig cb;
  cb.index = static_cast<uint32_t>(f.u64(fmt::format("cb_idx{}", i), kMaxCircularBuffers - 1));
  uint64_t format = f.u64(fmt::format("cb_fmt{}", i), zyxtt::kCbFormats - 1);
  cb.format = static_cast<CbFormat>(format);
  cb.tile_bytes = f.u32(fmt::format("cb_tb{}", i));
  const uint32_t expected = cb_tile_bytes(cb.format);
  if (cb.tile_bytes != expected) {
    throw Error(Code::kInvalidArgument,
                fmt::format("compile_program: cb_tb{} is {}, but a tile of format {} takes {} bytes", i,
                            cb.tile_bytes, format, expected));
  }
  const std::string pages = fmt::format("cb_nt{}", i);
  if (f.has(pages)) {
    cb.pages = f.u32(pages);
    if (cb.pages == 0) {
      throw Error(Code::kOutOfRange, fmt::format("compile_program: {} is 0; a circular buffer holds at least 1 page",
                                                 pages));
    }
  }
  return cb;
}

// V2's parameter lists: all four counts or none, each list ascending and
// below n_params, no keys past a list's count.
std::optional<ParamLayout> parse_params(const Fields& f) {
  static constexpr const char* kCounts[kSections] = {"n_reader_params", "n_compute_params", "n_writer_params"};
  static constexpr const char* kPrefixes[kSections] = {"rp", "cp", "wp"};
  bool any = f.has("n_params");
  for (const char* key : kCounts) any = any || f.has(key);
  if (!any) return std::nullopt;
  ParamLayout layout;
  layout.n_params = f.u32("n_params");
  for (uint32_t s = 0; s < kSections; ++s) {
    const uint32_t count = static_cast<uint32_t>(f.u64(kCounts[s], layout.n_params));
    std::vector<uint32_t>& list = layout.sections[s];
    for (uint32_t i = 0; i < count; ++i) {
      const std::string key = fmt::format("{}{}", kPrefixes[s], i);
      const uint32_t ordinal = f.u32(key);
      if (ordinal >= layout.n_params) {
        throw Error(Code::kOutOfRange, fmt::format("compile_program: {} is {}, but the kernel has {} parameters "
                                                   "(n_params); ordinals are 0 to {}",
                                                   key, ordinal, layout.n_params, layout.n_params - 1));
      }
      if (!list.empty() && ordinal <= list.back()) {
        throw Error(Code::kInvalidArgument,
                    fmt::format("compile_program: {} is {} after {}{} = {}; a section's ordinals must be strictly "
                                "ascending",
                                key, ordinal, kPrefixes[s], i - 1, list.back()));
      }
      list.push_back(ordinal);
    }
    const std::string extra = fmt::format("{}{}", kPrefixes[s], count);
    if (f.has(extra)) {
      throw Error(Code::kInvalidArgument, fmt::format("compile_program: {} is present but {} is {}; the count and "
                                                      "the list must match",
                                                      extra, kCounts[s], count));
    }
  }
  return layout;
}

CompileProgram parse_compile(const Fields& f) {
  CompileProgram c;
  c.id = f.u32("id");
  c.reader_len = f.u64("reader_source_len", kMaxSourceBytes);
  c.compute_len = f.u64("compute_source_len", kMaxSourceBytes);
  c.writer_len = f.u64("writer_source_len", kMaxSourceBytes);
  uint32_t n_cbs = static_cast<uint32_t>(f.u64("n_cbs", kMaxCircularBuffers));
  bool seen[kMaxCircularBuffers] = {};
  for (uint32_t i = 0; i < n_cbs; ++i) {
    CbConfig cb = parse_cb(f, i);
    if (seen[cb.index]) {
      throw Error(Code::kInvalidArgument,
                  fmt::format("compile_program: circular buffer {} is configured twice; cb_idx values must "
                              "be distinct",
                              cb.index));
    }
    seen[cb.index] = true;
    c.cbs.push_back(cb);
  }
  c.params = parse_params(f);
  if (f.has("fp32_dest_acc")) c.fp32_dest_acc = f.u64("fp32_dest_acc", 1) == 1;
  return c;
}

// srcN / dstN keys are numbered from 0 without gaps; the first missing one ends the list.
std::vector<uint32_t> parse_indexed(const Fields& f, std::string_view prefix) {
  std::vector<uint32_t> out;
  for (uint32_t i = 0;; ++i) {
    std::string key = fmt::format("{}{}", prefix, i);
    if (!f.has(key)) break;
    out.push_back(f.u32(key));
  }
  return out;
}

Run parse_run(const Fields& f) {
  Run r;
  r.id = f.u32("id");
  r.gd0 = f.u32("gd0");
  r.gd1 = f.u32("gd1");
  r.srcs = parse_indexed(f, "src");
  r.dsts = parse_indexed(f, "dst");
  if (f.has("n_vars")) {
    auto& vars = r.vars.emplace();
    const uint32_t n = f.u32("n_vars");
    std::map<uint32_t, uint32_t> first_key;  // ordinal -> i of its vord{i}
    for (uint32_t i = 0; i < n; ++i) {
      const uint32_t ordinal = f.u32(fmt::format("vord{}", i));
      auto [seen, added] = first_key.emplace(ordinal, i);
      if (!added) {
        throw Error(Code::kInvalidArgument,
                    fmt::format("run: vord{} and vord{} both give variable {}; each variable is given once",
                                seen->second, i, ordinal));
      }
      vars.emplace_back(ordinal, f.u32(fmt::format("vval{}", i)));
    }
    if (f.has(fmt::format("vord{}", n))) {
      throw Error(Code::kInvalidArgument,
                  fmt::format("run: vord{} is present but n_vars is {}; the count and the list must match", n, n));
    }
  }
  return r;
}

}  // namespace

Command parse_command(std::string_view line) {
  check_line_bounds(line);
  json object;
  try {
    object = json::parse(line);
  } catch (const json::exception& e) {
    // The library's text names the byte position, which helps a person fix it.
    throw Error(Code::kInvalidArgument,
                fmt::format("command is not valid JSON ({}); expected one JSON object per line", e.what()));
  }
  if (!object.is_object()) {
    throw Error(Code::kInvalidArgument, "command must be a JSON object with a 'cmd' field");
  }
  auto cmd_it = object.find("cmd");
  if (cmd_it == object.end() || !cmd_it->is_string()) {
    throw Error(Code::kInvalidArgument, "command has no string field 'cmd'");
  }
  const std::string cmd = cmd_it->get<std::string>();
  Fields f(object, cmd);

  if (cmd == "init") {
    Init init;
    if (f.has("cache_dir") && !object["cache_dir"].is_null()) init.cache_dir = f.str("cache_dir");
    return init;
  }
  if (cmd == "alloc_buf") {
    AllocBuf a;
    a.size = f.u64("size");
    a.tile_bytes = f.has("tile_bytes") ? f.u64("tile_bytes") : 0;
    return a;
  }
  if (cmd == "free_buf") return FreeBuf{f.u32("index")};
  if (cmd == "write_buf") return WriteBuf{f.u32("index"), f.str("shm_path"), f.u64("size")};
  if (cmd == "read_buf") return ReadBuf{f.u32("index"), f.str("shm_path"), f.u64("size")};
  if (cmd == "compile_program") return parse_compile(f);
  if (cmd == "run") return parse_run(f);
  if (cmd == "grid") return Grid{};
  if (cmd == "exit") return Exit{};

  std::string shown = cmd.size() > 40 ? cmd.substr(0, 40) + "..." : cmd;
  throw Error(Code::kUnimplemented,
              fmt::format("unknown cmd '{}'; expected one of init, alloc_buf, free_buf, write_buf, read_buf, "
                          "compile_program, run, grid, exit",
                          shown));
}

bool is_command_line(std::string_view line) {
  try {
    check_line_bounds(line);
  } catch (const Error&) {
    return false;
  }
  json object = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (!object.is_object()) return false;
  auto cmd = object.find("cmd");
  return cmd != object.end() && cmd->is_string();
}

std::string_view command_name(const Command& command) {
  static constexpr std::string_view names[] = {"init",     "alloc_buf",       "free_buf", "write_buf",
                                               "read_buf", "compile_program", "run",      "grid", "exit"};
  return names[command.index()];
}

}  // namespace zyxtt::protocol

