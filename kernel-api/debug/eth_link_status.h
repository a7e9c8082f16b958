// Legacy include path.
#pragma once
#include "api/debug/eth_link_status.h"
