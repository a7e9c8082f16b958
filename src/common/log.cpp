#include "common/log.h"

#include <spdlog/sinks/stdout_color_sinks.h>


namespace zyxtt {

spdlog::logger& emulator_log() {
  static std::shared_ptr<spdlog::logger> logger = [] {
    auto made = spdlog::stderr_color_mt("zyx-tt-emulator");
    made->set_pattern("[%H:%M:%S.%e] [zyx-tt-emulator] [%l] %v");
    made->set_level(spdlog::level::warn);
    return made;
  }();
  return *logger;
}

}  // namespace zyxtt
