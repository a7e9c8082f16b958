// What every compute kernel is given first: the standard headers and the
// prelude. Precompiled as kernel_api_reader.h is.
#pragma once

#include "zyxtt/kernel_std_compute.h"
#include "zyxtt/prelude.h"
