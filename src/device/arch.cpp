#include "device/arch.h"

#include <fmt/format.h>

#include <string>

#include "common/error.h"

namespace zyxtt {
namespace {

// Blackhole: 1536 KiB L1 per Tensix, 4 GiB - 16 MiB usable per DRAM bank
// (reference/hardware-model.md section 3).
constexpr Arch kArches[] = {
    {"p100a", 10, 12, 1536 * 1024, 7, 4278190080ull, 64, 16},
    {"p150", 10, 12, 1536 * 1024, 8, 4278190080ull, 64, 16},
};

}  // namespace

const Arch& default_arch() { return kArches[0]; }

const Arch& find_arch(std::string_view name) {
  std::string names;
  for (const Arch& a : kArches) {
    if (a.name == name) return a;
    names += names.empty() ? "" : ", ";
    names += a.name;
  }
  throw Error(Code::kInvalidArgument, fmt::format("unknown arch '{}'; known: {}", name, names));
}

}  // namespace zyxtt
