// Sizes as people write them on a command line ("4G", "512M", "1.5GiB",
// "1048576") and as messages print them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace zyxtt {

// A number with an optional binary suffix K, M, G or T (optionally followed
// by "iB" or "B"); nullopt for anything else or a size beyond 2^64.
std::optional<uint64_t> parse_byte_size(std::string_view text);

// "512 MiB", "1.5 GiB", "4096 B".
std::string format_byte_size(uint64_t bytes);

// MemTotal of /proc/meminfo, or nullopt when it cannot be read.
std::optional<uint64_t> host_memory_bytes();

}  // namespace zyxtt
