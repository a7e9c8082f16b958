#include "device/emu/trace/run_description.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace zyxtt::emu {
namespace {

// Per-core args of this many cores per kernel at most: a trace of a full
// grid's runs would otherwise be mostly arguments.
constexpr size_t kCoresListed = 16;

const char* processor_name(program::Processor p) {
  switch (p) {
    case program::Processor::kRiscv0: return "reader (RISCV_0)";
    case program::Processor::kRiscv1: return "writer (RISCV_1)";
    case program::Processor::kCompute: return "compute";
  }
  return "?";
}

}  // namespace

TracedRun describe_run(uint32_t chip, const std::string& what, uint64_t program_serial,
                       const program::Program& program, const program::Run& args) {
  TracedRun run;
  run.chip = chip;
  run.name = what;
  nlohmann::json kernels = nlohmann::json::array();
  for (size_t i = 0; i < program.kernels.size(); ++i) {
    const program::KernelSpec& k = program.kernels[i];
    run.kernels.push_back(k.name);
    nlohmann::json kernel = {{"name", k.name}, {"processor", processor_name(k.processor)}};
    if (i < args.kernels.size()) {
      const program::KernelRunArgs& a = args.kernels[i];
      kernel["common_args"] = a.common;
      nlohmann::json per_core = nlohmann::json::object();
      for (const auto& [core, words] : a.per_core) {
        if (per_core.size() == kCoresListed) {
          kernel["per_core_args_omitted"] = a.per_core.size() - kCoresListed;
          break;
        }
        per_core[fmt::format("(x={},y={})", core.x, core.y)] = words;
      }
      kernel["per_core_args"] = std::move(per_core);
    }
    kernels.push_back(std::move(kernel));
  }
  run.args_json = nlohmann::json{{"program", program_serial}, {"kernels", std::move(kernels)}}.dump(
      -1, ' ', false, nlohmann::json::error_handler_t::replace);
  return run;
}

}  // namespace zyxtt::emu
