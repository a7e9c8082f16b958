// Included before every kernel source (so a kernel left open is reported at
// its own line): the object's side of the kernel ABI (krt_abi.h) -- its
// record, its binding and the entry the emulator calls.
#pragma once

#include "zyxtt/compile_time_args.h"
#include "zyxtt/compute_config.h"
#include "zyxtt/krt_abi.h"

extern "C" {

__attribute__((visibility("hidden"))) const zyxtt_krt_table* zyxtt_krt_bound = nullptr;

__attribute__((visibility("default"))) extern const zyxtt_kernel_info zyxtt_kernel_record;
__attribute__((section(ZYXTT_KERNEL_RECORD_SECTION), used)) const zyxtt_kernel_info zyxtt_kernel_record = {
    sizeof(zyxtt_kernel_info),
    ::zyxtt::krt::kKrtAbiVersion,
#if defined(COMPILE_FOR_TRISC)
    static_cast<uint32_t>(::zyxtt::krt::Role::kCompute),
#elif defined(COMPILE_FOR_NCRISC)
    static_cast<uint32_t>(::zyxtt::krt::Role::kWriter),
#else
    static_cast<uint32_t>(::zyxtt::krt::Role::kReader),
#endif
    ZYXTT_DST_ACCUM_MODE != 0,
    ZYXTT_DST_FULL_SYNC != 0,
    ZYXTT_MATH_FIDELITY,
    ZYXTT_MATH_APPROX != 0,
};

__attribute__((visibility("default"))) int zyxtt_kernel_bind(const zyxtt_krt_table* table) {
  if (table == nullptr || table->version != ::zyxtt::krt::kKrtAbiVersion || table->size < sizeof(zyxtt_krt_table))
    return -1;
  zyxtt_krt_bound = table;
  return 0;
}

__attribute__((visibility("default"))) int zyxtt_kernel_entry() {
  if (&kernel_main != nullptr) {
    kernel_main();
    return 0;
  }
#if defined(COMPILE_FOR_TRISC)
  if (&chlkc_compute::zyxtt_compute_main != nullptr) {
    chlkc_compute::zyxtt_compute_main();
    return 0;
  }
#endif
  return -1;  // no entry point: the emulator reports it
}

}  // extern "C"
