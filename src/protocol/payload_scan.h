// Tolerant scans of a command line that the JSON parser refused, so the
// server can keep its input in step with the client: how many source bytes
// follow a compile_program line, and where a command starts in a line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace zyxtt::protocol {

// True when the text names cmd compile_program ("cmd" : "compile_program"),
// whether or not the rest of it parses.
bool names_compile_program(std::string_view line);

// The number of raw source bytes announced by a compile_program line: the
// sum of reader_source_len, compute_source_len and writer_source_len, each
// present with one plain decimal value of at most kMaxSkippableSourceBytes.
// nullopt when any of them cannot be read that way.
std::optional<uint64_t> compile_payload_bytes(std::string_view line);
inline constexpr uint64_t kMaxSkippableSourceBytes = 1ull << 30;

// Where a command begins in `line` while the server resynchronises: 0 when
// the whole line is a JSON object with a string cmd field, else the offset
// of the last {"cmd" whose rest of the line is one (source bytes that end
// without a newline run into the next command line); nullopt if neither.
std::optional<size_t> command_start(std::string_view line);

}  // namespace zyxtt::protocol
