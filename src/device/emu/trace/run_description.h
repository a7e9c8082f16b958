// A run as its trace names it: the kernels' names and, as JSON, the program
// and the runtime args it ran with.
#pragma once

#include <cstdint>
#include <string>

#include "device/emu/trace/trace_file.h"
#include "program/program.h"

namespace zyxtt::emu {

// `run` with chip, name, kernels and args_json filled in.
TracedRun describe_run(uint32_t chip, const std::string& what, uint64_t program_serial,
                       const program::Program& program, const program::Run& args);

}  // namespace zyxtt::emu
