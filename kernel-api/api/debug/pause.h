// PAUSE(): tt-metal's watcher stops the core until its host tool resumes it.
// The emulator has no watcher to resume a core, so PAUSE() does nothing.
#pragma once

#include "api/debug/waypoint.h"

#define PAUSE() ((void)0)
