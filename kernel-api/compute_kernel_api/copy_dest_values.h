// Legacy include path; the header lives under api/compute/.
#pragma once
#include "api/compute/copy_dest_values.h"
