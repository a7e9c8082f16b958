// The runtime <-> device-worker link: binary frames survive encoding and
// decoding field for field, and every malformed or truncated frame is
// refused with a named reason; frames arrive whole and in order through the
// socket; the shared allocation table follows inserts and erases.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <thread>
#include <vector>

#include "device/emu/shared_regions.h"
#include "device/emu/worker/frame_io.h"
#include "device/emu/l1_layout.h"
#include "device/emu/worker/run_job.h"

namespace zyxtt::emu {
namespace {

std::string error_text(auto&& decode) {
  try {
    decode();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kInternal);
    return e.what();
  }
  return "accepted";
}

RunJob job_with_program() {
  RunJob job;
  job.program_id = 0x1234567890abull;
  ProgramSpec& p = job.program.emplace();
  p.kernels = {KernelSlot{"/c/r.so", krt::Role::kReader, 0, 0, {{0, 0, 11, 9}}},
               KernelSlot{"/c/c.so", krt::Role::kCompute, 0, 0b1001, {{0, 0, 3, 3}, {5, 0, 5, 0}}},
               KernelSlot{"/c/w.so", krt::Role::kWriter, 1, 0, {{1, 1, 1, 1}}}};
  p.cbs = {CbSpec{0, 0, 4096, 1, 0x10000, {{0, 0, 3, 3}}}, CbSpec{16, 5, 2048, 2, 0x11000, {{0, 0, 0, 0}}}};
  p.semaphores = {SemaphoreSlot{3, 7, {{1, 1, 2, 2}}}};
  job.args = {PackedRunArgs{{65536, 4096 * 100}, 2, {}, std::vector<uint32_t>(240, 9)},
              PackedRunArgs{{}, 0, {1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {4, 5, 6}},
              PackedRunArgs{{7}, 0, {}, {}}};
  job.forget = {17, 0xfedcba9876ull};
  return job;
}

TEST(WorkerFrames, OptionsRoundTrip) {
  WorkerOptions o;
  o.threads = 7;
  o.align_policy = AlignPolicy::kIgnore;
  o.dprint = true;
  o.strict = true;
  o.unpack_fp32_to_dest = false;
  o.idle_spin_us = 250;
  o.log_level = 1;
  o.trace = true;
  o.profile = true;
  o.model_contention = true;
  o.link_slot = 9;
  const std::string frame = encode(o);
  EXPECT_EQ(frame_kind(frame), FrameKind::kOptions);
  EXPECT_EQ(decode_options(frame), o);
  EXPECT_EQ(frame.size(), 1u + 4 + 1 + 1 + 1 + 1 + 4 + 4 + 1 + 1 + 4 + 4 + 4 + 4 + 1 + 1 + 4)
      << "fixed-width fields, and a chip alone: no arch names, no ethernet peers";
}

TEST(WorkerFrames, AClusterChipsLinksRoundTripAndMustFitTheCluster) {
  WorkerOptions o;
  o.chip = 1;
  o.chip_arches = {"p150", "blackhole-11c-6b"};
  o.eth_peers.assign(2 * kEthChannels, EthPeer{}.pack());
  o.eth_peers[kEthChannels + 4] = EthPeer{0, 5}.pack();  // chip 1 channel 4
  o.mesh_places = {0, 1};                                 // a 1 x 2 line
  const WorkerOptions back = decode_options(encode(o));
  EXPECT_EQ(back, o);
  EXPECT_EQ(EthPeer::unpack(back.eth_peers[kEthChannels + 4]).chip, 0u);
  EXPECT_EQ(EthPeer::unpack(back.eth_peers[kEthChannels + 4]).channel, 5u);
  EXPECT_FALSE(EthPeer::unpack(back.eth_peers[kEthChannels + 3]).linked());
  o.chip = 2;  // not among the two chips
  EXPECT_THROW(decode_options(encode(o)), Error);
  o.chip = 1;
  o.eth_peers.pop_back();  // a channel short
  EXPECT_THROW(decode_options(encode(o)), Error);
  o.eth_peers.push_back(EthPeer{}.pack());
  o.mesh_places.pop_back();  // a chip without its place
  EXPECT_THROW(decode_options(encode(o)), Error);
  o.mesh_places.push_back(1);
  o.link_slot = lane_slot(2, 1, 31);  // chip 1's last sub-device lane
  EXPECT_EQ(decode_options(encode(o)).link_slot, 63u);
  o.link_slot = kMaxLinkedChips;  // past the link block
  EXPECT_EQ(error_text([&] { decode_options(encode(o)); }),
            "malformed options frame from the device link: a link slot past the link block");
}

TEST(WorkerFrames, RunJobRoundTripsWithAndWithoutItsProgram) {
  RunJob job = job_with_program();
  const RunJob decoded = decode_job(encode(job));
  EXPECT_EQ(decoded, job);
  // Kernels with their ranges, NOC and unpack-to-DST CBs; CBs at their offsets; semaphores.
  EXPECT_EQ(decoded.program->kernels[1].cores.size(), 2u);
  EXPECT_EQ(decoded.program->kernels[1].unpack_to_dest, 0b1001u);
  EXPECT_EQ(decoded.program->kernels[2].noc, 1);
  EXPECT_EQ(decoded.program->cbs[1].offset, 0x11000u);
  EXPECT_EQ(decoded.program->semaphores[0].initial, 7u);
  job.program.reset();
  const std::string frame = encode(job);
  EXPECT_EQ(decode_job(frame), job);
  // A later run carries the id and each kernel's args only: per kernel its
  // common args, one count when every core has as many, else a count per
  // core; then the programs the worker may drop.
  EXPECT_EQ(frame.size(), 1u + 8 + 1 + 4 + (4 + 2 * 4) + 4 + 4 + (4 + 240 * 4) + (4 + 0) + 4 + (4 + 17 * 4) +
                              (4 + 3 * 4) + (4 + 4) + 4 + 4 + 4 + (4 + 2 * 8));
}

TEST(WorkerFrames, OutcomeCarriesEveryCodeAsTheEnum) {
  for (Code c : {Code::kInvalidArgument, Code::kNotFound, Code::kOutOfRange, Code::kResourceExhausted,
                 Code::kFailedPrecondition, Code::kUnimplemented, Code::kInternal, Code::kDeadlineExceeded}) {
    const RunOutcome outcome{false, c, "core (x=1, y=2) reader: bad"};
    const std::string frame = encode(outcome);
    EXPECT_EQ(static_cast<uint8_t>(frame[2]), static_cast<uint8_t>(c));
    EXPECT_EQ(decode_outcome(frame), outcome);
  }
  EXPECT_EQ(decode_outcome(encode(RunOutcome{})), RunOutcome{});
}

TEST(WorkerFrames, OutcomeCarriesTheRunsTraceAndRefusesAnUnknownKind) {
  RunOutcome outcome{false, Code::kFailedPrecondition, "deadlock"};
  outcome.trace = {{.begin_ns = 5, .end_ns = 9, .model_begin = 100, .model_end = 250, .a = 16, .b = 2, .x = 3,
                    .y = 4, .kind = TraceKind::kCbWait, .role = 2},
                   {.begin_ns = 7, .end_ns = 7, .a = 4, .to_x = 1, .kind = TraceKind::kNocAtomic}};
  outcome.trace_dropped = 12;
  outcome.model_cycles = 1'350'000;  // the run's model time rides along
  std::string frame = encode(outcome);
  EXPECT_EQ(decode_outcome(frame), outcome);
  // The first record's kind byte (after tag, ok, code, message, count).
  const size_t kind_at = 1 + 1 + 1 + 4 + outcome.message.size() + 8 + offsetof(TraceRecord, kind);
  frame[kind_at] = static_cast<char>(TraceKind::kCount);
  EXPECT_NE(error_text([&] { decode_outcome(frame); }).find("kind is out of range"), std::string::npos);
}

TEST(WorkerFrames, EveryTruncationIsRefused) {
  const std::string frames[] = {encode(job_with_program()), encode(WorkerOptions{}),
                                encode(RunOutcome{false, Code::kNotFound, "gone"})};
  for (const std::string& frame : frames) {
    for (size_t n = 1; n < frame.size(); ++n) {
      const std::string cut = frame.substr(0, n);
      std::string text = error_text([&] {
        switch (frame_kind(cut)) {
          case FrameKind::kOptions: decode_options(cut); break;
          case FrameKind::kRun: decode_job(cut); break;
          case FrameKind::kOutcome: decode_outcome(cut); break;
        }
      });
      EXPECT_NE(text.find("truncated"), std::string::npos) << "prefix of " << n << " bytes: " << text;
    }
  }
  EXPECT_EQ(error_text([] { frame_kind(""); }), "malformed frame from the device link: empty");
}

TEST(WorkerFrames, MalformedFramesAreRefusedWithTheirReason) {
  EXPECT_EQ(error_text([] { decode_job(encode(job_with_program()) + "x"); }),
            "malformed run frame from the device link: 1 bytes past its end");
  EXPECT_EQ(error_text([] { decode_job(encode(WorkerOptions{})); }),
            "malformed run frame from the device link: wrong frame kind");
  EXPECT_EQ(error_text([] { frame_kind(std::string(1, '\x09')); }),
            "malformed frame from the device link: unknown kind 9");

  std::string options = encode(WorkerOptions{});
  options[5] = 3;  // align policy: three values
  EXPECT_EQ(error_text([&] { decode_options(options); }),
            "malformed options frame from the device link: an enum value is out of range");
  options = encode(WorkerOptions{});
  options[6] = 2;  // dprint
  EXPECT_EQ(error_text([&] { decode_options(options); }),
            "malformed options frame from the device link: a flag is neither 0 nor 1");

  std::string outcome = encode(RunOutcome{false, Code::kInternal, ""});
  outcome[2] = 8;  // one past kDeadlineExceeded
  EXPECT_EQ(error_text([&] { decode_outcome(outcome); }),
            "malformed outcome frame from the device link: an enum value is out of range");

  RunJob job = job_with_program();
  job.program->cbs[1].index = 64;
  EXPECT_EQ(error_text([&] { decode_job(encode(job)); }),
            "malformed run frame from the device link: a circular buffer index is out of range");
  job = job_with_program();
  job.program->kernels[0].cores[0] = program::CoreRange{{3, 0}, {2, 0}};
  EXPECT_EQ(error_text([&] { decode_job(encode(job)); }),
            "malformed run frame from the device link: a core range is inverted or out of range");
  job = job_with_program();
  job.program->kernels[2].noc = 2;
  EXPECT_EQ(error_text([&] { decode_job(encode(job)); }),
            "malformed run frame from the device link: a NOC is neither 0 nor 1");
  job = job_with_program();
  job.program->semaphores[0].id = l1::kMaxSemaphores;
  EXPECT_EQ(error_text([&] { decode_job(encode(job)); }),
            "malformed run frame from the device link: a semaphore id is out of range");
  // A list whose count runs past the frame.
  job = job_with_program();
  job.program.reset();
  std::string frame = encode(job);
  frame[1 + 8 + 1 + 4 + 3] = 0x10;  // the first kernel's common arg count, now 2^28 + 2
  EXPECT_EQ(error_text([&] { decode_job(frame); }), "malformed run frame from the device link: truncated");
  job = job_with_program();
  job.program->cbs[0].pages = 0;
  EXPECT_EQ(error_text([&] { decode_job(encode(job)); }),
            "malformed run frame from the device link: a circular buffer has no pages");
  job = job_with_program();
  job.args[1].counts[0] = 2;
  EXPECT_EQ(error_text([&] { decode_job(encode(job)); }),
            "malformed run frame from the device link: per-core arg counts disagree with the args");
  // Args beyond the kernel's L1 slot.
  job = job_with_program();
  job.args[2].common.assign(l1::kMaxRuntimeArgs + 1, 5);
  EXPECT_EQ(error_text([&] { decode_job(encode(job)); }),
            "malformed run frame from the device link: more runtime args than a kernel takes");
  job.args[2].common.assign(l1::kMaxRuntimeArgs, 5);
  EXPECT_EQ(decode_job(encode(job)), job);
}

class FrameSocket : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, fds_), 0); }
  void TearDown() override {
    for (int fd : fds_)
      if (fd >= 0) close(fd);
  }
  int fds_[2] = {-1, -1};
};

