// Three marked iterations inside an outer zone; each stamps its index as
// timestamped data, records an event and bumps a semaphore of its own core
// over the NOC (work the timing model charges).
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
  DeviceZoneScopedN("OUTER");
  for (uint32_t i = 0; i < 3; ++i) {
    DeviceZoneScopedN("INNER");
    DeviceTimestampedData("STEP", (uint64_t{1} << 32) + i);
    DeviceRecordEvent(7 + i);
    noc_semaphore_inc(get_noc_addr(my_x[0], my_y[0], get_semaphore(0)), 1);
    noc_async_atomic_barrier();
  }
}
