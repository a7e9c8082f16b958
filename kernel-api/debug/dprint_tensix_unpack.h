// Legacy include path.
#pragma once
#include "api/debug/dprint_tensix_unpack.h"