TEST_F(FrameSocket, FramesSentBackToBackArriveWholeAndInOrder) {
  const std::string a = encode(job_with_program()), b = encode(RunOutcome{false, Code::kOutOfRange, "x"});
  const std::string big(200000, 'z');  // larger than one read
  ASSERT_TRUE(write_frame(fds_[0], a));
  ASSERT_TRUE(write_frame(fds_[0], ""));
  std::thread writer([&] { write_frame(fds_[0], big); });
  FrameReader reader(fds_[1]);
  EXPECT_EQ(reader.read(), a);
  EXPECT_EQ(reader.read(), "");
  EXPECT_EQ(reader.read(), big);
  writer.join();
  ASSERT_TRUE(write_frame(fds_[0], b));
  EXPECT_EQ(reader.read(), b);
  EXPECT_FALSE(reader.buffered());
}

// The shared count announces each frame once it is whole on the socket,
// and stops announcing once the reader took it.
TEST_F(FrameSocket, TheFrameCountAnnouncesEachWrittenFrameUntilItIsRead) {
  FrameCount sent{0};
  FrameReader reader(fds_[1]);
  EXPECT_FALSE(reader.announced(sent));
  ASSERT_TRUE(write_frame(fds_[0], "first", &sent));
  ASSERT_TRUE(write_frame(fds_[0], "second", &sent));
  EXPECT_EQ(sent.load(), 2u);
  EXPECT_TRUE(reader.announced(sent));
  EXPECT_EQ(reader.read_after_spin(std::chrono::microseconds(1000), sent), "first");
  EXPECT_TRUE(reader.announced(sent));  // the second arrived in the same read
  EXPECT_EQ(reader.read(), "second");
  EXPECT_FALSE(reader.announced(sent));
  close(fds_[0]);
  fds_[0] = -1;
  EXPECT_EQ(reader.read_after_spin(std::chrono::microseconds(1000), sent), std::nullopt);  // spins, then EOF
}

