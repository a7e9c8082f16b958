// Legacy include path; the header lives under api/compute/.
#pragma once
#include "api/compute/experimental/mul_reduce_scalar.h"
