// zyx-tt-device-worker: started by zyx-tt-runtime, never by hand. It runs
// emulated kernels in a process of their own.
#include "device/emu/worker/worker_main.h"

int main(int argc, char** argv) { return zyxtt::emu::worker_main(argc, argv); }
