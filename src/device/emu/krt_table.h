// The kernel ABI table of this emulator, built once from krt_impl.h.
#pragma once

#include "zyxtt/krt_abi.h"

namespace zyxtt::emu {

const zyxtt_krt_table& krt_table();

}  // namespace zyxtt::emu
