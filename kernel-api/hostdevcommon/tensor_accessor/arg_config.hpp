// tensor_accessor::ArgConfig at tt-metal's hostdevcommon path.
#pragma once
#include "api/tensor/tensor_accessor_args.h"
