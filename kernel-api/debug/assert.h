// Legacy include path.
#pragma once
#include "api/debug/assert.h"
