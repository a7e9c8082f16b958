// Mappings of the clients' shared-memory objects, for clients that transfer
// through the same object again and again (a staging buffer). A fresh
// mapping is dear: on the VMs measured, copying 64 MiB through a new mapping
// took 3.5x a pread of them and 8x a copy through a mapping already touched.
// So an object's first transfer goes through its descriptor (as zyx's
// one-object-per-transfer always does), and only an object seen again is
// mapped, once, for all its later transfers.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace zyxtt::emu {

class ClientMappings {
 public:
  ClientMappings() = default;
  ~ClientMappings();
  ClientMappings(const ClientMappings&) = delete;
  ClientMappings& operator=(const ClientMappings&) = delete;

  // At least the first `length` bytes of the object open on `fd` (writable:
  // for read_buf), valid until the next call; null for an object not seen
  // before (copy through fd). The object may shrink under the mapping: copy
  // with fault_guarded_copy. Throws Error.
  std::byte* map(int fd, uint64_t length, bool writable);

 private:
  struct Entry {
    int fd = -1;  // of a mapped object: a duplicate, to see it unlinked
    dev_t dev = 0;
    ino_t ino = 0;
    bool writable = false;
    uint64_t length = 0;
    std::byte* data = nullptr;  // null: seen once, not mapped
    uint64_t last_use = 0;
  };
  // At most this many objects are remembered (a mapped one holds its memory
  // alive); a mapped one its client unlinked is let go at the next transfer.
  static constexpr size_t kKept = 2;

  static void release(Entry& entry);

  std::mutex mutex_;
  std::vector<Entry> entries_;
  uint64_t uses_ = 0;
};

}  // namespace zyxtt::emu
