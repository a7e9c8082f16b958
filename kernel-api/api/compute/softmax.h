// What a softmax compute kernel needs beyond common.h: e^x and 1/x.
#pragma once
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/eltwise_unary/recip.h"
