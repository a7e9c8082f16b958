#include "device/emu/dataflow/cross_chip.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <span>

namespace zyxtt::emu::df {
namespace {

bool remote(const LinkedChips& linked, uint32_t chip) {
  return (linked.link->remote_chips.load(std::memory_order_relaxed) >> chip & 1) != 0;
}

MailRecord record_for(const LinkedChips& linked, uint32_t chip, const uint8_t* to) {
  const LinkedChip& far = linked.chips[chip];
  MailRecord record;
  record.chip = chip;
  const bool dram = to >= far.dram && to < far.dram + far.arch->dram_bytes();
  record.region = dram ? MailRegion::kDram : MailRegion::kL1;
  record.offset = static_cast<uint64_t>(to - (dram ? far.dram : far.l1));
  return record;
}

}  // namespace

void chip_write(const LinkedChips& linked, uint32_t chip, uint8_t* to, const void* from, uint32_t bytes) {
  if (!remote(linked, chip)) {
    std::memmove(to, from, bytes);
    return;
  }
  const auto* src = static_cast<const uint8_t*>(from);
  for (uint32_t done = 0; done < bytes;) {
    const uint32_t n = std::min(bytes - done, kMailChunkBytes);
    MailRecord record = record_for(linked, chip, to + done);
    record.kind = MailKind::kWrite;
    record.bytes = n;
    post_mail(linked.link->mail[linked.self], linked.link->mail_doorbell, record, std::span(src + done, n));
    done += n;
  }
}

void chip_add(const LinkedChips& linked, uint32_t chip, uint32_t* word, uint32_t value) {
  if (!remote(linked, chip)) {
    std::atomic_ref<uint32_t>(*word).fetch_add(value, std::memory_order_acq_rel);
    return;
  }
  MailRecord record = record_for(linked, chip, reinterpret_cast<uint8_t*>(word));
  record.kind = MailKind::kAdd;
  record.value = value;
  post_mail(linked.link->mail[linked.self], linked.link->mail_doorbell, record, {});
}

}  // namespace zyxtt::emu::df
