#include "common/shm.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <fmt/format.h>
#include <utility>

#include "common/error.h"

namespace zyxtt {
namespace {

// A zero-byte object maps nothing; mmap(0) would fail.
void* map_fd(int fd, uint64_t bytes) {
  if (bytes == 0) return nullptr;
  void* addr = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (addr == MAP_FAILED) {
    throw Error(Code::kResourceExhausted,
                fmt::format("cannot map {} bytes of shared memory: {}", bytes, errno_text(errno)));
  }
  return addr;
}

}  // namespace

bool is_valid_shm_name(const std::string& name) {
  if (name.size() < 2 || name.size() > 251 || name[0] != '/') return false;
  for (size_t i = 1; i < name.size(); ++i) {
    if (name[i] == '/' || name[i] == '\0') return false;
  }
  return true;
}

ShmMapping::~ShmMapping() { release(); }

ShmMapping::ShmMapping(ShmMapping&& other) noexcept { *this = std::move(other); }

ShmMapping& ShmMapping::operator=(ShmMapping&& other) noexcept {
  if (this != &other) {
    release();
    addr_ = std::exchange(other.addr_, nullptr);
    size_ = std::exchange(other.size_, 0);
    name_ = std::move(other.name_);
    owned_ = std::exchange(other.owned_, false);
  }
  return *this;
}

void ShmMapping::release() {
  if (addr_ != nullptr) munmap(addr_, size_);
  if (owned_) shm_unlink(name_.c_str());
  addr_ = nullptr;
  owned_ = false;
}

ShmObject::~ShmObject() {
  if (fd_ >= 0) close(fd_);
}

ShmObject::ShmObject(ShmObject&& other) noexcept : fd_(std::exchange(other.fd_, -1)), size_(other.size_) {}

ShmObject ShmObject::open_existing(const std::string& name, uint64_t bytes, bool writable) {
  if (!is_valid_shm_name(name)) {
    throw Error(Code::kInvalidArgument,
                fmt::format("shm_path '{}' is not a shared-memory name: expected '/' followed by 1 to 250 "
                            "characters without '/'",
                            name));
  }
  // O_NONBLOCK: a FIFO or device planted under the name must not stall the
  // runtime in open; it is refused below. A symlink is refused by O_NOFOLLOW.
  int fd = shm_open(name.c_str(), (writable ? O_RDWR : O_RDONLY) | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW, 0);
  if (fd < 0) {
    int err = errno;
    Code code = err == ENOENT ? Code::kNotFound : Code::kFailedPrecondition;
    throw Error(code, fmt::format("cannot open shared-memory object '{}': {}; the client must create it "
                                  "before sending the command",
                                  name, errno_text(err)));
  }
  ShmObject object(fd, 0);
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    throw Error(Code::kInternal, fmt::format("fstat of '{}' failed: {}", name, errno_text(errno)));
  }
  if (!S_ISREG(st.st_mode)) {
    throw Error(Code::kFailedPrecondition,
                fmt::format("shared-memory object '{}' is not a regular file (it is a {}); create it with "
                            "shm_open and ftruncate",
                            name, S_ISFIFO(st.st_mode) ? "FIFO" : S_ISDIR(st.st_mode) ? "directory" : "special file"));
  }
  object.size_ = static_cast<uint64_t>(st.st_size);
  if (bytes > object.size_) {
    throw Error(Code::kInvalidArgument,
                fmt::format("size {} is larger than the shared-memory object '{}' ({} bytes)", bytes, name,
                            object.size_));
  }
  return object;
}

ShmMapping ShmMapping::create_unique(const std::string& prefix, uint64_t bytes) {
  static std::atomic<uint64_t> counter{0};
  auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  for (int attempt = 0; attempt < 16; ++attempt) {
    std::string name = fmt::format("/{}-{:x}-{:x}-{:x}", prefix, getpid(), static_cast<uint64_t>(now),
                                   counter.fetch_add(1));
    int fd = shm_open(name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
    if (fd < 0) {
      if (errno == EEXIST) continue;
      throw Error(Code::kResourceExhausted,
                  fmt::format("cannot create shared-memory object '{}': {}", name, errno_text(errno)));
    }
    ShmMapping m;
    m.name_ = name;
    m.owned_ = true;  // unlinked by release() from here on, also on failure
    if (ftruncate(fd, static_cast<off_t>(bytes)) != 0) {
      int err = errno;
      close(fd);
      throw Error(Code::kResourceExhausted,
                  fmt::format("cannot size shared-memory object to {} bytes: {}", bytes, errno_text(err)));
    }
    try {
      m.addr_ = map_fd(fd, bytes);
    } catch (...) {
      close(fd);
      throw;
    }
    close(fd);
    m.size_ = bytes;
    return m;
  }
  throw Error(Code::kResourceExhausted, "cannot find a free shared-memory name");
}

}  // namespace zyxtt
