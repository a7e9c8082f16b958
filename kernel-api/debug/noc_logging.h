// Legacy include path.
#pragma once
#include "api/debug/noc_logging.h"
