// Architecture names in tt-metal's spellings (tt_metal/common, reached by its
// test fixtures): "BLACKHOLE", "blackhole", the alias "wormhole".
#pragma once

#include <string>

#include <tt-metalium/tt_backend_api_types.hpp>
#include <umd/device/types/arch.hpp>

namespace tt {

std::string get_string(ARCH arch);
std::string get_string_lowercase(ARCH arch);
std::string get_alias(ARCH arch);
// Either case of "wormhole_b0", "blackhole", "quasar", "invalid"; throws
// std::runtime_error for anything else.
ARCH get_arch_from_string(const std::string& arch_str);

}  // namespace tt
