#include "device/emu/jit/toolchain_identity.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <fmt/format.h>
#include <optional>
#include <string>
#include <vector>

#include "device/emu/jit/subprocess.h"

namespace zyxtt::emu {
namespace {

constexpr size_t kMaxReport = 64 * 1024;

std::string hex128(XXH128_hash_t h) { return fmt::format("{:016x}{:016x}", h.high64, h.low64); }

// Appends the whole file to `out`; false when it cannot be read.
bool append_file(const std::string& path, std::string& out) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char chunk[16384];
  ssize_t n;
  while ((n = read(fd, chunk, sizeof chunk)) != 0) {
    if (n < 0) {
      if (errno == EINTR) continue;
      close(fd);
      return false;
    }
    out.append(chunk, static_cast<size_t>(n));
  }
  close(fd);
  return true;
}

// The executable execvp would start for `program`, symlinks resolved.
std::optional<std::string> resolve_executable(const std::string& program) {
  const std::string found = find_program(program);
  char buffer[PATH_MAX];
  if (found.empty() || realpath(found.c_str(), buffer) == nullptr) return std::nullopt;
  return std::string(buffer);
}

// Appends "name\nfacts" for every regular file below `name` (relative to
// `at`), recursing into directories but not through symlinks to them. On a VM
// a warm start pays for every system call: one fstatat per file, and per
// directory only open, getdents64 and close (a DIR stream adds three more).
void walk_files(int at, const std::string& name, const std::string& prefix, std::vector<std::string>& lines) {
  const int fd = openat(at, name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC | (at == AT_FDCWD ? 0 : O_NOFOLLOW));
  if (fd < 0) return;
  alignas(dirent64) char buffer[8192];
  ssize_t got;
  while ((got = getdents64(fd, buffer, sizeof buffer)) > 0) {
    for (ssize_t at_byte = 0; at_byte < got;) {
      const auto* e = reinterpret_cast<const dirent64*>(buffer + at_byte);
      at_byte += e->d_reclen;
      const std::string_view entry = e->d_name;
      if (entry == "." || entry == "..") continue;
      const std::string rel = prefix + "/" + e->d_name;
      if (e->d_type == DT_DIR) {
        walk_files(fd, e->d_name, rel, lines);
        continue;
      }
      struct stat st {};
      if (fstatat(fd, e->d_name, &st, 0) != 0) continue;
      if (S_ISDIR(st.st_mode) && e->d_type == DT_UNKNOWN) walk_files(fd, e->d_name, rel, lines);
      if (!S_ISREG(st.st_mode)) continue;
      lines.push_back(fmt::format("{}\n{} {} {} {}.{} {}.{}", rel, st.st_dev, st.st_ino, st.st_size, st.st_mtim.tv_sec,
                                  st.st_mtim.tv_nsec, st.st_ctim.tv_sec, st.st_ctim.tv_nsec));
    }
  }
  close(fd);
}

}  // namespace

std::string tree_fingerprint(const std::string& dir) {
  std::vector<std::string> lines;  // one per regular file, sorted below
  walk_files(AT_FDCWD, dir, "", lines);
  std::sort(lines.begin(), lines.end());
  XXH3_state_t* state = XXH3_createState();
  XXH3_128bits_reset(state);
  for (const std::string& line : lines) XXH3_128bits_update(state, line.data(), line.size() + 1);
  std::string out = hex128(XXH3_128bits_digest(state));
  XXH3_freeState(state);
  return out;
}

std::shared_future<std::string> start_tree_fingerprint(const std::string& dir) {
  return std::async(std::launch::async, [dir] { return tree_fingerprint(dir); }).share();
}

std::string compiler_report(const std::string& program, const std::string& memo_dir, const std::string& temp_path,
                            const std::function<std::string()>& run_v) {
  const std::optional<std::string> exe = resolve_executable(program);
  struct stat st {};
  if (!exe || stat(exe->c_str(), &st) != 0) return run_v();  // run_v says why it cannot start
  // The first line names what the report is, so that reports of an earlier
  // question (plain -v) are not believed.
  const std::string facts = fmt::format("-E -v\n{}\n{}\n{} {} {} {}.{} {}.{}", program, *exe, st.st_dev, st.st_ino,
                                        st.st_size, st.st_mtim.tv_sec, st.st_mtim.tv_nsec, st.st_ctim.tv_sec,
                                        st.st_ctim.tv_nsec);
  const std::string memo = fmt::format("{}/compiler-{}.txt", memo_dir, hex128(XXH3_128bits(facts.data(), facts.size())));
  // Only a private file of ours is believed, as for objects.
  struct stat ms {};
  std::string remembered;
  if (lstat(memo.c_str(), &ms) == 0 && S_ISREG(ms.st_mode) && ms.st_uid == geteuid() && (ms.st_mode & 022) == 0 &&
      ms.st_size <= static_cast<off_t>(kMaxReport) + 1 && append_file(memo, remembered) && !remembered.empty() &&
      remembered.back() == '\n') {
    remembered.pop_back();  // the mark that the file is whole
    return remembered;
  }
  std::string report = run_v();
  // Temp + rename: a reader sees the whole report or none.
  const std::string& tmp = temp_path;
  int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd >= 0) {
    const std::string body = report + "\n";
    const bool written = write(fd, body.data(), body.size()) == static_cast<ssize_t>(body.size());
    close(fd);
    if (!written || rename(tmp.c_str(), memo.c_str()) != 0) unlink(tmp.c_str());
  }
  return report;
}

}  // namespace zyxtt::emu
