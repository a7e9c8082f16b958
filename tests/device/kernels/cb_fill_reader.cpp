// Pushes one page each into c_0 and c_1 without writing them (a compute
// kernel's operands that are already in L1).
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  for (uint32_t cb : {uint32_t{tt::CBIndex::c_0}, uint32_t{tt::CBIndex::c_1}}) {
    cb_reserve_back(cb, 1);
    cb_push_back(cb, 1);
  }
}
