// Legacy include path; the header lives under api/compute/.
#pragma once
#include "api/compute/eltwise_unary/sfpu_int_sum.h"
