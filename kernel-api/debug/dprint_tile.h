// Legacy include path.
#pragma once
#include "api/debug/dprint_tile.h"
