// WAYPOINT("ABCD"): tt-metal's watcher breadcrumb. The emulator keeps each
// processor's last one and names it when a run deadlocks or stalls.
#pragma once

#include "zyxtt/krt.h"

#define WAYPOINT(x) ::zyxtt::krt::waypoint(::zyxtt::krt::waypoint_code(x))
