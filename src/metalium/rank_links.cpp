#include "metalium/rank_links.h"

#include <mpi.h>
#include <sys/prctl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <list>
#include <mutex>
#include <thread>
#include <vector>

#include "metalium/mpi_context.h"
#include "metalium/rank_share.h"

namespace zyxtt::metalium {
namespace {

constexpr int kMailTag = 2;

class RankLinks {
 public:
  RankLinks(std::shared_ptr<emu::ClusterMemory> memory, MPI_Comm comm)
      : memory_(std::move(memory)), comm_(comm), share_(rank_share()) {
    uint64_t remote = 0;
    for (uint32_t chip = 0; chip < share_.owner.size(); ++chip)
      if (!share_.local(chip)) remote |= uint64_t{1} << chip;
    emu::LinkBlock& link = memory_->link();
    link.remote_chips.store(remote, std::memory_order_release);
    // A kernel waiting for another rank's chip is no deadlock this rank can
    // judge: only the run timeout ends such a wait.
    link.host_busy.fetch_add(1, std::memory_order_acq_rel);
    thread_ = std::thread([this] { carry(); });
  }
  ~RankLinks() {
    stop_.store(true, std::memory_order_release);
    memory_->link().mail_doorbell.fetch_add(1, std::memory_order_acq_rel);
    if (thread_.joinable()) thread_.join();
  }

 private:
  struct Send {
    std::vector<uint8_t> bytes;
    MPI_Request request = MPI_REQUEST_NULL;
  };

  // Posts every record this rank's chips have written so far.
  bool send_posted() {
    bool any = false;
    emu::LinkBlock& link = memory_->link();
    emu::MailRecord record;
    std::vector<uint8_t> payload;
    for (uint32_t chip = 0; chip < share_.owner.size(); ++chip) {
      if (!share_.local(chip)) continue;
      while (emu::take_mail(link.mail[chip], record, payload)) {
        Send& send = sends_.emplace_back();
        send.bytes.resize(sizeof record + payload.size());
        std::memcpy(send.bytes.data(), &record, sizeof record);
        if (!payload.empty()) std::memcpy(send.bytes.data() + sizeof record, payload.data(), payload.size());
        MPI_Isend(send.bytes.data(), static_cast<int>(send.bytes.size()), MPI_BYTE,
                  static_cast<int>(share_.owner.at(record.chip)), kMailTag, comm_, &send.request);
        any = true;
      }
    }
    for (auto it = sends_.begin(); it != sends_.end();) {
      int done = 0;
      MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
      it = done ? sends_.erase(it) : std::next(it);
    }
    return any;
  }

  // Applies every record other ranks have sent so far.
  bool apply_arrived() {
    bool any = false;
    for (;;) {
      int flag = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, kMailTag, comm_, &flag, &status);
      if (!flag) break;
      int count = 0;
      MPI_Get_count(&status, MPI_BYTE, &count);
      std::vector<uint8_t> bytes(static_cast<size_t>(count));
      MPI_Recv(bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, kMailTag, comm_, MPI_STATUS_IGNORE);
      emu::MailRecord record;
      std::memcpy(&record, bytes.data(), sizeof record);
      if (record.chip >= memory_->size() || !share_.local(record.chip)) {
        std::fprintf(stderr, "zyx-tt: rank %u got a delivery for chip %u, which it does not emulate\n", share_.rank,
                     record.chip);
        continue;
      }
      emu::ChipMemory& chip = memory_->memory(record.chip);
      emu::apply_mail(record, std::span(bytes).subspan(sizeof record), reinterpret_cast<uint8_t*>(chip.dram.bank(0)),
                      reinterpret_cast<uint8_t*>(chip.l1.base()));
      any = true;
    }
    if (any) emu::announce_move(memory_->link());
    return any;
  }

  void carry() {
    using Clock = std::chrono::steady_clock;
    // While traffic flows (a message within the last 50 ms) MPI is polled
    // every 20 us, as a reply is likely soon; quiet, the naps grow to 5 ms.
    constexpr auto kBusySpell = std::chrono::milliseconds(50);
    auto last_traffic = Clock::now() - kBusySpell;
    prctl(PR_SET_TIMERSLACK, 1000UL);  // ns: a 20 us nap, not Linux's default 50 us more
    uint32_t nap_us = 20;
    while (!stop_.load(std::memory_order_acquire)) {
      const uint32_t seen = memory_->link().mail_doorbell.load(std::memory_order_acquire);
      if (send_posted() | apply_arrived()) {
        last_traffic = Clock::now();
        nap_us = 20;
        continue;
      }
      // Nothing moved: sleep until a chip posts, or the nap ends (MPI has no
      // doorbell of ours).
      emu::wait_for_mail(memory_->link().mail_doorbell, seen, nap_us);
      const bool flowing = !sends_.empty() || Clock::now() - last_traffic < kBusySpell;
      nap_us = flowing ? 20 : std::min<uint32_t>(nap_us * 2, 5000);
    }
    send_posted();  // what the chips posted last still goes
    for (Send& send : sends_) MPI_Wait(&send.request, MPI_STATUS_IGNORE);
  }

  std::shared_ptr<emu::ClusterMemory> memory_;
  MPI_Comm comm_;
  const cluster::RankShare& share_;
  std::list<Send> sends_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

std::unique_ptr<RankLinks> links;

}  // namespace

void start_rank_links(const std::shared_ptr<emu::ClusterMemory>& memory) {
  static std::once_flag once;
  if (!rank_share().spans_ranks()) return;
  std::call_once(once, [&] {
    auto* context = dynamic_cast<const tt::tt_metal::distributed::multihost::MpiContext*>(link_traffic().get());
    links = std::make_unique<RankLinks>(memory, context->comm());
    // Registered after MPI started, so it runs before MPI ends.
    std::atexit([] { links.reset(); });
  });
}

}  // namespace zyxtt::metalium
