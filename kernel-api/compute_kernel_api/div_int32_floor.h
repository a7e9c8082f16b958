// Legacy include path; the header lives under api/compute/.
#pragma once
#include "api/compute/div_int32_floor.h"
