#include "device/emu/worker/sandbox.h"

#include <elf.h>
#include <link.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <vector>

#include "device/emu/worker/link_io.h"
#include "device/emu/worker/worker_main.h"

namespace zyxtt::emu {
namespace {

ControlBlock* g_control = nullptr;

void on_denied_call(int, siginfo_t* info, void*) {
  int nr = info->si_syscall;
  if (nr == SYS_clone || nr == SYS_vfork) nr = SYS_fork;  // the filter lets threads through
  if (g_control != nullptr) {
    g_control->crashed_thread.store(scheduler_thread_index());
    g_control->denied_call.store(nr);
  }
  // The bare system call: an interposed _exit (ASan's checks for leaks)
  // would open files, which the filter refuses inside this handler.
  syscall(SYS_exit_group, kWorkerExitSandbox);
  __builtin_unreachable();
}

// The executable segment of the dynamic loader, whose openat dlopen uses.
struct Range {
  uintptr_t lo = 0, hi = 0;
};
Range loader_text() {
  std::pair<uintptr_t, Range> found{getauxval(AT_BASE), {}};
  if (found.first == 0) return {};
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        auto* out = static_cast<std::pair<uintptr_t, Range>*>(data);
        if (info->dlpi_addr != out->first) return 0;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& ph = info->dlpi_phdr[i];
          if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X)) {
            out->second = {info->dlpi_addr + ph.p_vaddr, info->dlpi_addr + ph.p_vaddr + ph.p_memsz};
            return 1;
          }
        }
        return 0;
      },
      &found);
  return found.second;
}

class Filter {
 public:
  void add(uint16_t code, uint32_t k, uint8_t jt = 0, uint8_t jf = 0) { prog_.push_back({code, jt, jf, k}); }
  void load_nr() { add(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)); }
  void load(size_t offset) { add(BPF_LD | BPF_W | BPF_ABS, static_cast<uint32_t>(offset)); }
  void ret(uint32_t action) { add(BPF_RET | BPF_K, action); }

  void deny(int nr) {
    load_nr();
    add(BPF_JMP | BPF_JEQ | BPF_K, static_cast<uint32_t>(nr), 0, 1);
    ret(SECCOMP_RET_TRAP);
  }
  // The call is allowed when made from [text.lo, text.hi) (one 4 GiB
  // window), else it traps: kFromText instructions.
  static constexpr uint8_t kFromText = 7;
  void allow_from(Range text) {
    load(offsetof(seccomp_data, instruction_pointer) + 4);
    add(BPF_JMP | BPF_JEQ | BPF_K, static_cast<uint32_t>(text.lo >> 32), 0, 4);
    load(offsetof(seccomp_data, instruction_pointer));
    add(BPF_JMP | BPF_JGE | BPF_K, static_cast<uint32_t>(text.lo), 0, 2);
    add(BPF_JMP | BPF_JGE | BPF_K, static_cast<uint32_t>(text.hi), 1, 0);
    ret(SECCOMP_RET_ALLOW);
    ret(SECCOMP_RET_TRAP);
  }
  // Allowed only from [text.lo, text.hi).
  void allow_only_from(int nr, Range text) {
    load_nr();
    add(BPF_JMP | BPF_JEQ | BPF_K, static_cast<uint32_t>(nr), 0, kFromText);
    allow_from(text);
  }
  // Allowed when the low word of argument 0 has `bit` set.
  void allow_if_bit(int nr, uint32_t bit) {
    load_nr();
    add(BPF_JMP | BPF_JEQ | BPF_K, static_cast<uint32_t>(nr), 0, 4);
    load(offsetof(seccomp_data, args[0]));
    add(BPF_JMP | BPF_JSET | BPF_K, bit, 0, 1);
    ret(SECCOMP_RET_ALLOW);
    ret(SECCOMP_RET_TRAP);
  }
  // Allowed when argument 0 is `value` (this process's id).
  void allow_if_arg0(int nr, uint32_t value) {
    load_nr();
    add(BPF_JMP | BPF_JEQ | BPF_K, static_cast<uint32_t>(nr), 0, 4);
    load(offsetof(seccomp_data, args[0]));
    add(BPF_JMP | BPF_JEQ | BPF_K, value, 0, 1);
    ret(SECCOMP_RET_ALLOW);
    ret(SECCOMP_RET_TRAP);
  }
  // Allowed unless one of the descriptors in arguments `args` lies in
  // [lo, hi]; then only from [text.lo, text.hi) (one 4 GiB window).
  void guard_descriptors(int nr, const std::vector<uint32_t>& args, uint32_t lo, uint32_t hi, Range text) {
    const auto n = static_cast<uint8_t>(args.size());
    load_nr();
    add(BPF_JMP | BPF_JEQ | BPF_K, static_cast<uint32_t>(nr), 0, static_cast<uint8_t>(3 * n + 1 + kFromText));
    uint8_t left = n;
    for (uint32_t arg : args) {
      --left;
      load(offsetof(seccomp_data, args) + arg * sizeof(uint64_t));  // the low word: descriptors are ints
      add(BPF_JMP | BPF_JGE | BPF_K, lo, 0, 1);
      add(BPF_JMP | BPF_JGT | BPF_K, hi, 0, static_cast<uint8_t>(3 * left + 1));
    }
    ret(SECCOMP_RET_ALLOW);
    allow_from(text);
  }
  void fail_with(int nr, int error) {
    load_nr();
    add(BPF_JMP | BPF_JEQ | BPF_K, static_cast<uint32_t>(nr), 0, 1);
    ret(SECCOMP_RET_ERRNO | static_cast<uint32_t>(error));
  }

  std::vector<sock_filter>& program() { return prog_; }

 private:
  std::vector<sock_filter> prog_;
};

