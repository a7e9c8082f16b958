#include "device/emu/jit/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <fmt/format.h>

#include "common/error.h"

extern char** environ;

namespace zyxtt::emu {

ProcessResult run_process(const std::vector<std::string>& argv, std::string_view input) {
  int in[2], err[2];
  if (pipe2(in, O_CLOEXEC) != 0) throw Error(Code::kInternal, "pipe failed: " + errno_text(errno));
  if (pipe2(err, O_CLOEXEC) != 0) {
    close(in[0]);
    close(in[1]);
    throw Error(Code::kInternal, "pipe failed: " + errno_text(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in[0]);
  close(err[1]);
  if (rc != 0) {
    close(in[1]);
    close(err[0]);
    throw Error(Code::kFailedPrecondition, fmt::format("cannot start '{}': {}", argv[0], errno_text(rc)));
  }

  // Feed stdin and drain stderr together so neither pipe can fill up and stall.
  ProcessResult result;
  size_t written = 0;
  int in_fd = in[1];
  if (input.empty()) {
    close(in_fd);
    in_fd = -1;
  }
  fcntl(err[0], F_SETFL, O_NONBLOCK);
  bool err_open = true;
  while (err_open) {
    pollfd fds[2] = {{err[0], POLLIN, 0}, {in_fd, POLLOUT, 0}};
    if (poll(fds, in_fd >= 0 ? 2 : 1, -1) < 0 && errno != EINTR) break;
    if (in_fd >= 0 && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t n = write(in_fd, input.data() + written, std::min<size_t>(input.size() - written, 1 << 16));
      if (n > 0) written += static_cast<size_t>(n);
      if (n < 0 && errno != EINTR && errno != EAGAIN) written = input.size();
      if (written == input.size()) {
        close(in_fd);
        in_fd = -1;
      }
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      char buf[8192];
      ssize_t n = read(err[0], buf, sizeof buf);
      if (n > 0) result.err.append(buf, static_cast<size_t>(n));
      else if (n == 0 || (errno != EINTR && errno != EAGAIN)) err_open = false;
    }
  }
  if (in_fd >= 0) close(in_fd);
  close(err[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

}  // namespace zyxtt::emu
