#include "metalium/kernel_paths.h"

#include <tt_metal/llrt/rtoptions.hpp>

#include <cstdlib>
#include <mutex>
#include <vector>

#include <tt_stl/assert.hpp>

namespace zyxtt::metalium {
namespace {
std::mutex mutex;
std::string root_dir_set;
}  // namespace

void set_root_dir(const std::string& dir) {
  std::lock_guard lock(mutex);
  root_dir_set = dir;
}

std::string root_dir() {
  namespace fs = std::filesystem;
  fs::path dir;
  if (const char* r = std::getenv("TT_METAL_RUNTIME_ROOT"); r && *r) {
    dir = r;
  } else {
    std::lock_guard lock(mutex);
    dir = root_dir_set;
  }
  if (dir.empty()) {
    if (const char* h = std::getenv("TT_METAL_HOME"); h && *h) dir = h;
  }
  std::error_code ec;
  if (dir.empty() && fs::is_directory(fs::current_path() / "tt_metal", ec)) dir = fs::current_path();
  TT_FATAL(!dir.empty(),
           "Root directory is not set: set TT_METAL_RUNTIME_ROOT or TT_METAL_HOME, call SetRootDir, or run from a "
           "folder holding tt_metal/");
  dir /= "";  // one trailing separator
  return dir.string();
}

std::filesystem::path resolve_kernel_path(const std::string& name) {
  namespace fs = std::filesystem;
  std::vector<fs::path> tried;
  auto found = [&](const fs::path& p) {
    tried.push_back(p);
    std::error_code ec;
    return fs::is_regular_file(p, ec);
  };
  const fs::path given(name);
  if (found(given)) return fs::absolute(given);
  if (!given.is_absolute()) {
    std::vector<std::string> bases;
    if (const char* k = std::getenv("TT_METAL_KERNEL_PATH"); k && *k) bases.emplace_back(k);
    {
      std::lock_guard lock(mutex);
      if (!root_dir_set.empty()) bases.push_back(root_dir_set);
    }
    if (const char* h = std::getenv("TT_METAL_HOME"); h && *h) bases.emplace_back(h);
    for (const std::string& base : bases) {
      if (found(fs::path(base) / given)) return fs::absolute(fs::path(base) / given);
    }
  }
  std::string places;
  for (const fs::path& p : tried) places += (places.empty() ? "" : ", ") + p.string();
  TT_THROW("Kernel file {} doesn't exist (tried {}; set TT_METAL_HOME to the folder relative paths start from)", name,
           places);
}

}  // namespace zyxtt::metalium

namespace tt::llrt {

const std::string& RunTimeOptions::get_root_dir() const {
  root_dir_ = zyxtt::metalium::root_dir();
  return root_dir_;
}

}  // namespace tt::llrt
