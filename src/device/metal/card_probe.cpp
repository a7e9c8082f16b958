#include "device/metal/card_probe.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace zyxtt::metal {

namespace fs = std::filesystem;

std::vector<std::string> processes_holding(const std::string& path) {
  std::vector<std::string> holders;
  std::error_code ec;
  const fs::path target = fs::canonical(path, ec);
  if (ec) return holders;
  const std::string self = std::to_string(getpid());
  for (const fs::directory_entry& proc : fs::directory_iterator("/proc", ec)) {
    const std::string pid = proc.path().filename().string();
    if (pid.find_first_not_of("0123456789") != std::string::npos || pid == self) continue;
    std::error_code fd_ec;
    for (const fs::directory_entry& fd : fs::directory_iterator(proc.path() / "fd", fd_ec)) {
      std::error_code link_ec;
      if (fs::read_symlink(fd.path(), link_ec) != target) continue;
      std::string name;
      std::getline(std::ifstream(proc.path() / "comm"), name);
      holders.push_back("pid " + pid + " (" + name + ")");
      break;
    }
  }
  return holders;
}

}  // namespace zyxtt::metal
