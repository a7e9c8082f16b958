// Where CreateKernel finds a kernel file, in tt-metal's order.
#pragma once

#include <filesystem>
#include <string>

namespace zyxtt::metalium {

void set_root_dir(const std::string& root_dir);
// tt-metal's root folder with a trailing '/': TT_METAL_RUNTIME_ROOT, else the
// SetRootDir one, else TT_METAL_HOME, else the current folder when it holds
// tt_metal/. Throws when there is none.
std::string root_dir();
// The file `name` names: itself when absolute or relative to the current
// directory, else under TT_METAL_KERNEL_PATH, the root dir (SetRootDir) or
// TT_METAL_HOME. Throws naming every place tried.
std::filesystem::path resolve_kernel_path(const std::string& name);

}  // namespace zyxtt::metalium
