// The one warning channel of the emulator, in the runtime and in its device
// worker alike: an spdlog logger on stderr (stdout carries answers only).
#pragma once

#include <spdlog/spdlog.h>

namespace zyxtt {

// Created on first use; its level is ZYX_TT_LOG's (the runtime exports its
// --log-level there for the worker it spawns), warn when unset.
spdlog::logger& emulator_log();

}  // namespace zyxtt
