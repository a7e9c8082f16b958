// Legacy include path; the header lives under api/compute/.
#pragma once
#include "api/compute/compute_kernel_hw_startup.h"
