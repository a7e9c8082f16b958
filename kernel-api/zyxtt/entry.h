// Appended after every kernel source: the one symbol the emulator calls.
#pragma once

extern "C" __attribute__((visibility("default"))) int zyxtt_kernel_entry() {
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
