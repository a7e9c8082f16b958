#include "common/fs.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <fmt/format.h>

#include "common/error.h"

namespace zyxtt {

void make_private_dirs(const std::string& path) {
  if (path.empty()) throw Error(Code::kInvalidArgument, "cache_dir is empty; expected a directory path");
  std::string partial;
  size_t pos = 0;
  while (pos != std::string::npos) {
    size_t next = path.find('/', pos + 1);
    partial = path.substr(0, next);
    pos = next;
    if (partial.empty() || partial == "/") continue;
    if (mkdir(partial.c_str(), 0700) != 0 && errno != EEXIST) {
      throw Error(Code::kFailedPrecondition,
                  fmt::format("cannot create directory '{}': {}", partial, errno_text(errno)));
    }
  }
  struct stat st {};
  if (stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    throw Error(Code::kFailedPrecondition, fmt::format("'{}' exists but is not a directory", path));
  }
}

std::string config_home() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg != nullptr && xdg[0] == '/') return xdg;
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] != '\0') return std::string(home) + "/.config";
  return "/tmp";
}

std::string cache_home() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && xdg[0] == '/') return xdg;
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] != '\0') return std::string(home) + "/.cache";
  return {};
}

}  // namespace zyxtt
