// Legacy include path.
#pragma once
#include "api/debug/waypoint.h"
