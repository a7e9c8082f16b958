// Legacy include path; the header lives under api/compute/.
#pragma once
#include "api/compute/reconfig_data_format.h"
