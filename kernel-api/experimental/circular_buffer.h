// G2 spelling of the object API: the same class under namespace experimental.
#pragma once
#include "api/dataflow/circular_buffer.h"
namespace experimental {
using ::CircularBuffer;
#if !defined(COMPILE_FOR_TRISC)
using ::use;
#endif
}  // namespace experimental
