// Mailboxes between a core's processors: ckernel::mailbox_write queues a word
// from the calling processor, mailbox_read takes the oldest word a given
// processor sent, each blocking while the FIFO is full / empty.
#include <fmt/format.h>

#include "device/emu/krt_impl.h"
#include "device/emu/run_context.h"
#include "device/emu/trace/recorder.h"

namespace zyxtt::emu::krt_impl {
namespace {

// tt-metal's ThreadId on Blackhole: BRISC, then the three TRISCs.
constexpr uint32_t kBriscThread = 0;
constexpr uint32_t kLastThread = 3;

uint32_t sender_of_thread(uint32_t thread, const char* call) {
  if (thread > kLastThread) fail_run(fmt::format("{}: thread {} does not exist (0 BRISC, 1-3 TRISCs)", call, thread));
  return static_cast<uint32_t>(thread == kBriscThread ? krt::Role::kReader : krt::Role::kCompute);
}

bool has_room(const KernelInstance& k, const Wait& w) {
  return k.core->mailboxes[w.cb].count < CoreState::Mailbox::kDepth;
}
bool has_word(const KernelInstance& k, const Wait& w) { return k.core->mailboxes[w.cb].count > 0; }

}  // namespace

void mailbox_write(uint32_t thread, uint32_t value) {
  const KernelInstance& k = current();
  (void)sender_of_thread(thread, "mailbox_write");
  Wait w;
  w.call = "mailbox_write";
  w.ready = has_room;
  w.cb = static_cast<uint32_t>(k.role);
  if (!has_room(k, w)) block_traced(k, w, TraceKind::kMailboxWait, 0, w.cb);
  CoreState::Mailbox& m = k.core->mailboxes[w.cb];
  m.words[(m.head + m.count) % CoreState::Mailbox::kDepth] = value;
  ++m.count;
}

uint32_t mailbox_read(uint32_t thread) {
  const KernelInstance& k = current();
  Wait w;
  w.call = "mailbox_read";
  w.ready = has_word;
  w.cb = sender_of_thread(thread, "mailbox_read");
  if (!has_word(k, w)) block_traced(k, w, TraceKind::kMailboxWait, 1, w.cb);
  CoreState::Mailbox& m = k.core->mailboxes[w.cb];
  const uint32_t value = m.words[m.head];
  m.head = (m.head + 1) % CoreState::Mailbox::kDepth;
  --m.count;
  return value;
}

}  // namespace zyxtt::emu::krt_impl
