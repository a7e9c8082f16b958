// tt-metal's blank.h names each TRISC build's entry (MAIN as math_main,
// pack_main or unpack_main). The emulator builds one compute entry, which
// zyxtt/prelude.h already names MAIN, so including this changes nothing.
#pragma once

#include "api/compute/common_globals.h"
