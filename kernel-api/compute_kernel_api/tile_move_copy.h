// Legacy include path; the header lives under api/compute/.
#pragma once
#include "api/compute/tile_move_copy.h"
