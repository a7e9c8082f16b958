#pragma once
#include "api/compute/add_int_sfpu.h"
