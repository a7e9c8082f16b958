#include "device/emu/jit/kernel_dependencies.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <optional>
#include <set>
#include <span>

#include <fmt/format.h>

#include "common/fd_io.h"

namespace zyxtt::emu {
namespace {

namespace fs = std::filesystem;

constexpr off_t kMaxManifestBytes = 1 << 20;

bool is_under(const fs::path& path, const fs::path& dir) {
  auto [d, p] = std::mismatch(dir.begin(), dir.end(), path.begin(), path.end());
  if (d == dir.end()) return true;
  // "/a/b/" splits into "/", "a", "b", "": a trailing separator matches too.
  return std::next(d) == dir.end() && d->empty();
}

fs::path normal(const std::string& path, const std::string& base) {
  fs::path p(path);
  if (p.is_relative()) p = fs::path(base) / p;
  return p.lexically_normal();
}

// The digest of the bytes of `path`, or nothing when it cannot be read.
std::optional<XXH128_hash_t> hash_file(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  XXH3_state_t* state = XXH3_createState();
  XXH3_128bits_reset(state);
  char buf[64 * 1024];
  bool ok = true;
  while (true) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) ok = false;
    if (n <= 0) break;
    XXH3_128bits_update(state, buf, static_cast<size_t>(n));
  }
  close(fd);
  const XXH128_hash_t h = XXH3_128bits_digest(state);
  XXH3_freeState(state);
  if (!ok) return std::nullopt;
  return h;
}

}  // namespace

std::vector<std::string> make_prerequisites(std::string_view rule) {
  std::vector<std::string> out;
  // The target ends at the first ':' followed by a blank or the end.
  size_t i = 0;
  while (i < rule.size() && !(rule[i] == ':' && (i + 1 == rule.size() || rule[i + 1] == ' ' || rule[i + 1] == '\t' ||
                                                 rule[i + 1] == '\n' || rule[i + 1] == '\\'))) {
    i += rule[i] == '\\' && i + 1 < rule.size() ? 2 : 1;
  }
  std::string word;
  auto flush = [&] {
    if (!word.empty()) out.push_back(std::move(word));
    word.clear();
  };
  for (++i; i < rule.size(); ++i) {
    const char c = rule[i];
    if (c == '\\' && i + 1 < rule.size()) {
      const char next = rule[i + 1];
      if (next == '\n') {
        flush();
      } else if (next == ' ' || next == '#' || next == '\\') {
        word += next;
      } else {
        word += c;
        continue;
      }
      ++i;
    } else if (c == '$' && i + 1 < rule.size() && rule[i + 1] == '$') {
      word += '$';
      ++i;
    } else if (c == ' ' || c == '\t' || c == '\r') {
      flush();
    } else if (c == '\n') {
      flush();
      break;  // one rule only: GCC's -MP phony targets would follow
    } else {
      word += c;
    }
  }
  flush();
  return out;
}

std::vector<std::string> tracked_headers(const std::vector<std::string>& prerequisites, const std::string& working_dir,
                                         const std::vector<std::string>& excluded) {
  std::vector<fs::path> out;
  for (const auto& e : excluded)
    if (!e.empty()) out.push_back(normal(e, working_dir));
  std::vector<std::string> tracked;
  std::set<std::string> seen;
  for (const auto& prerequisite : prerequisites) {
    const fs::path p = normal(prerequisite, working_dir);
    if (p.extension() == ".gch" || std::any_of(out.begin(), out.end(), [&](const fs::path& dir) { return is_under(p, dir); }))
      continue;
    if (seen.insert(p.string()).second) tracked.push_back(p.string());
  }
  return tracked;
}

std::vector<std::string> system_include_dirs(std::string_view verbose_output) {
  std::vector<std::string> dirs;
  const size_t start = verbose_output.find("#include <...> search starts here:");
  if (start == std::string_view::npos) return dirs;
  size_t line = verbose_output.find('\n', start);
  while (line != std::string_view::npos && line + 1 < verbose_output.size() && verbose_output[line + 1] == ' ') {
    const size_t end = verbose_output.find('\n', line + 1);
    std::string_view dir = verbose_output.substr(line + 2, end == std::string_view::npos ? end : end - line - 2);
    // Clang marks a framework folder so; it is a folder all the same.
    if (const size_t mark = dir.find(" (framework directory)"); mark != std::string_view::npos) dir = dir.substr(0, mark);
    if (!dir.empty()) dirs.push_back(fs::path(dir).lexically_normal().string());
    line = end;
  }
  return dirs;
}

std::string key_with_contents(const std::string& key, const std::vector<std::string>& files) {
  XXH3_state_t* state = XXH3_createState();
  XXH3_128bits_reset(state);
  XXH3_128bits_update(state, key.data(), key.size());
  for (const auto& file : files) {
    XXH3_128bits_update(state, file.c_str(), file.size() + 1);
    const std::optional<XXH128_hash_t> h = hash_file(file);
    const uint64_t words[3] = {h ? 1u : 0u, h ? h->high64 : 0, h ? h->low64 : 0};
    XXH3_128bits_update(state, words, sizeof words);
  }
  const XXH128_hash_t h = XXH3_128bits_digest(state);
  XXH3_freeState(state);
  return fmt::format("{:016x}{:016x}", h.high64, h.low64);
}

std::optional<std::vector<std::string>> read_manifest(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  std::string bytes;
  bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() && (st.st_mode & 022) == 0 &&
            st.st_size < kMaxManifestBytes;
  if (ok) {
    bytes.resize(static_cast<size_t>(st.st_size));
    ok = pread_exact(fd, std::as_writable_bytes(std::span(bytes)), 0) == 0;
  }
  close(fd);
  // Paths, each ended by a NUL; anything else is no manifest.
  if (!ok || (!bytes.empty() && bytes.back() != '\0')) return std::nullopt;
  std::vector<std::string> files;
  for (size_t start = 0; start < bytes.size();) {
    const size_t end = bytes.find('\0', start);
    files.emplace_back(bytes, start, end - start);
    start = end + 1;
  }
  return files;
}

bool write_manifest(const std::string& tmp, const std::string& path, const std::vector<std::string>& files) {
  std::string bytes;
  for (const auto& f : files) bytes.append(f.c_str(), f.size() + 1);
  int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  const bool written = pwrite_exact(fd, std::as_bytes(std::span(bytes)), 0) == 0;
  const bool ok = close(fd) == 0 && written && rename(tmp.c_str(), path.c_str()) == 0;
  if (!ok) unlink(tmp.c_str());
  return ok;
}

}  // namespace zyxtt::emu
