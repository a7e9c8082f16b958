// One emulated Tensix core: its place, its L1, its circular buffers and its
// compute state. Only the emulator sees this; kernels reach it through the
// kernel ABI (kernel-api/zyxtt/krt_abi.h).
#pragma once

#include <array>
#include <cstdint>

#include "device/emu/cb_state.h"
#include "device/emu/compute_state.h"
#include "device/emu/timing/model.h"

namespace zyxtt::emu {

struct CoreState {
  uint32_t x = 0;  // logical column
  uint32_t y = 0;  // logical row (an ethernet core's: its channel)
  bool ethernet = false;  // an active ethernet core, logical (0, channel)
  uint32_t noc_x = 0;
  uint32_t noc_y = 0;
  uint8_t* l1 = nullptr;  // host pointer whose value fits in 32 bits
  uint32_t l1_bytes = 0;
  std::array<CbState, kMaxCbs> cbs{};
  // Bit i: cbs[i] is configured. Exit checks and the next run's reset visit
  // only these, not all 64 (cold) entries per kernel.
  uint64_t configured_cbs = 0;
  ComputeState compute;
  uint32_t semaphore_base = 0;  // L1 address of semaphore 0
  // Words in flight between the core's processors, by sender (krt::Role).
  struct Mailbox {
    static constexpr uint32_t kDepth = 16;
    std::array<uint32_t, kDepth> words{};
    uint32_t head = 0;
    uint32_t count = 0;
  };
  std::array<Mailbox, 3> mailboxes{};
  // Timing model: each CB's push / pop times, and when the latest NOC write
  // into this L1 landed (written by other cores: timing::note_landing).
  std::array<timing::CbTimes, kMaxCbs> cb_times{};
  uint64_t l1_landed = 0;
  // Its stream registers' words in StreamRegisters' shared pages (the L1
  // window shows them); nullptr for a virtual core past the chip's NOC grid.
  uint32_t* stream_words = nullptr;
};

}  // namespace zyxtt::emu
