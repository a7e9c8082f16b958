// Takes `rounds` x `step` pages from c_0. Per-core args: rounds, step.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  const uint32_t rounds = get_arg_val<uint32_t>(0);
  const uint32_t step = get_arg_val<uint32_t>(1);
  constexpr uint32_t cb = tt::CBIndex::c_0;
  for (uint32_t i = 0; i < rounds; ++i) {
    cb_wait_front(cb, step);
    cb_pop_front(cb, step);
  }
}
