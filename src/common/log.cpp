#include "common/log.h"

#include <spdlog/sinks/stdout_color_sinks.h>

#include <cstdlib>

namespace zyxtt {

spdlog::logger& emulator_log() {
  static std::shared_ptr<spdlog::logger> logger = [] {
    auto made = spdlog::stderr_color_mt("zyx-tt-emulator");
    made->set_pattern("[%H:%M:%S.%e] [zyx-tt-emulator] [%l] %v");
    const char* level = std::getenv("ZYX_TT_LOG");
    made->set_level(level != nullptr ? spdlog::level::from_str(level) : spdlog::level::warn);
    return made;
  }();
  return *logger;
}

}  // namespace zyxtt
