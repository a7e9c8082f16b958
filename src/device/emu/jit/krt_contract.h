// The kernel ABI's version is a hash of the contract: the headers whose
// content a kernel object and the emulator must agree on (the call table, the
// op numbering, the record, the DST and SFPU register layouts, the format
// codes and what each format's tile is). The build hashes them into
// krt_abi_version.h for the emulator; the kernel compiler hashes the headers
// it compiles against and refuses to build when they are another contract
// than the emulator's. No manual bump.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace zyxtt::emu {

// Relative to the kernel-API folder.
inline constexpr std::array<std::string_view, 7> kKrtContractHeaders = {
    "zyxtt/krt_abi.h",     "zyxtt/krt_types.h",    "zyxtt/compute_ops.h", "zyxtt/data_format.h",
    "zyxtt/format_facts.h", "zyxtt/core_limits.h", "zyxtt/noc_regs.h"};

// The contract's version in `kernel_api_dir` (never 0), or nothing when one
// of its headers cannot be read.
std::optional<uint32_t> krt_contract_version(const std::string& kernel_api_dir);

}  // namespace zyxtt::emu
