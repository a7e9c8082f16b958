// Deliveries into chips another MPI rank emulates. A chip's worker cannot
// write such a chip's memory (it lives in another process, maybe on another
// host), so it posts the write to a ring of its own in the link block; this
// rank's host drains the rings and carries each record to the owning rank,
// whose host applies it to its chip's memory in the order it was posted.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

namespace zyxtt::emu {

// What a record does at the far chip.
enum class MailKind : uint8_t { kWrite = 0, kAdd = 1 };
enum class MailRegion : uint8_t { kDram = 0, kL1 = 1 };

struct MailRecord {
  uint32_t chip = 0;  // the destination
  MailKind kind = MailKind::kWrite;
  MailRegion region = MailRegion::kL1;
  uint16_t unused = 0;
  uint32_t bytes = 0;  // payload after the record (kWrite)
  uint32_t value = 0;  // the increment (kAdd)
  uint64_t offset = 0;  // from the start of the chip's DRAM or L1 arena
};
static_assert(sizeof(MailRecord) == 24);

// One producer (a chip's worker), one consumer (its rank's host).
struct MailRing {
  static constexpr uint64_t kBytes = uint64_t{1} << 20;
  alignas(64) std::atomic<uint64_t> head{0};  // bytes consumed
  alignas(64) std::atomic<uint64_t> tail{0};  // bytes posted
  alignas(64) uint8_t data[kBytes];
};

// Largest payload of one record: longer writes go as several.
inline constexpr uint32_t kMailChunkBytes = 64 * 1024;

// Posts `record` (and `payload` for a write) to `ring`, waiting while the
// ring is full; then rings `doorbell` (a futex word the host sleeps on).
void post_mail(MailRing& ring, std::atomic<uint32_t>& doorbell, const MailRecord& record,
               std::span<const uint8_t> payload);

// Takes the next record from `ring` into `record` and its payload into
// `payload` (resized); false when the ring is empty.
bool take_mail(MailRing& ring, MailRecord& record, std::vector<uint8_t>& payload);

// Applies `record` to a chip whose DRAM and L1 arena start at `dram`, `l1`.
void apply_mail(const MailRecord& record, std::span<const uint8_t> payload, uint8_t* dram, uint8_t* l1);

// Sleeps on `doorbell` while it still reads `seen`, at most `timeout_us`.
void wait_for_mail(std::atomic<uint32_t>& doorbell, uint32_t seen, uint32_t timeout_us);

}  // namespace zyxtt::emu
