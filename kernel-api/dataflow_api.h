// Legacy include path.
#pragma once
#include "api/dataflow/dataflow_api.h"
