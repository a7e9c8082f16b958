// The kernel cache's folder on disk. It is only a cache: an object is used
// only when it is a private regular file whose checksum (a trailer after the
// ELF bytes, which the loader ignores) matches; anything else is a miss.
// Objects are written under a temporary name and renamed whole; temporary
// files of writers that died are removed, never those of a live writer.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

namespace zyxtt::emu {

class ObjectStore {
 public:
  // Uses `base`/kernels, created 0700. Refuses (FAILED_PRECONDITION) a base
  // with an ancestor others can write to that is not sticky; falls back to a
  // private temporary folder, removed by the destructor, when `base`/kernels
  // is not ours or open to others.
  explicit ObjectStore(const std::string& base);
  ~ObjectStore();
  ObjectStore(const ObjectStore&) = delete;
  ObjectStore& operator=(const ObjectStore&) = delete;

  const std::string& directory() const { return dir_; }
  std::string object_path(const std::string& key) const;
  // The list of headers outside the kernel API that objects of `key` read
  // (see kernel_dependencies.h).
  std::string manifest_path(const std::string& key) const;
  // A fresh temporary name for an object of `key`, tagged with this writer
  // (the process): no other store of the process makes the same one.
  std::string temp_path(const std::string& key);

  // The object at `path` (its ELF bytes, the trailer off) when it is whole,
  // private and matches its checksum.
  static std::optional<std::string> read_intact(const std::string& path);
  // Appends the checksum to `tmp`, makes it 0600 and renames it to `path`,
  // replacing whatever is there (a broken object, a directory).
  void publish(const std::string& tmp, const std::string& path) const;
  // Removes temporary files whose writer is gone; returns how many.
  size_t remove_stale_temps() const;

 private:
  std::string dir_;
  bool owned_temp_ = false;  // dir_ is a fallback this process made
};

}  // namespace zyxtt::emu
