// Legacy (G1.5) include path.
#pragma once
#include "api/tensor/tensor_accessor.h"
