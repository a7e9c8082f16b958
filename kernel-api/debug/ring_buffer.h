// Legacy include path.
#pragma once
#include "api/debug/ring_buffer.h"
