#pragma once
#include "api/compute/transpose_wh.h"
