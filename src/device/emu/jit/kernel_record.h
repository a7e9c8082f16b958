// A kernel object's record (krt_abi.h), read from the object's bytes without
// loading it, so that nothing of an object of another ABI ever runs.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "zyxtt/krt_abi.h"

namespace zyxtt::emu {

// The record in section ZYXTT_KERNEL_RECORD_SECTION of a 64-bit
// little-endian ELF file's bytes; nothing when there is none.
std::optional<zyxtt_kernel_info> find_kernel_record(std::string_view elf);

// `record` when it is one of this ABI; else throws FAILED_PRECONDITION
// naming the object at `path`.
zyxtt_kernel_info checked_record(const std::optional<zyxtt_kernel_info>& record, const std::string& path);

}  // namespace zyxtt::emu