// The calls that take a descriptor, and which of their arguments hold one.
const std::vector<std::pair<int, std::vector<uint32_t>>>& descriptor_calls() {
  static const std::vector<std::pair<int, std::vector<uint32_t>>> calls = [] {
    std::vector<std::pair<int, std::vector<uint32_t>>> v;
    for (int nr : {SYS_read, SYS_write, SYS_pread64, SYS_pwrite64, SYS_readv, SYS_writev, SYS_preadv, SYS_pwritev,
                   SYS_preadv2, SYS_pwritev2, SYS_close, SYS_dup, SYS_fcntl, SYS_ioctl, SYS_lseek, SYS_ftruncate,
                   SYS_fallocate, SYS_fchmod, SYS_fchown, SYS_flock, SYS_fsync, SYS_fdatasync, SYS_fadvise64,
                   SYS_readahead, SYS_sync_file_range, SYS_sendto, SYS_recvfrom, SYS_sendmsg, SYS_recvmsg,
                   SYS_sendmmsg, SYS_recvmmsg, SYS_shutdown, SYS_setsockopt, SYS_bind, SYS_connect, SYS_listen,
                   SYS_accept, SYS_accept4, SYS_vmsplice, SYS_fsetxattr, SYS_fremovexattr})
      v.push_back({nr, {0}});
    for (int nr : {SYS_dup2, SYS_dup3, SYS_tee, SYS_sendfile}) v.push_back({nr, {0, 1}});
    for (int nr : {SYS_splice, SYS_copy_file_range}) v.push_back({nr, {0, 2}});
    v.push_back({SYS_mmap, {4}});
    return v;
  }();
  return calls;
}

}  // namespace

bool enter_sandbox(ControlBlock* control) {
  g_control = control;
  struct sigaction sa {};
  sa.sa_sigaction = on_denied_call;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSYS, &sa, nullptr);

  Filter f;
  f.load(offsetof(seccomp_data, arch));
  f.add(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0);
  f.ret(SECCOMP_RET_KILL_PROCESS);
  f.load_nr();  // x32 system calls
  f.add(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1);
  f.ret(SECCOMP_RET_TRAP);
  // Threads only: glibc tries clone3 first (its flags lie behind a pointer
  // the filter cannot read) and falls back to clone on ENOSYS.
  f.fail_with(SYS_clone3, ENOSYS);
  f.allow_if_bit(SYS_clone, CLONE_THREAD);
  const Range text = loader_text();
  if (text.hi > text.lo && (text.lo >> 32) == (text.hi >> 32)) {
    for (int nr : {SYS_openat, SYS_open}) f.allow_only_from(nr, text);
  } else {
    static const char kWarning[] = "zyx-tt-device-worker: dynamic loader not found, kernels may open files\n";
    [[maybe_unused]] ssize_t n = write(STDERR_FILENO, kWarning, sizeof kWarning - 1);
  }
  const uint32_t self = static_cast<uint32_t>(getpid());
  f.allow_if_arg0(SYS_kill, self);    // raise() after a crash report
  f.allow_if_arg0(SYS_tgkill, self);
  for (int nr : {SYS_fork, SYS_vfork, SYS_execve, SYS_execveat, SYS_openat2, SYS_creat, SYS_open_by_handle_at,
                 SYS_socket, SYS_socketpair, SYS_tkill, SYS_ptrace, SYS_process_vm_readv, SYS_process_vm_writev,
                 SYS_pidfd_open, SYS_pidfd_getfd, SYS_pidfd_send_signal, SYS_io_uring_setup, SYS_unshare, SYS_setns})
    f.deny(nr);
  // The worker's own descriptors (the link, the shared regions): only the
  // link's own code (link_io.cpp) may use them; a kernel that reads, writes,
  // closes, duplicates onto or maps one fails. Which argument holds a descriptor:
  const CodeRange link = link_io_code();
  const Range link_text{link.lo, link.hi};
  const uint32_t lo = kWorkerDramFd, hi = kFirstFreeFd - 1;
  for (const auto& [nr, args] : descriptor_calls()) f.guard_descriptors(nr, args, lo, hi, link_text);
  // close_range over any of them.
  f.load_nr();
  f.add(BPF_JMP | BPF_JEQ | BPF_K, SYS_close_range, 0, 6);
  f.load(offsetof(seccomp_data, args[0]));
  f.add(BPF_JMP | BPF_JGT | BPF_K, hi, 2, 0);
  f.load(offsetof(seccomp_data, args[1]));
  f.add(BPF_JMP | BPF_JGE | BPF_K, lo, 1, 0);
  f.ret(SECCOMP_RET_ALLOW);
  f.ret(SECCOMP_RET_TRAP);
  f.ret(SECCOMP_RET_ALLOW);

  sock_fprog prog{static_cast<unsigned short>(f.program().size()), f.program().data()};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return false;
  return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &prog) == 0;
}

}  // namespace zyxtt::emu
