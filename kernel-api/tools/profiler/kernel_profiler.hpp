// tt-metal's device-profiler markers (tools/profiler/kernel_profiler.hpp).
// With PROFILE_KERNEL defined (the emulator defines it when the device
// profiler is on, TT_METAL_DEVICE_PROFILER=1, as tt-metal's JIT does) each
// marker reaches the emulator, which timestamps it on the core's clock and
// writes it to profile_log_device.csv. Without it, as in tt-metal, each
// argument is only checked for being a valid expression and nothing runs.
#pragma once

#if defined(PROFILE_KERNEL)

#include <cstdint>

#include "zyxtt/krt.h"

// A marker's site as tt-metal's host reads it: "name,file,line,KERNEL_PROFILER".
#define ZYXTT_PROFILE_STR2(x) #x
#define ZYXTT_PROFILE_STR(x) ZYXTT_PROFILE_STR2(x)
#define ZYXTT_PROFILE_SITE(name) name "," __FILE__ "," ZYXTT_PROFILE_STR(__LINE__) ",KERNEL_PROFILER"
#define ZYXTT_PROFILE_CAT2(a, b) a##b
#define ZYXTT_PROFILE_CAT(a, b) ZYXTT_PROFILE_CAT2(a, b)

namespace zyxtt::kernel {

// ZONE_START now, ZONE_END when the scope ends.
class ProfileZone {
 public:
  explicit ProfileZone(const char* site) : site_(site) {
    zyxtt::krt::profile_mark(zyxtt::krt::ProfileMark::kZoneStart, site_, 0);
  }
  ~ProfileZone() { zyxtt::krt::profile_mark(zyxtt::krt::ProfileMark::kZoneEnd, site_, 0); }
  ProfileZone(const ProfileZone&) = delete;
  ProfileZone& operator=(const ProfileZone&) = delete;

 private:
  const char* site_;
};

// A zone whose durations add up in slot `Slot` (one ZONE_TOTAL per kernel).
template <uint64_t Slot>
class ProfileSum {
 public:
  explicit ProfileSum(const char* site) : site_(site) {
    zyxtt::krt::profile_mark(zyxtt::krt::ProfileMark::kSumStart, site_, Slot);
  }
  ~ProfileSum() { zyxtt::krt::profile_mark(zyxtt::krt::ProfileMark::kSumEnd, site_, Slot); }
  ProfileSum(const ProfileSum&) = delete;
  ProfileSum& operator=(const ProfileSum&) = delete;

 private:
  const char* site_;
};

}  // namespace zyxtt::kernel

#define ZYXTT_PROFILE_ZONE(name)                                                      \
  ::zyxtt::kernel::ProfileZone ZYXTT_PROFILE_CAT(zyxtt_profile_zone_, __COUNTER__) { \
    ZYXTT_PROFILE_SITE(name)                                                          \
  }
#define DeviceZoneScopedN(name) ZYXTT_PROFILE_ZONE(name)
#define DeviceZoneScopedMainN(name) ZYXTT_PROFILE_ZONE(name)
#define DeviceZoneScopedMainChildN(name) ZYXTT_PROFILE_ZONE(name)
#define DeviceZoneScopedSumN1(name) \
  ::zyxtt::kernel::ProfileSum<0> ZYXTT_PROFILE_CAT(zyxtt_profile_sum_, __COUNTER__) { ZYXTT_PROFILE_SITE(name) }
#define DeviceZoneScopedSumN2(name) \
  ::zyxtt::kernel::ProfileSum<1> ZYXTT_PROFILE_CAT(zyxtt_profile_sum_, __COUNTER__) { ZYXTT_PROFILE_SITE(name) }
#define DeviceTimestampedData(name, data) \
  ::zyxtt::krt::profile_mark(::zyxtt::krt::ProfileMark::kData, ZYXTT_PROFILE_SITE(name), static_cast<uint64_t>(data))
#define DeviceRecordEvent(event_id) \
  ::zyxtt::krt::profile_mark(::zyxtt::krt::ProfileMark::kEvent, nullptr, static_cast<uint64_t>(event_id));
// Host counters, zone validity and the firmware's own set-up have nothing to
// do here: the emulator keeps every marker.
#define DeviceZoneSetCounter(counter) (void(sizeof(counter)))
#define DeviceValidateProfiler(condition) (void(sizeof(condition)))

#else

#define DeviceZoneScopedN(name) (void(name))
#define DeviceZoneScopedMainN(name) (void(name))
#define DeviceZoneScopedMainChildN(name) (void(name))
#define DeviceZoneScopedSumN1(name) (void(name))
#define DeviceZoneScopedSumN2(name) (void(name))
#define DeviceZoneSetCounter(counter) (void(sizeof(counter)))
#define DeviceTimestampedData(data_id, data) (void(sizeof(data_id) + sizeof(data)))
#define DeviceRecordEvent(event_id) (void(sizeof(event_id)))
#define DeviceValidateProfiler(condition) (void(sizeof(condition)))

#endif

#define DeviceProfilerInit()
#define DeviceTraceOnlyProfilerInit()
#define DeviceIncrementTraceCount()
