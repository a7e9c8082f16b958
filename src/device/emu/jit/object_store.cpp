#include "device/emu/jit/object_store.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <span>
#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <vector>

#include "common/error.h"
#include "common/fd_io.h"
#include "common/fs.h"

namespace zyxtt::emu {
namespace {

namespace fs = std::filesystem;

constexpr char kMagic[8] = {'Z', 'Y', 'X', 'T', 'S', 'U', 'M', '1'};
constexpr size_t kTrailerBytes = sizeof kMagic + 16;
constexpr off_t kMaxObjectBytes = off_t{1} << 30;
// Temporary files of writers in another pid namespace (whose liveness cannot
// be seen) are removed only when far older than any compile.
constexpr auto kForeignTempAge = std::chrono::hours(1);

struct Trailer {
  char magic[sizeof kMagic];
  uint64_t high;
  uint64_t low;
};
static_assert(sizeof(Trailer) == kTrailerBytes);

// Identifies this pid namespace, so that a pid in a temp name is judged only
// where it means the same process.
uint64_t pid_namespace() {
  struct stat st {};
  return stat("/proc/self/ns/pid", &st) == 0 ? static_cast<uint64_t>(st.st_ino) : 0;
}

Trailer trailer_of(const char* data, size_t size) {
  XXH128_hash_t h = XXH3_128bits(data, size);
  Trailer t{};
  std::memcpy(t.magic, kMagic, sizeof kMagic);
  t.high = h.high64;
  t.low = h.low64;
  return t;
}

// Refuses a folder that others could swap out from under us.
void check_ancestors(const std::string& base) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(base, ec), ec);
  for (; !p.empty(); p = p.parent_path()) {
    struct stat st {};
    if (lstat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && (st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX)) {
      throw Error(Code::kFailedPrecondition,
                  fmt::format("kernel cache folder '{}' is not safe: '{}' can be written by other users and is not "
                              "sticky, so they could replace cached kernels; choose a cache_dir inside a folder only "
                              "you can write to, or run chmod o-w '{}'",
                              base, p.string(), p.string()));
    }
    if (p == p.root_path()) break;
  }
}

}  // namespace

ObjectStore::ObjectStore(const std::string& base) {
  check_ancestors(base);
  std::string dir = base + "/kernels";
  make_private_dirs(dir);
  struct stat st {};
  if (lstat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid() && (st.st_mode & 022) == 0) {
    dir_ = dir;
    if (size_t n = remove_stale_temps()) spdlog::info("kernel cache: removed {} temporary files of dead writers", n);
    return;
  }
  std::string tmpl = (fs::temp_directory_path() / "zyx-tt-kernels-XXXXXX").string();
  if (mkdtemp(tmpl.data()) == nullptr) {
    throw Error(Code::kFailedPrecondition,
                fmt::format("cache '{}' is not private and no private temp dir could be made", dir));
  }
  spdlog::warn("kernel cache '{}' is writable by others or not ours; using '{}' until this runtime exits", dir, tmpl);
  dir_ = tmpl;
  owned_temp_ = true;
}

ObjectStore::~ObjectStore() {
  if (!owned_temp_) return;
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

std::string ObjectStore::object_path(const std::string& key) const { return fmt::format("{}/{}.so", dir_, key); }

std::string ObjectStore::manifest_path(const std::string& key) const {
  return fmt::format("{}/{}.deps", dir_, key);
}

std::string ObjectStore::temp_path(const std::string& key) {
  static const uint64_t ns = pid_namespace();
  // One sequence for the whole process: each chip of a cluster has a store of
  // its own on the same folder, and two chips may build the same kernel at once.
  static std::atomic<uint64_t> next{0};
  return fmt::format("{}/.{}.{}-{}.{}.tmp", dir_, key, ns, getpid(), next++);
}

std::optional<std::string> ObjectStore::read_intact(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() && (st.st_mode & 022) == 0 &&
            st.st_size > static_cast<off_t>(kTrailerBytes + 4) && st.st_size < kMaxObjectBytes;
  std::string bytes;  // read in place and cut to the body: no second copy
  if (ok) {
    bytes.resize(static_cast<size_t>(st.st_size));
    ok = pread_exact(fd, std::as_writable_bytes(std::span(bytes)), 0) == 0 &&
         std::memcmp(bytes.data(), "\x7f" "ELF", 4) == 0;
    if (ok) {
      const size_t body = bytes.size() - kTrailerBytes;
      Trailer expected = trailer_of(bytes.data(), body);
      ok = std::memcmp(bytes.data() + body, &expected, kTrailerBytes) == 0;
    }
  }
  close(fd);
  if (!ok) return std::nullopt;
  bytes.resize(bytes.size() - kTrailerBytes);
  return bytes;
}

void ObjectStore::publish(const std::string& tmp, const std::string& path) const {
  int fd = open(tmp.c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC);
  struct stat st {};
  auto fail = [&](const std::string& what, int err) {
    if (fd >= 0) close(fd);
    unlink(tmp.c_str());
    Code code = err == ENOSPC || err == EDQUOT || err == EFBIG ? Code::kResourceExhausted : Code::kInternal;
    throw Error(code, fmt::format("cannot store compiled kernel in '{}': {}: {}", dir_, what, errno_text(err)));
  };
  if (fd < 0) fail("open", errno);
  if (fstat(fd, &st) != 0) fail("stat", errno);
  std::vector<char> bytes(static_cast<size_t>(st.st_size));
  if (const int err = pread_exact(fd, std::as_writable_bytes(std::span(bytes)), 0)) fail("read", err);
  Trailer t = trailer_of(bytes.data(), bytes.size());
  if (pwrite(fd, &t, sizeof t, st.st_size) != static_cast<ssize_t>(sizeof t)) fail("write", errno != 0 ? errno : ENOSPC);
  if (fchmod(fd, 0600) != 0) fail("chmod", errno);
  close(fd);
  fd = -1;
  if (rename(tmp.c_str(), path.c_str()) != 0) {
    // A directory (or other junk) squatting on the name is only a broken cache entry.
    std::error_code ec;
    fs::remove_all(path, ec);
    if (rename(tmp.c_str(), path.c_str()) != 0) fail("rename", errno);
  }
}

size_t ObjectStore::remove_stale_temps() const {
  const uint64_t ns = pid_namespace();
  const auto now = fs::file_time_type::clock::now();
  size_t removed = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir_, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() < 5 || name[0] != '.' || !name.ends_with(".tmp")) continue;
    // .<key>.<pid namespace>-<pid>.<n>.tmp
    bool stale = false;
    uint64_t their_ns = 0;
    long pid = 0;
    size_t first = name.find('.', 1);
    if (first != std::string::npos && std::sscanf(name.c_str() + first, ".%lu-%ld.", &their_ns, &pid) == 2 &&
        their_ns == ns && pid > 0) {
      stale = kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
    } else {
      std::error_code age_ec;
      auto written = fs::last_write_time(entry.path(), age_ec);
      stale = !age_ec && now - written > kForeignTempAge;
    }
    if (stale && fs::remove_all(entry.path(), ec) > 0) ++removed;
  }
  return removed;
}

}  // namespace zyxtt::emu
