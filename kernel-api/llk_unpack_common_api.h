// tt-metal's llk_unpack_common_api.h: its LLK calls are zyxtt/llk.h's (one place for all of them).
#pragma once

#include "api/compute/common_globals.h"
