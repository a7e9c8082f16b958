// The first-order timing model of Blackhole (docs/timing-model.md, where
// every number below has its source): each kernel instance keeps a clock in
// cycles that kernel API calls advance. The model only moves clocks; it
// never changes what a run computes. Costs live here and nowhere else.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>

#include "device/arch.h"

namespace zyxtt::emu::timing {

inline constexpr double kClockHz = kBlackholeClockMhz * 1e6;  // AICLK

// ---- NOC ----
inline constexpr double kNocBytesPerCycle = 64;  // one 512-bit flit per cycle
inline constexpr uint64_t kNocIssueCycles = 16;  // a RISC programming a command buffer
inline constexpr uint64_t kNocL1Latency = 120;   // request out and data back, core to core
// ---- DRAM ----
inline constexpr uint64_t kDramLatency = 680;  // request to data back, beyond crossing the NOC
inline constexpr double kDramBankBytesPerCycle = 512e9 / 8 / kClockHz;  // 47.4: a GDDR6 channel
// ---- host ----
// A launch's cost before its kernels start (host enqueue, dispatch, go
// signal), on the chip's clock before them.
inline constexpr uint64_t kDispatchCycles = 7560;  // 5.6 us
// Host transfers over PCIe: a command through the dispatch path (the fixed
// cost above) and the bytes at the host's write or read rate.
inline constexpr double kPcieWriteBytesPerSecond = 15e9;  // host -> device DRAM
inline constexpr double kPcieReadBytesPerSecond = 3.2e9;  // device DRAM -> host
inline uint64_t host_transfer_cycles(uint64_t bytes, bool to_device) {
  const double rate = to_device ? kPcieWriteBytesPerSecond : kPcieReadBytesPerSecond;
  return kDispatchCycles + static_cast<uint64_t>(static_cast<double>(bytes) / rate * kClockHz + 0.5);
}

// ---- compute, per 32 x 32 tile ----
inline constexpr uint64_t kMatmulCyclesPerPhase = 16;  // times the fidelity phases (1 LoFi .. 4 HiFi4)
inline constexpr uint64_t kEltwiseCycles = 8;          // add / sub; mul times the fidelity phases
inline constexpr uint64_t kReduceCyclesPerPhase = 4;
inline constexpr uint64_t kSfpuCycles = 128;           // any SFPU op: 32 rows of 32 lanes, ~4 instructions a row
// Each of the two unpackers (SrcA, SrcB) and the packer moves a bf16 tile in
// 16 cycles: what LoFi matmul needs to reach its published rate.
inline constexpr double kUnpackBytesPerCycle = 128;  // L1 -> SrcA / SrcB / DST, per unpacker
inline constexpr double kPackBytesPerCycle = 128;    // DST -> L1

// Bandwidths as cycles per byte in 16.16 fixed point: a transfer's cost is
// one integer multiply on the NOC calls' hot path.
using CyclesPerByte = uint64_t;
inline constexpr CyclesPerByte per_byte(double bytes_per_cycle) {
  return static_cast<CyclesPerByte>(65536.0 / bytes_per_cycle + 0.5);
}
inline uint64_t bytes_cycles(uint64_t bytes, CyclesPerByte cost) { return (bytes * cost + 32768) >> 16; }
inline uint64_t bytes_cycles(uint64_t bytes, double bytes_per_cycle) { return bytes_cycles(bytes, per_byte(bytes_per_cycle)); }

// One kernel instance's clock and its NOC transfers in flight.
struct Clock {
  uint64_t now = 0;
  uint64_t port_free[2] = {};    // when this RISC's injection into each NOC is free again
  uint64_t reads_done[2] = {};   // the latest landing of a read issued on each NOC
  uint64_t writes_done[2] = {};  // ... of a write (acknowledged)
};

inline constexpr CyclesPerByte kNocCost = per_byte(kNocBytesPerCycle);

// A transfer issued now on `noc`: the RISC pays the issue, the port is busy
// for bytes / bandwidth (`cost`: the NOC's, or a DRAM bank's share), and the
// data lands `latency` after crossing the NOC, not before the port is done:
// a core's share of a bank is a queue its latency overlaps. Returns when.
// `start`: when the bytes start out (what links and banks see).
inline uint64_t transfer(Clock& c, uint8_t noc, uint64_t bytes, CyclesPerByte cost, uint64_t latency, uint64_t& start) {
  noc &= 1;
  c.now += kNocIssueCycles;
  start = std::max(c.now, c.port_free[noc]);
  c.port_free[noc] = start + bytes_cycles(bytes, cost);
  return std::max(c.port_free[noc], start + bytes_cycles(bytes, kNocCost) + latency);
}
inline uint64_t transfer(Clock& c, uint8_t noc, uint64_t bytes, CyclesPerByte cost, uint64_t latency) {
  uint64_t start;
  return transfer(c, noc, bytes, cost, latency, start);
}
inline void barrier(Clock& c, const uint64_t (&done)[2], uint8_t noc) { c.now = std::max(c.now, done[noc & 1]); }

// Push and pop times of a CB's last pages, by cumulative page count mod 16:
// a waiter moves to the push of the page it needed (a reserve to the pop
// that freed its room). Older pages are long gone: no move. Not reset
// between runs: a run's counters start at 0, so every page 1..count a wait
// looks up was stamped in this run.
struct CbTimes {
  static constexpr uint32_t kDepth = 16;
  std::array<uint64_t, kDepth> push{};
  std::array<uint64_t, kDepth> pop{};
};
// Pages (from, to] of a counter went at `now`.
inline void stamp(std::array<uint64_t, CbTimes::kDepth>& ring, uint32_t from, uint32_t to, uint64_t now) {
  if (to - from > CbTimes::kDepth) from = to - CbTimes::kDepth;
  for (uint32_t p = from + 1; p - 1 != to; ++p) ring[p % CbTimes::kDepth] = now;
}
// The clock after waiting for the counter (now at `count`) to reach `needed`.
inline void sync_to(uint64_t& now, const std::array<uint64_t, CbTimes::kDepth>& ring, uint32_t count, uint32_t needed) {
  if (needed != 0 && count - needed < CbTimes::kDepth) now = std::max(now, ring[needed % CbTimes::kDepth]);
}

// When the latest NOC write into a core's L1 landed: an L1 word wait there
// moves its clock up to it. Written from any thread.
inline void note_landing(uint64_t& at, uint64_t landed) {
  std::atomic_ref<uint64_t> a(at);
  uint64_t seen = a.load(std::memory_order_relaxed);
  while (seen < landed && !a.compare_exchange_weak(seen, landed, std::memory_order_relaxed)) {
  }
}
inline uint64_t landed(uint64_t& at) { return std::atomic_ref<uint64_t>(at).load(std::memory_order_relaxed); }

inline double cycles_to_us(uint64_t cycles) { return static_cast<double>(cycles) / (kClockHz / 1e6); }

}  // namespace zyxtt::emu::timing
