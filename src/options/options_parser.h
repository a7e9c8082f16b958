// The one parser of zyx-tt-runtime's options, with their defaults and rules:
// the runtime's command line and a TT-Metalium program's environment go
// through it alike, and emulator_options() is the one translation of the
// result into the emulator device's options.
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>

#include "common/option_hint.h"
#include "device/emu/emu_device.h"
#include "options/options.h"

namespace zyxtt {

// The defaults. `home` is the folder that holds the device worker, kernel-api/
// and the metal plugin once installed (the runtime's own folder; lib/zyx-tt/
// beside libtt_metal).
Options default_options(const std::filesystem::path& home);

// Every option on `app`, each with its ZYX_TT_* twin, parsed into `options`
// (whose values are the defaults --help shows).
void add_options(CLI::App& app, Options& options);

// A TT-Metalium program's options: the ZYX_TT_* environment through
// add_options over default_options(home). Throws Error(INVALID_ARGUMENT)
// naming the variable when one holds what the runtime would refuse.
Options options_from_environment(const std::filesystem::path& home);

// What the emulator device takes of them; worker_path and the stop
// descriptors are the caller's.
emu::EmuOptions emulator_options(const Options& options, OptionHints hints);
// The same for a chip whose arch the caller's cluster already gives.
emu::EmuOptions emulator_options(const Options& options, OptionHints hints, const Arch& chip);

}  // namespace zyxtt
