// Legacy include path; the header lives under api/compute/.
#pragma once
#include "api/compute/mul_int_sfpu.h"
