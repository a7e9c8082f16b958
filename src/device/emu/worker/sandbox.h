// Kernels run like on a device: once set up, the device worker runs under a
// seccomp filter that refuses what a Tensix core cannot do: start processes
// (fork, vfork, clone without CLONE_THREAD), exec, open files, sockets,
// signals to other processes, ptrace and friends, and any use of the
// worker's own descriptors (its link to the runtime, the shared regions)
// except by the link's own code. A refused call raises
// SIGSYS; the handler records the call and the thread (whose slot names the
// kernel) and ends the worker with kWorkerExitSandbox, which the runtime
// reports before restarting the worker.
//
// The worker's own opens happen only in dlopen, which the filter allows when
// the system call comes from the dynamic loader's code. Kernels share the
// worker's address space, so this stops mistakes and ordinary calls, not a
// kernel written to forge the loader's registers.
#pragma once

#include <sys/syscall.h>

#include "device/emu/sched/scheduler.h"

namespace zyxtt::emu {

inline constexpr int kWorkerExitSandbox = 88;

// Installs the filter on every thread of the process (and those it starts).
// Returns false (errno set) when the kernel refuses it.
bool enter_sandbox(ControlBlock* control);

// The name a report gives the refused call `nr` (as the handler records it).
inline const char* denied_call_name(int nr) {
  switch (nr) {
    // Refused only on the worker's own descriptors (the link, shared regions).
#define ZYXTT_ON_WORKER_FD(call) \
  case SYS_##call: return #call " on a descriptor of the device worker's own (its link to the runtime, shared memory)";
    ZYXTT_ON_WORKER_FD(read) ZYXTT_ON_WORKER_FD(write) ZYXTT_ON_WORKER_FD(pread64) ZYXTT_ON_WORKER_FD(pwrite64)
    ZYXTT_ON_WORKER_FD(readv) ZYXTT_ON_WORKER_FD(writev) ZYXTT_ON_WORKER_FD(preadv) ZYXTT_ON_WORKER_FD(pwritev)
    ZYXTT_ON_WORKER_FD(preadv2) ZYXTT_ON_WORKER_FD(pwritev2) ZYXTT_ON_WORKER_FD(close) ZYXTT_ON_WORKER_FD(dup)
    ZYXTT_ON_WORKER_FD(dup2) ZYXTT_ON_WORKER_FD(dup3) ZYXTT_ON_WORKER_FD(fcntl) ZYXTT_ON_WORKER_FD(ioctl)
    ZYXTT_ON_WORKER_FD(lseek) ZYXTT_ON_WORKER_FD(ftruncate) ZYXTT_ON_WORKER_FD(fallocate) ZYXTT_ON_WORKER_FD(fchmod)
    ZYXTT_ON_WORKER_FD(fchown) ZYXTT_ON_WORKER_FD(flock) ZYXTT_ON_WORKER_FD(fsync) ZYXTT_ON_WORKER_FD(fdatasync)
    ZYXTT_ON_WORKER_FD(fadvise64) ZYXTT_ON_WORKER_FD(readahead) ZYXTT_ON_WORKER_FD(sync_file_range)
    ZYXTT_ON_WORKER_FD(sendto) ZYXTT_ON_WORKER_FD(recvfrom) ZYXTT_ON_WORKER_FD(sendmsg) ZYXTT_ON_WORKER_FD(recvmsg)
    ZYXTT_ON_WORKER_FD(sendmmsg) ZYXTT_ON_WORKER_FD(recvmmsg) ZYXTT_ON_WORKER_FD(shutdown)
    ZYXTT_ON_WORKER_FD(setsockopt) ZYXTT_ON_WORKER_FD(bind) ZYXTT_ON_WORKER_FD(connect) ZYXTT_ON_WORKER_FD(listen)
    ZYXTT_ON_WORKER_FD(accept) ZYXTT_ON_WORKER_FD(accept4) ZYXTT_ON_WORKER_FD(vmsplice) ZYXTT_ON_WORKER_FD(fsetxattr)
    ZYXTT_ON_WORKER_FD(fremovexattr) ZYXTT_ON_WORKER_FD(tee) ZYXTT_ON_WORKER_FD(sendfile) ZYXTT_ON_WORKER_FD(splice)
    ZYXTT_ON_WORKER_FD(copy_file_range) ZYXTT_ON_WORKER_FD(mmap) ZYXTT_ON_WORKER_FD(close_range)
#undef ZYXTT_ON_WORKER_FD
    case SYS_fork: return "fork";  // fork, vfork and clone of a process
    case SYS_execve: return "execve";
    case SYS_execveat: return "execveat";
    case SYS_open: return "open";
    case SYS_openat: return "openat";
    case SYS_openat2: return "openat2";
    case SYS_creat: return "creat";
    case SYS_open_by_handle_at: return "open_by_handle_at";
    case SYS_socket: return "socket";
    case SYS_socketpair: return "socketpair";
    case SYS_kill: return "kill";
    case SYS_tgkill: return "tgkill";
    case SYS_tkill: return "tkill";
    case SYS_ptrace: return "ptrace";
    case SYS_process_vm_readv: return "process_vm_readv";
    case SYS_process_vm_writev: return "process_vm_writev";
    case SYS_pidfd_open: return "pidfd_open";
    case SYS_pidfd_getfd: return "pidfd_getfd";
    case SYS_pidfd_send_signal: return "pidfd_send_signal";
    case SYS_io_uring_setup: return "io_uring_setup";
    case SYS_unshare: return "unshare";
    case SYS_setns: return "setns";
  }
  return "a system call of another ABI";
}

}  // namespace zyxtt::emu
