#include "device/emu/client_mappings.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fmt/format.h>

#include "common/error.h"
#include "common/populate.h"

namespace zyxtt::emu {

ClientMappings::~ClientMappings() {
  for (Entry& e : entries_) release(e);
}

void ClientMappings::release(Entry& entry) {
  if (entry.data != nullptr) munmap(entry.data, entry.length);
  if (entry.fd >= 0) close(entry.fd);
  entry = Entry{};
}

std::byte* ClientMappings::map(int fd, uint64_t length, bool writable) {
  std::lock_guard lock(mutex_);
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    throw Error(Code::kInternal, fmt::format("fstat of a shared-memory object failed: {}", errno_text(errno)));
  }
  ++uses_;
  // Let go of mapped objects their clients unlinked.
  std::erase_if(entries_, [](Entry& e) {
    struct stat now {};
    if (e.fd < 0 || (fstat(e.fd, &now) == 0 && now.st_nlink > 0)) return false;
    release(e);
    return true;
  });
  Entry* seen = nullptr;
  for (Entry& e : entries_) {
    if (e.dev == st.st_dev && e.ino == st.st_ino && e.writable == writable) seen = &e;
  }
  if (seen != nullptr) {
    seen->last_use = uses_;
    if (seen->data != nullptr && seen->length >= length) return seen->data;
    if (length == 0) return nullptr;
    if (seen->data != nullptr) munmap(seen->data, seen->length);
    seen->data = nullptr;
    if (seen->fd < 0) seen->fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (seen->fd < 0) return nullptr;  // the descriptor still works
    const uint64_t bytes = std::max<uint64_t>(length, static_cast<uint64_t>(st.st_size));
    void* addr = mmap(nullptr, bytes, writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED, fd, 0);
    if (addr == MAP_FAILED) return nullptr;  // the descriptor still works
    seen->data = static_cast<std::byte*>(addr);
    seen->length = bytes;
    populate(seen->data, length, writable);  // a fresh mapping faults page by page otherwise
    return seen->data;
  }
  Entry entry;
  entry.dev = st.st_dev;
  entry.ino = st.st_ino;
  entry.writable = writable;
  entry.last_use = uses_;
  if (entries_.size() == kKept) {
    auto oldest = std::min_element(entries_.begin(), entries_.end(),
                                   [](const Entry& a, const Entry& b) { return a.last_use < b.last_use; });
    release(*oldest);
    entries_.erase(oldest);
  }
  entries_.push_back(entry);
  return nullptr;
}

}  // namespace zyxtt::emu
