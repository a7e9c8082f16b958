// A summed zone entered four times: one ZONE_TOTAL per TRISC.
#include <cstdint>

#include "api/compute/compute_kernel_api.h"

void kernel_main() {
  for (uint32_t i = 0; i < 4; ++i) {
    DeviceZoneScopedSumN1("SUMMED");
  }
}
