// A mapped POSIX shared-memory object. The runtime opens objects the client
// made; the client library creates its own. Neither side unlinks the other's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace zyxtt {

// "/" followed by 1..250 characters, none of them "/".
bool is_valid_shm_name(const std::string& name);

// An existing object the client made, opened by name and checked with fstat.
// The runtime copies through its descriptor and never unlinks it.
class ShmObject {
 public:
  // Throws Error: NOT_FOUND when it does not exist, INVALID_ARGUMENT when the
  // name is malformed or the object is smaller than `bytes`.
  static ShmObject open_existing(const std::string& name, uint64_t bytes, bool writable);
  ~ShmObject();
  ShmObject(ShmObject&& other) noexcept;
  ShmObject& operator=(ShmObject&&) = delete;
  ShmObject(const ShmObject&) = delete;

  int fd() const { return fd_; }
  uint64_t size() const { return size_; }

 private:
  ShmObject(int fd, uint64_t size) : fd_(fd), size_(size) {}
  int fd_ = -1;
  uint64_t size_ = 0;
};

// A mapped object this process created (the client library's staging area).
class ShmMapping {
 public:
  ShmMapping() = default;
  ~ShmMapping();
  ShmMapping(ShmMapping&& other) noexcept;
  ShmMapping& operator=(ShmMapping&& other) noexcept;
  ShmMapping(const ShmMapping&) = delete;
  ShmMapping& operator=(const ShmMapping&) = delete;

  // Creates a fresh object (O_EXCL, mode 0600) of exactly `bytes` bytes. The
  // mapping unlinks it on destruction.
  static ShmMapping create_unique(const std::string& prefix, uint64_t bytes);

  std::byte* data() const { return static_cast<std::byte*>(addr_); }
  uint64_t size() const { return size_; }
  const std::string& name() const { return name_; }

 private:
  void release();

  void* addr_ = nullptr;
  uint64_t size_ = 0;
  std::string name_;
  bool owned_ = false;
};

}  // namespace zyxtt
