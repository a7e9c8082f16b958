// Legacy include path; the header lives under api/compute/.
#pragma once
#include "api/compute/experimental/sdpa_sub_custom.h"
