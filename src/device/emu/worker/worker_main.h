// The device-worker process: maps the runtime's DRAM memfd and runs kernels,
// so that a kernel that crashes or spins takes only this process with it.
#pragma once

namespace zyxtt::emu {

// File descriptors the runtime hands the worker.
inline constexpr int kWorkerDramFd = 3;
inline constexpr int kWorkerSocketFd = 4;
inline constexpr int kWorkerControlFd = 5;
inline constexpr int kWorkerRegionsFd = 6;  // SharedRegions, read-only
inline constexpr int kWorkerL1Fd = 7;       // the worker cores' L1, shared
inline constexpr int kFirstFreeFd = 8;  // the worker keeps nothing of its own open from here on

// Exit status of a worker that loaded kernels before but no longer can (a
// kernel broke the process: descriptor or mapping limits...): the runtime
// starts a new worker and sends the run again.
inline constexpr int kWorkerExitCannotLoad = 89;

int worker_main(int argc, char** argv);

}  // namespace zyxtt::emu