TEST_F(FrameSocket, EndOfStreamInsideAFrameIsNoFrame) {
  const std::string frame = encode(job_with_program());
  const uint64_t length = frame.size();
  ASSERT_EQ(write(fds_[0], &length, sizeof length), static_cast<ssize_t>(sizeof length));
  ASSERT_EQ(write(fds_[0], frame.data(), 5), 5);
  close(fds_[0]);
  fds_[0] = -1;
  FrameReader reader(fds_[1]);
  EXPECT_EQ(reader.read(), std::nullopt);
}

TEST(SharedRegions, WorkerSideSeesEveryChangeInAddressOrder) {
  SharedRegions table(16);
  SharedRegions worker = SharedRegions::attach(dup(table.fd()));
  std::vector<DramRegion> seen;
  const uint64_t g0 = worker.generation();
  table.insert({0x30000, 4096});
  table.insert({0x10000, 8192});
  table.insert({0x20000, 4096});
  EXPECT_EQ(worker.generation(), g0 + 3);
  worker.copy_to(seen);
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0].address, 0x10000u);
  EXPECT_EQ(seen[0].per_bank_bytes, 8192u);
  EXPECT_EQ(seen[1].address, 0x20000u);
  EXPECT_EQ(seen[2].address, 0x30000u);
  table.erase(0x20000);
  table.erase(0x99999);  // not allocated: no change
  EXPECT_EQ(worker.generation(), g0 + 4);
  worker.copy_to(seen);
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].address, 0x10000u);
  EXPECT_EQ(seen[1].address, 0x30000u);
}

TEST(SharedRegions, AFullTableRefusesInsteadOfOverrunning) {
  SharedRegions table(2);
  table.insert({0x1000, 4096});
  table.insert({0x2000, 4096});
  try {
    table.insert({0x3000, 4096});
    FAIL() << "a third region fit in a table of two";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), Code::kResourceExhausted);
  }
  EXPECT_EQ(table.size(), 2u);
}

}  // namespace
}  // namespace zyxtt::emu
