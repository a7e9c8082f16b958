// Legacy include path.
#pragma once
#include "api/debug/pause.h"
