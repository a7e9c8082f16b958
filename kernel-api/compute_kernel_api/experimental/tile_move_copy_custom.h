// Legacy include path; the header lives under api/compute/.
#pragma once
#include "api/compute/experimental/tile_move_copy_custom.h"
