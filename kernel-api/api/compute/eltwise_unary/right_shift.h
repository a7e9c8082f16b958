#pragma once
#include "api/compute/eltwise_unary/bitwise.h"
