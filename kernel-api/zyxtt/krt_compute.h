// Compute-side krt calls: part of the one table (krt_abi.h); kept as a header
// of its own because the compute API headers include it by this name.
#pragma once

#include "zyxtt/krt.h"
