// tt-metal's device-profiler markers (tools/profiler/kernel_profiler.hpp), as
// tt-metal compiles them with the profiler off: each argument is checked for
// being a valid expression and nothing runs. The emulator records no zones.
#pragma once

#define DeviceZoneScopedN(name) (void(name))
#define DeviceZoneScopedMainN(name) (void(name))
#define DeviceZoneScopedMainChildN(name) (void(name))
#define DeviceZoneScopedSumN1(name) (void(name))
#define DeviceZoneScopedSumN2(name) (void(name))
#define DeviceZoneSetCounter(counter) (void(sizeof(counter)))
#define DeviceTimestampedData(data_id, data) (void(sizeof(data_id) + sizeof(data)))
#define DeviceRecordEvent(event_id) (void(sizeof(event_id)))
#define DeviceValidateProfiler(condition) (void(sizeof(condition)))
#define DeviceProfilerInit()
#define DeviceTraceOnlyProfilerInit()
#define DeviceIncrementTraceCount()
