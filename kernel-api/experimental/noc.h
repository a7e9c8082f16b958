// G2 spelling of the object API: the same classes under namespace experimental.
#pragma once
#include "api/dataflow/noc.h"
#include "api/tensor/noc_traits.h"
namespace experimental {
using ::Noc;
using ::noc_traits_t;
}  // namespace experimental
