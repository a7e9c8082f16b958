#include "device/emu/cluster_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <fmt/format.h>

#include "common/error.h"

namespace zyxtt::emu {

ClusterMemory::ClusterMemory(std::vector<ChipTopology> chips) : chips_(std::move(chips)) {
  if (chips_.size() > kMaxLinkedChips) {
    throw Error(Code::kInvalidArgument,
                fmt::format("the emulator links at most {} chips, the cluster has {}", kMaxLinkedChips, chips_.size()));
  }
  for (const ChipTopology& c : chips_) memory_.push_back(std::make_unique<ChipMemory>(*c.arch));
  link_fd_ = memfd_create("zyx-tt-links", MFD_CLOEXEC);
  if (link_fd_ < 0 || ftruncate(link_fd_, sizeof(LinkBlock)) != 0)
    throw Error(Code::kInternal, fmt::format("cannot create the chips' link block: {}", errno_text(errno)));
  void* at = mmap(nullptr, sizeof(LinkBlock), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, link_fd_, 0);
  if (at == MAP_FAILED) throw Error(Code::kInternal, fmt::format("cannot map the chips' link block: {}", errno_text(errno)));
  // Default-initialised: its mail rings stay untouched (the memfd reads zero).
  link_ = new (at) LinkBlock;
}

ClusterMemory::~ClusterMemory() {
  if (link_ != nullptr) munmap(link_, sizeof(LinkBlock));
  if (link_fd_ >= 0) close(link_fd_);
}

}  // namespace zyxtt::emu
