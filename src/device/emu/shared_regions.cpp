#include "device/emu/shared_regions.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <new>

#include "common/error.h"

namespace zyxtt::emu {

SharedRegions::SharedRegions(size_t capacity) {
  mapped_ = bytes_for(capacity);
  fd_ = memfd_create("zyx-tt-regions", MFD_CLOEXEC);
  if (fd_ < 0 || ftruncate(fd_, static_cast<off_t>(mapped_)) != 0) {
    const int err = errno;
    if (fd_ >= 0) close(fd_);
    throw Error(Code::kInternal, fmt::format("cannot create the shared allocation table: {}", errno_text(err)));
  }
  void* addr = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd_, 0);
  if (addr == MAP_FAILED) {
    const int err = errno;
    close(fd_);
    throw Error(Code::kInternal, fmt::format("cannot map the shared allocation table: {}", errno_text(err)));
  }
  header_ = new (addr) Header{{0}, 0, capacity};
}

SharedRegions SharedRegions::attach(int fd) {
  SharedRegions table;
  table.fd_ = fd;
  struct stat st {};
  if (fstat(fd, &st) != 0 || static_cast<size_t>(st.st_size) < sizeof(Header))
    throw Error(Code::kInternal, "the shared allocation table is missing or too small");
  table.mapped_ = static_cast<size_t>(st.st_size);
  void* addr = mmap(nullptr, table.mapped_, PROT_READ, MAP_SHARED | MAP_NORESERVE, fd, 0);
  if (addr == MAP_FAILED)
    throw Error(Code::kInternal, fmt::format("cannot map the shared allocation table: {}", errno_text(errno)));
  table.header_ = static_cast<Header*>(addr);
  if (bytes_for(table.header_->capacity) > table.mapped_)
    throw Error(Code::kInternal, "the shared allocation table is smaller than its capacity says");
  return table;
}

SharedRegions::SharedRegions(SharedRegions&& other) noexcept
    : fd_(other.fd_), header_(other.header_), mapped_(other.mapped_) {
  other.fd_ = -1;
  other.header_ = nullptr;
}

SharedRegions::~SharedRegions() {
  if (header_ != nullptr) munmap(header_, mapped_);
  if (fd_ >= 0) close(fd_);
}

void SharedRegions::insert(const DramRegion& region) {
  DramRegion* begin = regions();
  DramRegion* end = begin + header_->count;
  if (header_->count == header_->capacity)
    throw Error(Code::kResourceExhausted, "the shared allocation table is full");
  DramRegion* at = std::lower_bound(begin, end, region.address,
                                    [](const DramRegion& r, uint64_t a) { return r.address < a; });
  std::memmove(at + 1, at, static_cast<size_t>(end - at) * sizeof(DramRegion));
  *at = region;
  ++header_->count;
  header_->generation.fetch_add(1, std::memory_order_release);
}

void SharedRegions::erase(uint64_t address) {
  DramRegion* begin = regions();
  DramRegion* end = begin + header_->count;
  DramRegion* at =
      std::lower_bound(begin, end, address, [](const DramRegion& r, uint64_t a) { return r.address < a; });
  if (at == end || at->address != address) return;
  std::memmove(at, at + 1, static_cast<size_t>(end - at - 1) * sizeof(DramRegion));
  --header_->count;
  header_->generation.fetch_add(1, std::memory_order_release);
}

uint64_t SharedRegions::generation() const { return header_->generation.load(std::memory_order_acquire); }

size_t SharedRegions::size() const { return header_->count; }

void SharedRegions::copy_to(std::vector<DramRegion>& out) const {
  const size_t n = std::min(header_->count, header_->capacity);
  out.assign(regions(), regions() + n);
}

}  // namespace zyxtt::emu
