// Small filesystem helpers with the permissions the runtime needs.
#pragma once

#include <string>

namespace zyxtt {

// mkdir -p; directories it creates get mode 0700. Throws Error.
void make_private_dirs(const std::string& path);

// $XDG_CONFIG_HOME when it is absolute, else $HOME/.config (else /tmp).
std::string config_home();

// $XDG_CACHE_HOME when it is absolute, else $HOME/.cache; "" without either.
std::string cache_home();

}  // namespace zyxtt
