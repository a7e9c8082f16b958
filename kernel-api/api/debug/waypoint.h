// WAYPOINT("ABCD"): tt-metal's watcher breadcrumb; the emulator keeps none.
#pragma once
#define WAYPOINT(x)
