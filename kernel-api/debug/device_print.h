// Legacy include path.
#pragma once
#include "api/debug/device_print.h"
