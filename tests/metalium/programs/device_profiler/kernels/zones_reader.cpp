// Three marked iterations inside an outer zone; each stamps its index as
// timestamped data and records an event.
#include <cstdint>

void kernel_main() {
  DeviceZoneScopedN("OUTER");
  for (uint32_t i = 0; i < 3; ++i) {
    DeviceZoneScopedN("INNER");
    DeviceTimestampedData("STEP", (uint64_t{1} << 32) + i);
    DeviceRecordEvent(7 + i);
  }
}
