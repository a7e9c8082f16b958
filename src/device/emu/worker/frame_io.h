// Length-prefixed messages over the stream socket between the runtime and
// its device-worker process.
#pragma once

#include <optional>
#include <string>

namespace zyxtt::emu {

// Returns false when the peer is gone.
bool write_frame(int fd, const std::string& payload);
// nullopt at EOF or on error.
std::optional<std::string> read_frame(int fd);

}  // namespace zyxtt::emu
