// Legacy include path; the header lives under api/compute/.
#pragma once
#include "api/compute/transpose_wh_dest.h"
