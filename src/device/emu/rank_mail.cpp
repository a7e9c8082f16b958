#include "device/emu/rank_mail.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <ctime>
#include <thread>

#include "common/futex.h"

namespace zyxtt::emu {
namespace {

constexpr uint64_t round8(uint64_t n) { return (n + 7) & ~uint64_t{7}; }

// Copies into / out of the ring at `pos`, wrapping at its end.
void copy_in(MailRing& ring, uint64_t pos, const void* from, uint64_t bytes) {
  const uint64_t at = pos % MailRing::kBytes;
  const uint64_t first = std::min(bytes, MailRing::kBytes - at);
  std::memcpy(ring.data + at, from, first);
  std::memcpy(ring.data, static_cast<const uint8_t*>(from) + first, bytes - first);
}
void copy_out(const MailRing& ring, uint64_t pos, void* to, uint64_t bytes) {
  const uint64_t at = pos % MailRing::kBytes;
  const uint64_t first = std::min(bytes, MailRing::kBytes - at);
  std::memcpy(to, ring.data + at, first);
  std::memcpy(static_cast<uint8_t*>(to) + first, ring.data, bytes - first);
}

}  // namespace

void post_mail(MailRing& ring, std::atomic<uint32_t>& doorbell, const MailRecord& record,
               std::span<const uint8_t> payload) {
  const uint64_t need = round8(sizeof record + payload.size());
  const uint64_t tail = ring.tail.load(std::memory_order_relaxed);
  // The host drains the ring without waiting for anything: a full ring
  // empties within its next pass.
  while (tail + need - ring.head.load(std::memory_order_acquire) > MailRing::kBytes) {
    doorbell.fetch_add(1, std::memory_order_acq_rel);
    futex_wake(doorbell, 1);
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  }
  copy_in(ring, tail, &record, sizeof record);
  if (!payload.empty()) copy_in(ring, tail + sizeof record, payload.data(), payload.size());
  ring.tail.store(tail + need, std::memory_order_release);
  doorbell.fetch_add(1, std::memory_order_acq_rel);
  futex_wake(doorbell, 1);
}

bool take_mail(MailRing& ring, MailRecord& record, std::vector<uint8_t>& payload) {
  const uint64_t head = ring.head.load(std::memory_order_relaxed);
  if (ring.tail.load(std::memory_order_acquire) == head) return false;
  copy_out(ring, head, &record, sizeof record);
  const uint32_t bytes = record.kind == MailKind::kWrite ? record.bytes : 0;
  payload.resize(bytes);
  if (bytes != 0) copy_out(ring, head + sizeof record, payload.data(), bytes);
  ring.head.store(head + round8(sizeof record + bytes), std::memory_order_release);
  return true;
}

void apply_mail(const MailRecord& record, std::span<const uint8_t> payload, uint8_t* dram, uint8_t* l1) {
  uint8_t* to = (record.region == MailRegion::kDram ? dram : l1) + record.offset;
  if (record.kind == MailKind::kAdd) {
    std::atomic_ref<uint32_t>(*reinterpret_cast<uint32_t*>(to)).fetch_add(record.value, std::memory_order_acq_rel);
  } else {
    std::memmove(to, payload.data(), payload.size());
  }
}

void wait_for_mail(std::atomic<uint32_t>& doorbell, uint32_t seen, uint32_t timeout_us) {
  if (doorbell.load(std::memory_order_acquire) == seen) futex_wait(doorbell, seen, timeout_us);
}

}  // namespace zyxtt::emu
