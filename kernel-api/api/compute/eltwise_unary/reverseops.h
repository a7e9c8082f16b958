// The older home of rsub_tile.
#pragma once
#include "api/compute/eltwise_unary/rsub.h"
