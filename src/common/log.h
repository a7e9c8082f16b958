// The one warning channel of the emulator, in the runtime and in its device
// worker alike: an spdlog logger on stderr (stdout carries answers only).
#pragma once

#include <spdlog/spdlog.h>

namespace zyxtt {

// Created on first use at level warn; the emulator device (and its worker,
// from the options it is sent) sets the level it was given (--log-level).
spdlog::logger& emulator_log();

}  // namespace zyxtt
