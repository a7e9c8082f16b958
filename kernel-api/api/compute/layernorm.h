// What a layernorm compute kernel needs beyond common.h: the compute API and 1/sqrt(x).
#pragma once
#include "api/compute/compute_kernel_api.h"
#include "api/compute/eltwise_unary/rsqrt.h"
